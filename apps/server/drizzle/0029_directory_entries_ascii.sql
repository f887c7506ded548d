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
-- 0028's function keeps its work under another name; the name the triggers and the refresh call
-- now answers its entries in ASCII, each stored entry escaped once (json_ascii is strict: an
-- entry left NULL, as the member's, is not looked at).
ALTER FUNCTION member_directory_entries(integer, text, text, text, text, text, text, text[], json)
  RENAME TO member_directory_entries_as_written;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_directory_entries(member_id integer, nickname text,
    first_name text, last_name text, avatar_url text, description text, area text, roles text[],
    directory_values json) RETURNS text[]
  LANGUAGE sql STABLE
  AS $$
  SELECT array_agg(json_ascii(e) ORDER BY n)
  FROM unnest(member_directory_entries_as_written(member_id, nickname, first_name, last_name,
    avatar_url, description, area, roles, directory_values)) WITH ORDINALITY AS a(e, n);
$$;--> statement-breakpoint
-- Every member's entries written again, in ASCII.
SELECT users_refresh_all_directory_entries();
