CREATE TABLE "conflict_audit_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"number" integer NOT NULL,
	"result" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conflict_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"paper" integer NOT NULL,
	"member_email" text NOT NULL,
	"decision" text NOT NULL,
	"conflict_type" text,
	"reason" text NOT NULL,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotcrp_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"line" integer NOT NULL,
	"paper" integer NOT NULL,
	"email" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matrix_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"number" integer NOT NULL,
	"cause" text NOT NULL,
	"pairs" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conflict_audit_runs" ADD CONSTRAINT "conflict_audit_runs_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_audit_runs" ADD CONSTRAINT "conflict_audit_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_decisions" ADD CONSTRAINT "conflict_decisions_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflict_decisions" ADD CONSTRAINT "conflict_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotcrp_assignments" ADD CONSTRAINT "hotcrp_assignments_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrix_versions" ADD CONSTRAINT "matrix_versions_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matrix_versions" ADD CONSTRAINT "matrix_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conflict_audit_runs_number_unique" ON "conflict_audit_runs" USING btree ("conference_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "conflict_decisions_pair_unique" ON "conflict_decisions" USING btree ("conference_id","paper","member_email");--> statement-breakpoint
CREATE INDEX "hotcrp_assignments_conference_index" ON "hotcrp_assignments" USING btree ("conference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matrix_versions_number_unique" ON "matrix_versions" USING btree ("conference_id","number");