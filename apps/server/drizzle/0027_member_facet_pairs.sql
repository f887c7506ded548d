-- Two single-choice filters as one stretch of member_facets (decision 0060). Besides one row per
-- facet (0026), a member has one row per pair of their facets that every signed-in member may see
-- ('m') and that belong to two of the directory's single-choice filters (country, region, device
-- type, hearing aid type, stage): 'p', then the two facets in byte order joined by '&'. The 'p'
-- keeps a pair apart from any one facet, whatever a value holds ('m'/'s' begin those). A page filtered on
-- two such values (the bench's country + device) then reads one stretch in name order and stops
-- when the page is full, instead of merging a large stretch (a country) with a sparser one. At
-- most ten pairs a member, fewer when values are unset or open only to connections.
--
-- The filters' field names are written here and in the members repository (DIRECTORY_FIELDS,
-- isSingleChoice); the directory's tests read pages through the pairs, so a name out of step
-- finds no rows and fails them. Written by hand, like 0026.
CREATE OR REPLACE FUNCTION member_facet_rows(facets text[]) RETURNS SETOF text
  LANGUAGE sql STABLE
  AS $$
  WITH paired AS (
    SELECT f.facet
    FROM unnest(facets) AS f(facet)
    JOIN profile_fields pf ON pf.id = substring(f.facet FROM '^m([0-9]+)=')::int
    WHERE f.facet ~ '^m[0-9]+=' AND pf.group_id = 1
      AND lower(pf.name) IN ('country', 'region', 'device type', 'hearing aid type', 'stage')
  )
  SELECT f.facet FROM unnest(facets) AS f(facet)
  UNION
  SELECT 'p' || a.facet || '&' || b.facet FROM paired a, paired b
  WHERE a.facet COLLATE "C" < b.facet COLLATE "C";
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_member_facets() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM member_facets f USING member_facet_rows(OLD.directory_facets) AS o(facet)
      WHERE f.facet = o.facet AND f.sort_key = lower(OLD.nickname) AND f.user_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.nickname <> '' THEN
    INSERT INTO member_facets (facet, sort_key, user_id)
      SELECT n.facet, lower(NEW.nickname), NEW.id FROM member_facet_rows(NEW.directory_facets) AS n(facet)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_facets_refresh_all() RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM member_facets;
  INSERT INTO member_facets (facet, sort_key, user_id)
    SELECT f.facet, lower(u.nickname), u.id
    FROM users u, member_facet_rows(u.directory_facets) AS f(facet)
    WHERE u.nickname <> '';
$$;--> statement-breakpoint
SELECT member_facets_refresh_all();
