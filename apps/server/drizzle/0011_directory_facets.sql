-- Member directory filters in the walk's own index (decision 0036). Each member's values that a
-- filter can match, as "facets", on the member's row and in users_directory_walk_idx, so a
-- filtered page walks the display-name order reading that index alone, testing each member it
-- passes in the index instead of probing profile_values once per filter. Written by hand, like
-- 0009 and 0010 (drizzle-kit cannot express the functions, triggers or INCLUDE columns).
--
-- A facet is audience || field id || kind || value:
--   audience: 'm' when every signed-in member may see the value, 's' when only staff may (the
--     visibility the owner chose, or the field's default when unset: users/policy.ts maySeeField);
--     a value only the owner or their connections may see has no facet (the directory finds those
--     of the viewer's connections by profile_values, as before);
--   kind: '=' and the whole value for a single-choice field (selectbox), '~' and each item for a
--     list field (multiselect, comma-joined). The id ends at the first non-digit, so no facet of one
--     field can read as another's.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "directory_facets" text[] NOT NULL DEFAULT '{}';--> statement-breakpoint
-- The facets of one stored value (the one place that writes the rule above).
CREATE OR REPLACE FUNCTION profile_value_facets(field_id integer, value text, visibility text,
    field_type text, default_visibility text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT a.audience || field_id || '=' || value
  FROM (SELECT CASE coalesce(visibility, default_visibility)
                 WHEN 'members' THEN 'm' WHEN 'staff' THEN 's' END AS audience) a
  WHERE a.audience IS NOT NULL AND value <> '' AND field_type = 'selectbox'
  UNION ALL
  SELECT a.audience || field_id || '~' || item
  FROM (SELECT CASE coalesce(visibility, default_visibility)
                 WHEN 'members' THEN 'm' WHEN 'staff' THEN 's' END AS audience) a,
    unnest(string_to_array(value, ',')) AS item
  WHERE a.audience IS NOT NULL AND item <> '' AND field_type = 'multiselect';
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_directory_facets(owner integer) RETURNS text[]
  LANGUAGE sql STABLE
  AS $$
  SELECT coalesce(array_agg(DISTINCT f ORDER BY f), '{}')
  FROM profile_values pv
  JOIN profile_fields pf ON pf.id = pv.field_id,
  LATERAL profile_value_facets(pv.field_id, pv.value, pv.visibility, pf.type, pf.default_visibility) f
  WHERE pv.user_id = owner;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_refresh_directory_values(ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
  UPDATE users u SET
    directory_values = coalesce((
      SELECT json_agg(json_build_array(pv.field_id, pv.value, pv.visibility) ORDER BY pv.field_id)
      FROM profile_values pv WHERE pv.user_id = u.id AND pv.value <> ''), '[]'::json),
    directory_facets = users_directory_facets(u.id)
  WHERE u.id = ANY(ids);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION profile_values_reset_directory() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE users SET directory_values = '[]'::json, directory_facets = '{}'
    WHERE directory_values::text <> '[]' OR directory_facets <> '{}';
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every member's values and facets in one pass: for the values already stored, for seed:large
-- after its load (triggers off), and when a field's type or default visibility changes.
CREATE OR REPLACE FUNCTION users_refresh_all_directory_values() RETURNS void
  LANGUAGE sql
  AS $$
  UPDATE users u SET directory_values = v.values, directory_facets = coalesce(f.facets, '{}')
    FROM (SELECT pv.user_id,
            json_agg(json_build_array(pv.field_id, pv.value, pv.visibility) ORDER BY pv.field_id) AS values
          FROM profile_values pv WHERE pv.value <> '' GROUP BY pv.user_id) v
    LEFT JOIN (SELECT pv.user_id, array_agg(DISTINCT facet ORDER BY facet) AS facets
          FROM profile_values pv
          JOIN profile_fields pf ON pf.id = pv.field_id,
          LATERAL profile_value_facets(pv.field_id, pv.value, pv.visibility, pf.type,
            pf.default_visibility) facet
          GROUP BY pv.user_id) f ON f.user_id = v.user_id
    WHERE v.user_id = u.id;
$$;--> statement-breakpoint
-- Only when a type or default visibility really changed: start-up writes the catalogue again
-- (users/service.ts ensureProfileFields), which must not rewrite every member.
CREATE OR REPLACE FUNCTION profile_fields_refresh_directory() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed n JOIN changed_before o ON o.id = n.id
             WHERE o.type IS DISTINCT FROM n.type
                OR o.default_visibility IS DISTINCT FROM n.default_visibility) THEN
    PERFORM users_refresh_all_directory_values();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "profile_fields_refresh_directory" ON "profile_fields";--> statement-breakpoint
CREATE TRIGGER "profile_fields_refresh_directory" AFTER UPDATE ON "profile_fields"
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION profile_fields_refresh_directory();--> statement-breakpoint
-- The walk's index now carries the facets too.
DROP INDEX IF EXISTS "users_directory_walk_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_directory_walk_idx" ON "users"
  USING btree (lower("nickname")) INCLUDE ("nickname", "id", "search_text", "directory_facets")
  WHERE "nickname" <> '';--> statement-breakpoint
SELECT users_refresh_all_directory_values();
--> statement-breakpoint
-- The profile values' sort key (0009) led the walks this migration replaces: nothing reads it now,
-- and renaming a member no longer rewrites their values. A filter's set (a filter few members
-- match) is still read from the value index.
DROP TRIGGER IF EXISTS "users_nickname_sort_keys" ON "users";--> statement-breakpoint
DROP FUNCTION IF EXISTS users_nickname_sort_keys();--> statement-breakpoint
DROP TRIGGER IF EXISTS "profile_values_sort_key" ON "profile_values";--> statement-breakpoint
DROP FUNCTION IF EXISTS profile_values_sort_key();--> statement-breakpoint
DROP INDEX IF EXISTS "profile_values_field_value_idx";--> statement-breakpoint
ALTER TABLE "profile_values" DROP COLUMN IF EXISTS "sort_key";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profile_values_field_value_idx" ON "profile_values"
  USING btree ("field_id", "value") INCLUDE ("visibility", "user_id");
