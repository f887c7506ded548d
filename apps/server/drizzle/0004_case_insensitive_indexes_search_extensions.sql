-- Search (step 6) needs trigram similarity and accent folding on both engines; both extensions are
-- trusted (PostgreSQL 13+), so the database owner may create them. PGlite loads them at open
-- (db/client.ts). unaccent() is only STABLE, so indexes go through the IMMUTABLE f_unaccent.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- Display names become unique in any case. Rows from before may differ only in case: the earliest
-- member keeps the name, each later one gets its id appended ("anna" → "anna 17", then "anna 17-1"
-- … should that be taken too) and an empty skeleton, which start-up fills again
-- (ensureNicknameSkeletons). Nothing is deleted; the index below can then be built.
DO $$
DECLARE
  dup record;
  candidate text;
  attempt integer;
BEGIN
  FOR dup IN
    SELECT id, nickname FROM (
      SELECT id, nickname, row_number() OVER (PARTITION BY lower(nickname) ORDER BY id) AS position
      FROM users WHERE nickname <> ''
    ) ranked
    WHERE position > 1
    ORDER BY id
  LOOP
    attempt := 0;
    LOOP
      candidate := dup.nickname || ' ' || dup.id || CASE WHEN attempt > 0 THEN '-' || attempt ELSE '' END;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM users WHERE lower(nickname) = lower(candidate));
      attempt := attempt + 1;
    END LOOP;
    UPDATE users SET nickname = candidate, nickname_skeleton = NULL, updated_at = now() WHERE id = dup.id;
    RAISE NOTICE 'users.nickname of member % renamed to % (same name in another case as an earlier member)', dup.id, candidate;
  END LOOP;
END $$;--> statement-breakpoint
DROP INDEX "users_nickname_idx";--> statement-breakpoint
CREATE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_nickname_lower_key" ON "users" USING btree (lower("nickname")) WHERE "users"."nickname" <> '';--> statement-breakpoint
CREATE INDEX "friendships_requester_idx" ON "friendships" USING btree ("requester_id");