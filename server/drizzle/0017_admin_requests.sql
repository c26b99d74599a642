ALTER TABLE "contact_messages" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "closed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "relation_comments" ADD COLUMN "answers_comment_id" integer;--> statement-breakpoint
ALTER TABLE "relation_comments" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "relation_comments" ADD COLUMN "closed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation_comments" ADD CONSTRAINT "relation_comments_answers_comment_id_relation_comments_id_fk" FOREIGN KEY ("answers_comment_id") REFERENCES "public"."relation_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation_comments" ADD CONSTRAINT "relation_comments_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_index" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "relation_comments_to_admin_index" ON "relation_comments" USING btree ("created_at") WHERE "relation_comments"."is_to_admin" and "relation_comments"."answers_comment_id" is null;