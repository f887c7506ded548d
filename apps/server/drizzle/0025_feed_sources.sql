-- Every instance keeps, for members' feeds, the newest post ids of each source a feed reads (an
-- author, a group, the announcements) and each reader's sources (their connections, their groups),
-- decision 0052. Whatever changes one of these (the app, the demo seed, a script, another
-- instance) tells every instance once the change is committed: a source's change through NOTIFY
-- on the channel `attune_feed`, keys joined by commas (`a<author>`, `g<group>`, `n` for the
-- announcements) or `*` (forget everything) for an emptied table or more than 500 keys in one
-- statement; a reader's change on `attune_members`.
-- Only what moves a post in or out of a source is announced: a new post, or a post whose author,
-- group or announcement flag changed. A deleted or hidden post needs no message: who may read a
-- post is decided by the page's statement on every read.
CREATE OR REPLACE FUNCTION attune_notify_keys(channel text, keys text[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF cardinality(keys) = 0 THEN
    RETURN;
  ELSIF cardinality(keys) > 500 THEN
    PERFORM pg_notify(channel, '*');
  ELSE
    PERFORM pg_notify(channel, array_to_string(keys, ','));
  END IF;
END
$$;--> statement-breakpoint
-- The ids' rule (migration 0024) is now this one, so every channel keeps the same.
CREATE OR REPLACE FUNCTION attune_notify_ids(channel text, ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM attune_notify_keys(channel, ids::text[]);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_notify_sources() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM attune_notify_keys('attune_feed', ARRAY(
    SELECT 'a' || author_id FROM changed
    UNION SELECT 'g' || group_id FROM changed WHERE group_id IS NOT NULL
    UNION SELECT 'n' FROM changed WHERE announcement));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_notify_sources_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION posts_notify_sources();--> statement-breakpoint
-- Rare (a post moved to another group, or marked an announcement): one message per row, both its
-- old and its new sources.
CREATE OR REPLACE FUNCTION posts_notify_moved() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM attune_notify_keys('attune_feed', ARRAY(
    SELECT DISTINCT key FROM unnest(ARRAY[
      'a' || OLD.author_id, 'a' || NEW.author_id, 'g' || OLD.group_id, 'g' || NEW.group_id,
      CASE WHEN OLD.announcement OR NEW.announcement THEN 'n' END]) AS key
    WHERE key IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_notify_moved AFTER UPDATE OF author_id, group_id, announcement ON posts
  FOR EACH ROW
  WHEN (OLD.author_id IS DISTINCT FROM NEW.author_id OR OLD.group_id IS DISTINCT FROM NEW.group_id
    OR OLD.announcement IS DISTINCT FROM NEW.announcement)
  EXECUTE FUNCTION posts_notify_moved();--> statement-breakpoint
CREATE TRIGGER posts_notify_sources_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION attune_notify_all('attune_feed');--> statement-breakpoint
-- A reader's sources: their connections are already announced on `attune_members` (migration
-- 0006); their group memberships now are too, as a change to the member (a profile lists its
-- member's groups as well).
CREATE OR REPLACE FUNCTION group_members_notify_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM attune_members_changed(ARRAY(SELECT DISTINCT user_id FROM changed));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER group_members_notify_insert AFTER INSERT ON group_members
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION group_members_notify_changed();--> statement-breakpoint
CREATE TRIGGER group_members_notify_update AFTER UPDATE ON group_members
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION group_members_notify_changed();--> statement-breakpoint
CREATE TRIGGER group_members_notify_delete AFTER DELETE ON group_members
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION group_members_notify_changed();--> statement-breakpoint
CREATE TRIGGER group_members_notify_truncate AFTER TRUNCATE ON group_members
  FOR EACH STATEMENT EXECUTE FUNCTION attune_members_all_changed();
