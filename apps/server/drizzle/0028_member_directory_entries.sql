-- Each member's directory entry, written ahead (decision 0061): the spec §3 member-list entry
-- without the friend flags (each page adds those), as JSON text, once for each way a reader may
-- stand to the member. An entry differs between readers only in the profile values the users
-- policy opens to them (users/policy.ts maySeeField: 'members' to every signed-in member,
-- 'connections' to their connections, 'staff' to staff, 'only_me' to nobody else; the directory
-- never lists the reader themself), so four entries cover every reader:
--   [1] a member, [2] a connection, [3] staff, [4] staff who are a connection;
-- [2]–[4] are NULL where they read the same as [1] (most members hide nothing from anyone).
-- A page reads its members' entries in its own statement, by primary key, instead of reading
-- their records and writing each entry in the server (most of what a page nobody read cost).
-- They live in a table of their own, so the users table that every sign-in and profile reads
-- stays as narrow as it was.
--
-- Kept by triggers on users: a new member, or a change to the columns an entry shows or to the
-- member's values (directory_values, itself kept by the triggers on profile_values), writes
-- theirs again; a change to the catalogue's names, groups or default visibility writes every
-- member's again; a member deleted takes theirs along.
-- The directory's field names are those of the members repository (DIRECTORY_FIELDS), the role
-- order is the contract's ROLES and the global id is users/presenter.ts userGlobalId; the
-- members tests compare each with its source. Written by hand, like 0026 and 0027.
CREATE TABLE IF NOT EXISTS "member_directory_entries" (
  "user_id" integer PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
  "entries" text[] NOT NULL
);--> statement-breakpoint
-- The highest-priority role (the contract's primaryRole: the first of ROLES the member has).
CREATE OR REPLACE FUNCTION primary_role(roles text[]) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT coalesce((
    SELECT r.role
    FROM unnest(ARRAY['super_admin', 'area_manager', 'mentor', 'medel_user', 'member'])
      WITH ORDINALITY AS r(role, priority)
    WHERE r.role = ANY(roles)
    ORDER BY r.priority LIMIT 1), 'member');
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_directory_entries(member_id integer, nickname text,
    first_name text, last_name text, avatar_url text, description text, area text, roles text[],
    directory_values json) RETURNS text[]
  LANGUAGE sql STABLE
  AS $$
  WITH shown AS (
    -- The member's values of the fields an entry shows, each with who may see it.
    SELECT lower(pf.name) AS name, v->>1 AS value,
      coalesce(v->>2, pf.default_visibility) AS visibility
    FROM json_array_elements(directory_values) AS v
    JOIN profile_fields pf ON pf.id = (v->>0)::int
    WHERE pf.group_id = 1
      AND lower(pf.name) IN ('country', 'region', 'headline', 'speaking languages', 'interests')
  ),
  readers AS (
    SELECT reader, reader IN (2, 4) AS connected, reader IN (3, 4) AS staff
    FROM generate_series(1, 4) AS reader
  ),
  entries AS (
    -- Written key by key, without the spaces json_build_object puts between them: an entry is
    -- sent as it is, 20 to a page, to members on slow phones too.
    SELECT r.reader, '{"cid":' || to_json(encode(convert_to('user:' || member_id, 'UTF8'), 'base64'))
      || ',"id":' || member_id
      || ',"avatarUrl":' || coalesce(to_json(avatar_url)::text, 'null')
      || ',"country":' || to_json(coalesce(max(s.value) FILTER (WHERE s.name = 'country'), ''))
      || ',"region":' || to_json(coalesce(max(s.value) FILTER (WHERE s.name = 'region'), ''))
      || ',"description":' || coalesce(to_json(description)::text, 'null')
      || ',"headline":' || to_json(coalesce(max(s.value) FILTER (WHERE s.name = 'headline'), ''))
      || ',"lastName":' || coalesce(to_json(last_name)::text, 'null')
      || ',"name":' || coalesce(to_json(first_name)::text, 'null')
      || ',"nickname":' || coalesce(to_json(nickname)::text, 'null')
      || ',"area":' || to_json(coalesce(nullif(area, ''), 'international'))
      || ',"roles":' || to_json(ARRAY[primary_role(roles)])
      || ',"speakingLanguages":' || to_json(coalesce(array_remove(string_to_array(
           max(s.value) FILTER (WHERE s.name = 'speaking languages'), ','), ''), '{}'))
      || ',"interests":' || to_json(coalesce(array_remove(string_to_array(
           max(s.value) FILTER (WHERE s.name = 'interests'), ','), ''), '{}'))
      || ',"livingIn":' || to_json(coalesce(max(s.value) FILTER (WHERE s.name = 'country'), ''))
      || '}' AS entry
    FROM readers r
    LEFT JOIN shown s ON s.visibility = 'members'
      OR (s.visibility = 'connections' AND r.connected)
      OR (s.visibility = 'staff' AND r.staff)
    GROUP BY r.reader
  )
  SELECT ARRAY[e[1], nullif(e[2], e[1]), nullif(e[3], e[1]), nullif(e[4], e[1])]
  FROM (SELECT array_agg(entry ORDER BY reader) AS e FROM entries) a;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_directory_entries() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO member_directory_entries (user_id, entries)
    VALUES (NEW.id, member_directory_entries(NEW.id, NEW.nickname, NEW.first_name, NEW.last_name,
      NEW.avatar_url, NEW.description, NEW.area, NEW.roles, NEW.directory_values))
    ON CONFLICT (user_id) DO UPDATE SET entries = excluded.entries;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_directory_entries_insert" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_directory_entries_insert" AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_directory_entries();--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_directory_entries_update" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_directory_entries_update"
  AFTER UPDATE OF nickname, first_name, last_name, avatar_url, description, area, roles,
    directory_values ON "users"
  FOR EACH ROW
  WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname
    OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.area IS DISTINCT FROM NEW.area
    OR OLD.roles IS DISTINCT FROM NEW.roles
    OR OLD.directory_values::text IS DISTINCT FROM NEW.directory_values::text)
  EXECUTE FUNCTION users_directory_entries();--> statement-breakpoint
