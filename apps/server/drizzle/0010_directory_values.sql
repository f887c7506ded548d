-- Member directory rows (decision 0034): each member's non-empty profile values, as the directory
-- reads them ([field id, value, visibility] in field-id order), kept on the member's row, so a page
-- of 21 members reads 21 rows instead of aggregating ~170 values. Which of them a viewer sees is
-- still decided per read (users policy). Written by hand: drizzle-kit cannot express the triggers.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "directory_values" json NOT NULL DEFAULT '[]'::json;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_refresh_directory_values(ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
  UPDATE users u SET directory_values = coalesce((
      SELECT json_agg(json_build_array(pv.field_id, pv.value, pv.visibility) ORDER BY pv.field_id)
      FROM profile_values pv WHERE pv.user_id = u.id AND pv.value <> ''), '[]'::json)
  WHERE u.id = ANY(ids);
$$;--> statement-breakpoint
-- Transition tables as in 0006: `changed` (after an insert or update, before a delete) and, for an
-- update, `changed_before`.
CREATE OR REPLACE FUNCTION profile_values_refresh_directory() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM users_refresh_directory_values(ARRAY(
      SELECT user_id FROM changed UNION SELECT user_id FROM changed_before));
  ELSE
    PERFORM users_refresh_directory_values(ARRAY(SELECT DISTINCT user_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "profile_values_refresh_directory_insert" ON "profile_values";--> statement-breakpoint
CREATE TRIGGER "profile_values_refresh_directory_insert" AFTER INSERT ON "profile_values"
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION profile_values_refresh_directory();--> statement-breakpoint
DROP TRIGGER IF EXISTS "profile_values_refresh_directory_update" ON "profile_values";--> statement-breakpoint
CREATE TRIGGER "profile_values_refresh_directory_update" AFTER UPDATE ON "profile_values"
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION profile_values_refresh_directory();--> statement-breakpoint
DROP TRIGGER IF EXISTS "profile_values_refresh_directory_delete" ON "profile_values";--> statement-breakpoint
CREATE TRIGGER "profile_values_refresh_directory_delete" AFTER DELETE ON "profile_values"
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION profile_values_refresh_directory();--> statement-breakpoint
CREATE OR REPLACE FUNCTION profile_values_reset_directory() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE users SET directory_values = '[]'::json WHERE directory_values::text <> '[]';
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "profile_values_reset_directory_truncate" ON "profile_values";--> statement-breakpoint
CREATE TRIGGER "profile_values_reset_directory_truncate" AFTER TRUNCATE ON "profile_values"
  FOR EACH STATEMENT EXECUTE FUNCTION profile_values_reset_directory();--> statement-breakpoint
-- Every member's values in one pass: for the values already stored, and for seed:large after its
-- load (triggers off).
CREATE OR REPLACE FUNCTION users_refresh_all_directory_values() RETURNS void
  LANGUAGE sql
  AS $$
  UPDATE users u SET directory_values = v.values
    FROM (SELECT pv.user_id,
            json_agg(json_build_array(pv.field_id, pv.value, pv.visibility) ORDER BY pv.field_id) AS values
          FROM profile_values pv WHERE pv.value <> '' GROUP BY pv.user_id) v
    WHERE v.user_id = u.id;
$$;--> statement-breakpoint
SELECT users_refresh_all_directory_values();
