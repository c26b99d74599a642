-- Custom SQL migration file, put your code below! --
-- A change to an account or to one of its access tokens is announced on the channel
-- recuse_changes ('user:<id>') when it commits, so that every server instance drops the signed-in
-- sessions it keeps in memory for that account (server/src/modules/auth/session-cache.ts).
-- Only accounts (kind 'registered') have sessions, so DBLP's people are left out.
CREATE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('recuse_changes', 'user:' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_access_token_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('recuse_changes', 'user:' || OLD.user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW WHEN (OLD.kind = 'registered') EXECUTE FUNCTION notify_account_change();
--> statement-breakpoint
CREATE TRIGGER tokens_announce_change AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON tokens
  FOR EACH ROW WHEN (OLD.kind = 'access' AND OLD.user_id IS NOT NULL)
  EXECUTE FUNCTION notify_access_token_change();
