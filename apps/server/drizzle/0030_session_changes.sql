-- Every instance keeps live sessions, with their member's roles, in memory for a few seconds
-- (decisions 0030, 0066). Whatever changes what authenticating a session decides, whoever makes
-- it (the app, a script, another instance), tells every instance through NOTIFY on the channel
-- `attune_sessions`, delivered once the change is committed: the member ids concerned, by
-- migration 0024's rule (joined by commas, `*` past 500 or for an emptied table). That is: a
-- session ended or its expiry moved, a live session deleted, a member's roles or suspension
-- changed, a member deleted. A new session needs no message (nobody can have kept it), and using
-- one (`last_used_at`) sends none.
CREATE OR REPLACE FUNCTION sessions_notify_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM attune_notify_ids('attune_sessions', ARRAY(
      SELECT DISTINCT member.id
      FROM changed_before b JOIN changed a ON a.id = b.id,
        LATERAL unnest(ARRAY[b.user_id, a.user_id]) AS member(id)
      WHERE (b.revoked_at, b.expires_at, b.user_id)
        IS DISTINCT FROM (a.revoked_at, a.expires_at, a.user_id)));
  ELSE
    -- Only a session that was live can have been kept.
    PERFORM attune_notify_ids('attune_sessions', ARRAY(
      SELECT DISTINCT user_id FROM changed WHERE revoked_at IS NULL AND expires_at > now()));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_notify_sessions_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM attune_notify_ids('attune_sessions', ARRAY(
      SELECT a.id FROM changed_before b JOIN changed a ON a.id = b.id
      WHERE (b.roles, b.suspended_at) IS DISTINCT FROM (a.roles, a.suspended_at)));
  ELSE
    PERFORM attune_notify_ids('attune_sessions', ARRAY(SELECT id FROM changed));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify_changed();--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify_changed();--> statement-breakpoint
CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION attune_notify_all('attune_sessions');--> statement-breakpoint
CREATE TRIGGER users_sessions_notify_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION users_notify_sessions_changed();--> statement-breakpoint
CREATE TRIGGER users_sessions_notify_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION users_notify_sessions_changed();--> statement-breakpoint
CREATE TRIGGER users_sessions_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION attune_notify_all('attune_sessions');
