-- The person pickers match the start of either address (searchPeople in
-- server/src/modules/relations/relations-read.repo.ts): C-collation prefix scans, as for names.
CREATE INDEX "users_search_email_index" ON "users" USING btree ((lower("email") collate "C")) WHERE "users"."email" is not null;--> statement-breakpoint
CREATE INDEX "users_search_secondary_email_index" ON "users" USING btree ((lower("secondary_email") collate "C")) WHERE "users"."secondary_email" is not null;