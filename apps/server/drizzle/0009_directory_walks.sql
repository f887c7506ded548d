-- Member directory first reads (step 6, decision 0034). Written by hand (a custom migration), like
-- 0008: drizzle-kit cannot express generated expressions over f_unaccent, INCLUDE columns or
-- triggers. Every statement runs on PGlite and PostgreSQL alike.
--
-- Name search in name order: the folded text a search compares, kept on the row (NULL for a member
-- with neither first nor last name, whom a name search leaves out, spec §5), so that a page walks
-- the display-name order reading only the index below instead of folding every member it passes.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (
  CASE WHEN "first_name" <> '' OR "last_name" <> ''
    THEN f_unaccent(lower("nickname" || ' ' || "first_name" || ' ' || "last_name")) END
) STORED;--> statement-breakpoint
-- The listed members in display-name order with what a page tests (id, display name, search text):
-- a list or search page reads the index alone until the page is full.
CREATE INDEX IF NOT EXISTS "users_directory_walk_idx" ON "users"
  USING btree (lower("nickname")) INCLUDE ("nickname", "id", "search_text")
  WHERE "nickname" <> '';--> statement-breakpoint
-- Filters in name order: each profile value carries its owner's sort key (lower-cased display
-- name; NULL without one, never listed), so a page filtered on a single-choice field walks that
-- field's value in name order.
ALTER TABLE "profile_values" ADD COLUMN IF NOT EXISTS "sort_key" text;--> statement-breakpoint
UPDATE "profile_values" pv SET "sort_key" = lower(u."nickname")
  FROM "users" u WHERE u."id" = pv."user_id" AND u."nickname" <> '';--> statement-breakpoint
CREATE OR REPLACE FUNCTION profile_values_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sort_key := (SELECT lower(u.nickname) FROM users u WHERE u.id = NEW.user_id AND u.nickname <> '');
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "profile_values_sort_key" ON "profile_values";--> statement-breakpoint
CREATE TRIGGER "profile_values_sort_key" BEFORE INSERT OR UPDATE OF "user_id" ON "profile_values"
  FOR EACH ROW EXECUTE FUNCTION profile_values_sort_key();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_nickname_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profile_values SET sort_key = nullif(lower(NEW.nickname), '') WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_nickname_sort_keys" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_nickname_sort_keys" AFTER UPDATE OF "nickname" ON "users"
  FOR EACH ROW WHEN (OLD."nickname" IS DISTINCT FROM NEW."nickname")
  EXECUTE FUNCTION users_nickname_sort_keys();--> statement-breakpoint
-- A field's members with one value in name order, with the visibility each chose (a filter reads
-- only the values open to the viewer): replaces 0008's (field_id, value, visibility, user_id),
-- which answered the same sets in id order.
DROP INDEX IF EXISTS "profile_values_field_value_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profile_values_field_value_idx" ON "profile_values"
  USING btree ("field_id", "value", "sort_key") INCLUDE ("visibility", "user_id");
