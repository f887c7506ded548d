-- A post's "helpful" marks and its comments not hidden, kept on the post by triggers (as
-- users.friend_count, decision 0030), so every list of posts reads them with the post instead of
-- counting them for each post (decision 0043). Whoever changes the rows (the app, the demo seed,
-- a script), the counts follow.
ALTER TABLE "posts" ADD COLUMN "helpful_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_helpful_count() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE posts SET helpful_count = helpful_count - 1 WHERE id = OLD.post_id;
  ELSE
    UPDATE posts SET helpful_count = helpful_count + 1 WHERE id = NEW.post_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER post_helpful_count
  AFTER INSERT OR DELETE ON post_helpful
  FOR EACH ROW EXECUTE FUNCTION post_helpful_count();--> statement-breakpoint
CREATE OR REPLACE FUNCTION comments_count_shown() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.hidden_at IS NULL THEN
    UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
    UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER comments_count_shown
  AFTER INSERT OR DELETE OR UPDATE OF hidden_at, post_id ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_count_shown();--> statement-breakpoint
UPDATE posts p SET helpful_count = c.n
  FROM (SELECT post_id, count(*)::int AS n FROM post_helpful GROUP BY post_id) c
  WHERE p.id = c.post_id;--> statement-breakpoint
UPDATE posts p SET comment_count = c.n
  FROM (SELECT post_id, count(*)::int AS n FROM comments WHERE hidden_at IS NULL GROUP BY post_id) c
  WHERE p.id = c.post_id;
