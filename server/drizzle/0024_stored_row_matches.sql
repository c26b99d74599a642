ALTER TABLE "committee_members" ADD COLUMN "matched_user_id" integer;--> statement-breakpoint
ALTER TABLE "committee_members" ADD COLUMN "matched_by" text;--> statement-breakpoint
ALTER TABLE "committee_members" ADD COLUMN "candidate_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "committee_members" ADD COLUMN "placed_institutions" jsonb;--> statement-breakpoint
ALTER TABLE "conference_workspaces" ADD COLUMN "committee_match_generation" bigint;--> statement-breakpoint
ALTER TABLE "conference_workspaces" ADD COLUMN "submissions_match_generation" bigint;--> statement-breakpoint
ALTER TABLE "submission_authors" ADD COLUMN "matched_user_id" integer;--> statement-breakpoint
ALTER TABLE "submission_authors" ADD COLUMN "matched_by" text;--> statement-breakpoint
ALTER TABLE "submission_authors" ADD COLUMN "candidate_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_authors" ADD COLUMN "placed_institutions" jsonb;