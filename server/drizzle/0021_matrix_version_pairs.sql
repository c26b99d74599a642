CREATE TABLE "matrix_version_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"paper" integer NOT NULL,
	"member_email" text NOT NULL,
	"action" text NOT NULL,
	"conflict" text,
	"is_provisional" boolean NOT NULL,
	"is_pinned" boolean NOT NULL,
	"from_version" integer NOT NULL,
	"until_version" integer
);
--> statement-breakpoint
ALTER TABLE "matrix_versions" ALTER COLUMN "pairs" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "matrix_versions" ADD COLUMN "pair_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matrix_version_pairs" ADD CONSTRAINT "matrix_version_pairs_conference_id_conferences_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matrix_version_pairs_from_index" ON "matrix_version_pairs" USING btree ("conference_id","from_version");--> statement-breakpoint
CREATE INDEX "matrix_version_pairs_until_index" ON "matrix_version_pairs" USING btree ("conference_id","until_version");--> statement-breakpoint
CREATE INDEX "matrix_version_pairs_open_index" ON "matrix_version_pairs" USING btree ("conference_id","member_email") WHERE "matrix_version_pairs"."until_version" is null;