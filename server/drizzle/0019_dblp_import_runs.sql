CREATE TABLE "dblp_import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer,
	"source_path" text NOT NULL,
	"source_size" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"phase" text DEFAULT 'records' NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"records_read" integer DEFAULT 0 NOT NULL,
	"phase_done" integer DEFAULT 0 NOT NULL,
	"phase_total" integer DEFAULT 0 NOT NULL,
	"publications" integer DEFAULT 0 NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	"redirects" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"warnings" integer DEFAULT 0 NOT NULL,
	"authors_resolved" integer DEFAULT 0 NOT NULL,
	"relations_created" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dblp_import_runs" ADD CONSTRAINT "dblp_import_runs_import_id_dblp_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."dblp_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dblp_import_runs_started_at_index" ON "dblp_import_runs" USING btree ("started_at");