-- The people generation: a number that moves on whenever something the chair's workspace
-- matches uploaded rows against changes (docs/data-model.md, "Stored matches"). A stored match
-- made at the current generation still holds; any other is worked out again. What matching
-- reads: users' addresses, confirmation, kind, DBLP pid and names; institutions' names, keys,
-- aliases, domains and status. One nextval per statement (not per row): a DBLP import's
-- batches insert thousands of people a statement.
CREATE SEQUENCE "people_match_generation";
--> statement-breakpoint
CREATE FUNCTION note_people_match_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('people_match_generation');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_people_match_change"
  AFTER INSERT OR DELETE OR UPDATE OF "kind", "first_name", "last_name", "other_name_1",
    "other_name_2", "email", "secondary_email", "dblp_pid", "is_email_confirmed"
  ON "users" FOR EACH STATEMENT EXECUTE FUNCTION note_people_match_change();
--> statement-breakpoint
CREATE TRIGGER "institutions_people_match_change"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "name_key", "alias_keys", "email_domains", "status"
  ON "institutions" FOR EACH STATEMENT EXECUTE FUNCTION note_people_match_change();