-- Every member's entries in one pass: now, for seed:large after its load (triggers off), and when
-- the catalogue changes what an entry shows.
CREATE OR REPLACE FUNCTION users_refresh_all_directory_entries() RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO member_directory_entries (user_id, entries)
    SELECT u.id, member_directory_entries(u.id, u.nickname, u.first_name, u.last_name,
      u.avatar_url, u.description, u.area, u.roles, u.directory_values)
    FROM users u
    ON CONFLICT (user_id) DO UPDATE SET entries = excluded.entries;
$$;--> statement-breakpoint
-- The catalogue's one trigger (0011's) now keeps both: the members' values and facets when a
-- field's type or default visibility changes, their entries when its name, group or default
-- visibility does. Only when something really changed: start-up writes the catalogue again (as
-- 0011 notes). A field removed takes its values along, which rewrites their members' entries.
CREATE OR REPLACE FUNCTION profile_fields_refresh_directory() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed n JOIN changed_before o ON o.id = n.id
             WHERE o.type IS DISTINCT FROM n.type
                OR o.default_visibility IS DISTINCT FROM n.default_visibility) THEN
    PERFORM users_refresh_all_directory_values();
  END IF;
  IF EXISTS (SELECT 1 FROM changed n JOIN changed_before o ON o.id = n.id
             WHERE o.name IS DISTINCT FROM n.name
                OR o.group_id IS DISTINCT FROM n.group_id
                OR o.default_visibility IS DISTINCT FROM n.default_visibility) THEN
    PERFORM users_refresh_all_directory_entries();
    -- Only member_directory_entries changed, which announces nothing of itself: every instance
    -- must forget the pages and profiles it keeps (0006's announcement, '*' for everyone).
    PERFORM pg_notify('attune_members', '*');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT users_refresh_all_directory_entries();
