-- Every instance keeps the cards of recently listed posts in memory: what every reader sees of a
-- post, its author and its group (decision 0051). Whatever changes a card (the post row, with its
-- counts kept by triggers; its group's slug, name or status: the app, the demo seed, a script,
-- another instance) tells every instance through NOTIFY on the channel `attune_posts`, delivered
-- once the change is committed: the changed post ids joined by commas, or `*` (forget every card)
-- for a group's change, an emptied table or more than 500 posts in one statement. Changes to an
-- author are already announced on `attune_members` (migration 0006). A new post needs no message:
-- nobody can have kept its card.
-- The rule of migration 0006 (ids joined by commas, `*` past 500) for any channel; members' own
-- function now calls it, so both channels keep the same rule.
CREATE OR REPLACE FUNCTION attune_notify_ids(channel text, ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  ELSIF cardinality(ids) > 500 THEN
    PERFORM pg_notify(channel, '*');
  ELSE
    PERFORM pg_notify(channel, array_to_string(ids, ','));
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION attune_members_changed(ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM attune_notify_ids('attune_members', ids);
END
$$;--> statement-breakpoint
-- `*` on the channel named by the trigger's argument.
CREATE OR REPLACE FUNCTION attune_notify_all() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_notify_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM attune_notify_ids('attune_posts', ARRAY(SELECT id FROM changed));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER posts_notify_update AFTER UPDATE ON posts
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION posts_notify_changed();--> statement-breakpoint
CREATE TRIGGER posts_notify_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION posts_notify_changed();--> statement-breakpoint
CREATE TRIGGER posts_notify_truncate AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION attune_notify_all('attune_posts');--> statement-breakpoint
-- Only what a card shows of its group: the member count, kept on every join, sends nothing.
CREATE TRIGGER groups_notify_update AFTER UPDATE OF slug, name, status ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION attune_notify_all('attune_posts');--> statement-breakpoint
CREATE TRIGGER groups_notify_delete AFTER DELETE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION attune_notify_all('attune_posts');
