CREATE TABLE "conference_chairs" (
	"conference_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "conference_chairs_conference_id_user_id_pk" PRIMARY KEY("conference_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conference_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"value" text NOT NULL,
	"title" text NOT NULL,
	"relation_type_id" integer NOT NULL,
	"checked_date" text NOT NULL,
	"is_readonly" boolean DEFAULT false NOT NULL,
	"operation" text NOT NULL,
	"number_of_years" smallint,
	"number_of_months" smallint,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"reference_date" date,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"next_allowed_at" timestamp with time zone NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dblp_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_path" text NOT NULL,
	"source_size" bigint NOT NULL,
	"source_mtime" timestamp with time zone NOT NULL,
	"phase" text DEFAULT 'records' NOT NULL,
	"records_done" integer DEFAULT 0 NOT NULL,
	"people_done" integer DEFAULT 0 NOT NULL,
	"relations_done" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dblp_names" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"is_primary" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dblp_people" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"affiliation_notes" text[] DEFAULT '{}' NOT NULL,
	"crawled_at" timestamp with time zone,
	"crawl_due_at" timestamp with time zone,
	"last_crawl_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conference_chairs" ADD CONSTRAINT "conference_chairs_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_chairs" ADD CONSTRAINT "conference_chairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_rules" ADD CONSTRAINT "conference_rules_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dblp_names" ADD CONSTRAINT "dblp_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dblp_people" ADD CONSTRAINT "dblp_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conference_chairs_user_id_index" ON "conference_chairs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conference_rules_value_unique" ON "conference_rules" USING btree ("conference_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "conferences_name_unique" ON "conferences" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "dblp_imports_source_unique" ON "dblp_imports" USING btree ("source_path","source_size","source_mtime");--> statement-breakpoint
CREATE INDEX "dblp_names_user_id_index" ON "dblp_names" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dblp_people_crawl_due_at_index" ON "dblp_people" USING btree ("crawl_due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "relations_dblp_publication_unique" ON "relations" USING btree ("publication_id") WHERE "relations"."is_dblp_imported";