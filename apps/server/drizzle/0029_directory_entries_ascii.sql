-- The directory's stored entries (0028, decision 0061) written in ASCII: every character beyond
-- it as a JSON \u escape (a pair of them beyond the Basic Multilingual Plane), as
-- JSON.stringify's text reads after any \u escaping. The same JSON to every reader, but text a
-- server reads and sends without decoding and encoding UTF-8 character by character: names with
-- accents are most of the directory, and that decoding was a tenth of what a page nobody read
-- cost the server (decision 0062).
CREATE OR REPLACE FUNCTION json_ascii(json_text text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
  SELECT CASE WHEN json_text !~ '[^\x01-\x7f]' THEN json_text ELSE (
    -- Runs of ASCII as they are, each other character escaped by its code point.
    SELECT string_agg(CASE
        WHEN ascii(part[1]) < 128 THEN part[1]
        WHEN ascii(part[1]) < 65536 THEN '\u' || lpad(to_hex(ascii(part[1])), 4, '0')
        ELSE '\u' || to_hex(55296 + ((ascii(part[1]) - 65536) >> 10))
          || '\u' || to_hex(56320 + ((ascii(part[1]) - 65536) & 1023))
      END, '' ORDER BY n)
    FROM regexp_matches(json_text, '[\x01-\x7f]+|[^\x01-\x7f]', 'g') WITH ORDINALITY AS p(part, n)
  ) END;
$$;--> statement-breakpoint
-- 0028's function, whole (a function is replaced whole), its entries now in ASCII. Not a wrapper
-- around it: a SQL function called from another is planned again on every call, which made
-- writing every member's entries nine times slower.
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
  -- Each stored entry escaped once (json_ascii is strict: an entry left NULL is not looked at).
  SELECT ARRAY[json_ascii(e[1]), json_ascii(nullif(e[2], e[1])), json_ascii(nullif(e[3], e[1])),
      json_ascii(nullif(e[4], e[1]))]
  FROM (SELECT array_agg(entry ORDER BY reader) AS e FROM entries) a;
$$;--> statement-breakpoint
-- Every member's entries written again, in ASCII.
SELECT users_refresh_all_directory_entries();
