CREATE TABLE "people_match_changes" (
	"generation" bigint PRIMARY KEY NOT NULL,
	"user_ids" integer[]
);
--> statement-breakpoint
-- Which people each step of the people generation changed (docs/data-model.md, "Stored
-- matches"), so that stored matches are worked out again only for the rows those people can
-- touch: after a change to one person, a late member's call matched 20,000 author lines again.
-- A step that may have changed anything (an institution; more than 1,000 people at once, as a
-- DBLP import's batches) is written with no people (NULL), and the steps before it go: whoever
-- stored matches before that step works everything out again anyway.
CREATE OR REPLACE FUNCTION note_people_match_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  step bigint := nextval('people_match_generation');
BEGIN
  INSERT INTO people_match_changes (generation, user_ids) VALUES (step, NULL);
  DELETE FROM people_match_changes WHERE generation < step;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The users a statement inserted (`added`), deleted (`removed`), or changed what matching reads
-- of (both: an update that leaves those columns as they were is no step at all).
CREATE FUNCTION note_people_match_change_of_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  step bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id) INTO ids FROM (SELECT id FROM added LIMIT 1001) s;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id) INTO ids FROM (SELECT id FROM removed LIMIT 1001) s;
  ELSE
    SELECT array_agg(id) INTO ids FROM (
      SELECT n.id FROM added n JOIN removed o ON o.id = n.id
       WHERE (o.kind, o.first_name, o.last_name, o.other_name_1, o.other_name_2, o.email,
              o.secondary_email, o.dblp_pid, o.is_email_confirmed)
             IS DISTINCT FROM
             (n.kind, n.first_name, n.last_name, n.other_name_1, n.other_name_2, n.email,
              n.secondary_email, n.dblp_pid, n.is_email_confirmed)
       LIMIT 1001) s;
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
  END IF;
  step := nextval('people_match_generation');
  IF cardinality(ids) > 1000 THEN
    INSERT INTO people_match_changes (generation, user_ids) VALUES (step, NULL);
    DELETE FROM people_match_changes WHERE generation < step;
  ELSE
    INSERT INTO people_match_changes (generation, user_ids) VALUES (step, coalesce(ids, '{}'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "users_people_match_change" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_people_match_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION note_people_match_change_of_users();
--> statement-breakpoint
CREATE TRIGGER "users_people_match_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION note_people_match_change_of_users();
--> statement-breakpoint
-- No column list: PostgreSQL allows none with transition tables; the function compares them.
CREATE TRIGGER "users_people_match_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION note_people_match_change_of_users();
