ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_secondary_email" text;--> statement-breakpoint
CREATE INDEX "users_pending_email_index" ON "users" USING btree (lower("pending_email")) WHERE "users"."pending_email" is not null;