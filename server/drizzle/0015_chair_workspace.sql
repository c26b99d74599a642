CREATE TABLE "committee_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"line" integer NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"affiliation" text DEFAULT '' NOT NULL,
	"orcid" text,
	"dblp_pid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conference_workspaces" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"counts_submission_coauthors" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"line" integer NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"affiliation" text DEFAULT '' NOT NULL,
	"orcid" text,
	"dblp_pid" text,
	"is_author" boolean DEFAULT true NOT NULL,
	"is_contact" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"paper" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_workspaces" ADD CONSTRAINT "conference_workspaces_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_authors" ADD CONSTRAINT "submission_authors_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "committee_members_email_unique" ON "committee_members" USING btree ("conference_id",lower("email"));--> statement-breakpoint
CREATE INDEX "submission_authors_submission_id_index" ON "submission_authors" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_paper_unique" ON "submissions" USING btree ("conference_id","paper");--> statement-breakpoint
CREATE INDEX "institutions_email_domains_index" ON "institutions" USING gin ("email_domains");