-- Custom SQL migration file, put your code below! --
-- A change to the conferences or their rules is announced on the channel recuse_changes
-- ('conferences') when it commits, so that every server instance drops the conferences and
-- rules it keeps in memory for conflict lists (server/src/modules/conferences/rules-cache.ts).
-- Once per statement, not per row: any change drops every copy, and PostgreSQL sends the same
-- notification once per transaction however many statements raise it.
CREATE FUNCTION notify_conferences_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('recuse_changes', 'conferences');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER conferences_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON conferences FOR EACH STATEMENT EXECUTE FUNCTION notify_conferences_change();
--> statement-breakpoint
CREATE TRIGGER conference_rules_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON conference_rules FOR EACH STATEMENT EXECUTE FUNCTION notify_conferences_change();
