-- Every instance keeps recently read profiles in memory (decision 0031). Whatever changes what a
-- profile shows (its member row, profile values, connections: the app, the demo seed, a script,
-- another instance) tells every instance which members changed, through NOTIFY on the channel
-- `attune_members`: delivered only once the change is committed, to every instance listening on
-- the same database. One notification per statement, not per row: the changed member ids joined
-- by commas, or `*` (forget everything) when a statement changed more than 500 members or emptied
-- a table, so a bulk load sends one message.
CREATE OR REPLACE FUNCTION attune_members_changed(ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  ELSIF cardinality(ids) > 500 THEN
    PERFORM pg_notify('attune_members', '*');
  ELSE
    PERFORM pg_notify('attune_members', array_to_string(ids, ','));
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION attune_members_all_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('attune_members', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The transition table is `changed` (the rows after an insert or update, before a delete); an
-- update also names the rows before it `changed_before`, so a row moved to another member tells
-- both. PL/pgSQL resolves the names when a statement runs, so one function serves all three.
CREATE OR REPLACE FUNCTION users_notify_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM attune_members_changed(ARRAY(SELECT id FROM changed));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION profile_values_notify_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM attune_members_changed(ARRAY(
      SELECT user_id FROM changed UNION SELECT user_id FROM changed_before));
  ELSE
    PERFORM attune_members_changed(ARRAY(SELECT DISTINCT user_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION friendships_notify_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM attune_members_changed(ARRAY(
      SELECT requester_id FROM changed UNION SELECT addressee_id FROM changed
      UNION SELECT requester_id FROM changed_before UNION SELECT addressee_id FROM changed_before));
  ELSE
    PERFORM attune_members_changed(ARRAY(
      SELECT requester_id FROM changed UNION SELECT addressee_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A new member row needs no message: nobody can have kept a profile that did not exist.
CREATE TRIGGER users_notify_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION users_notify_changed();--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION users_notify_changed();--> statement-breakpoint
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION attune_members_all_changed();--> statement-breakpoint
CREATE TRIGGER profile_values_notify_insert AFTER INSERT ON profile_values
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION profile_values_notify_changed();--> statement-breakpoint
CREATE TRIGGER profile_values_notify_update AFTER UPDATE ON profile_values
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION profile_values_notify_changed();--> statement-breakpoint
CREATE TRIGGER profile_values_notify_delete AFTER DELETE ON profile_values
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION profile_values_notify_changed();--> statement-breakpoint
CREATE TRIGGER profile_values_notify_truncate AFTER TRUNCATE ON profile_values
  FOR EACH STATEMENT EXECUTE FUNCTION attune_members_all_changed();--> statement-breakpoint
CREATE TRIGGER friendships_notify_insert AFTER INSERT ON friendships
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION friendships_notify_changed();--> statement-breakpoint
CREATE TRIGGER friendships_notify_update AFTER UPDATE ON friendships
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION friendships_notify_changed();--> statement-breakpoint
CREATE TRIGGER friendships_notify_delete AFTER DELETE ON friendships
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION friendships_notify_changed();--> statement-breakpoint
CREATE TRIGGER friendships_notify_truncate AFTER TRUNCATE ON friendships
  FOR EACH STATEMENT EXECUTE FUNCTION attune_members_all_changed();
