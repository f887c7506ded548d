-- Member directory, search and suggestions (step 6, decision 0033). Written by hand (a custom
-- migration): drizzle-kit cannot express these expression and GIN indexes, so the schema files
-- only mention them. Every statement runs on PGlite and PostgreSQL alike.
--
-- Name search: one trigram index over the accent- and case-folded display name, first and last
-- name, exactly the expression members/repository.ts compares (`f_unaccent(lower(…)) LIKE …`).
-- Only members with a display name are listed, so only they are indexed.
CREATE INDEX IF NOT EXISTS "users_member_search_trgm_idx" ON "users"
  USING gin (f_unaccent(lower("nickname" || ' ' || "first_name" || ' ' || "last_name")) gin_trgm_ops)
  WHERE "nickname" <> '';--> statement-breakpoint
-- Filters on single-choice fields (country, region, device type, hearing-aid type, stage) and the
-- candidate sets of suggestions: a field's members with one value, by the visibility the member
-- chose (a filter reads only the values open to the viewer), then id.
CREATE INDEX IF NOT EXISTS "profile_values_field_value_idx" ON "profile_values"
  USING btree ("field_id", "value", "visibility", "user_id");--> statement-breakpoint
-- Filters on comma-joined lists (interests, speaking languages): any element, through `&&`.
CREATE INDEX IF NOT EXISTS "profile_values_list_items_idx" ON "profile_values"
  USING gin (string_to_array("value", ','));--> statement-breakpoint
-- The role filter ("only mentors"): `roles @> ARRAY['mentor']`.
CREATE INDEX IF NOT EXISTS "users_roles_idx" ON "users" USING gin ("roles");
