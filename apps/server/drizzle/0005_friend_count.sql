-- Profiles show a member's number of accepted connections on every read; counting them each time
-- was a fifth of the profile query's cost (decision 0030). The count is kept on the member's row
-- by a trigger, so every change to friendships keeps it right, whoever makes it (the app, the demo
-- seed, a script), and a deleted member's connections leave the other member's count too.
ALTER TABLE "users" ADD COLUMN "friend_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION friendships_count_accepted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'accepted' THEN
    UPDATE users SET friend_count = friend_count - 1
      WHERE id IN (OLD.requester_id, OLD.addressee_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'accepted' THEN
    UPDATE users SET friend_count = friend_count + 1
      WHERE id IN (NEW.requester_id, NEW.addressee_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER friendships_count_accepted
  AFTER INSERT OR DELETE OR UPDATE OF status, requester_id, addressee_id ON friendships
  FOR EACH ROW EXECUTE FUNCTION friendships_count_accepted();--> statement-breakpoint
UPDATE users u SET friend_count = (
  SELECT count(*) FROM friendships f
  WHERE f.status = 'accepted' AND (f.requester_id = u.id OR f.addressee_id = u.id)
);
