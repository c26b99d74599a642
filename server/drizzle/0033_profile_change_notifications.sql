-- Custom SQL migration file, put your code below! --
-- A change to a user's notifications, affiliations or conference chairs is announced on the
-- channel recuse_changes ('profile:<id>') when it commits, so that every server instance drops
-- the dashboard summary it keeps in memory for that user
-- (server/src/modules/profile/profile-summary-cache.ts). A row moved from one user to another
-- (accounts merged) is announced for both. A TRUNCATE names no user: its payload names no
-- scope, and that drops every copy of every kind (server/src/db/change-feed.ts).
CREATE FUNCTION notify_profile_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('recuse_changes', 'profile:' || OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id) THEN
    PERFORM pg_notify('recuse_changes', 'profile:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_profiles_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('recuse_changes', 'profile:all');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce_profile_change AFTER INSERT OR UPDATE OR DELETE
  ON notifications FOR EACH ROW EXECUTE FUNCTION notify_profile_change();
--> statement-breakpoint
CREATE TRIGGER affiliations_announce_profile_change AFTER INSERT OR UPDATE OR DELETE
  ON affiliations FOR EACH ROW EXECUTE FUNCTION notify_profile_change();
--> statement-breakpoint
CREATE TRIGGER conference_chairs_announce_profile_change AFTER INSERT OR UPDATE OR DELETE
  ON conference_chairs FOR EACH ROW EXECUTE FUNCTION notify_profile_change();
--> statement-breakpoint
CREATE TRIGGER notifications_announce_truncate AFTER TRUNCATE
  ON notifications FOR EACH STATEMENT EXECUTE FUNCTION notify_profiles_truncated();
--> statement-breakpoint
CREATE TRIGGER affiliations_announce_truncate AFTER TRUNCATE
  ON affiliations FOR EACH STATEMENT EXECUTE FUNCTION notify_profiles_truncated();
--> statement-breakpoint
CREATE TRIGGER conference_chairs_announce_truncate AFTER TRUNCATE
  ON conference_chairs FOR EACH STATEMENT EXECUTE FUNCTION notify_profiles_truncated();
