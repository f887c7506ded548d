import { sql, type SQL } from 'drizzle-orm';
import { relatedTo } from '../connections/sql';
import {
  DIRECTORY_FIELDS,
  fieldId,
  memberColumns,
  notBlocked,
  rows,
  withEntries,
  withExpressions,
  type DirectoryRecord,
  type DirectoryRow,
  type DirectoryViewer,
  type StoredEntry,
} from './repository';

/** Suggestions of members to connect with, scored in SQL (decision 0061). */

/**
 * How many candidates each shared value may bring to the ranking, at most (the first in name
 * order): a page shows 20, and scoring each candidate is most of what a suggestion read costs.
 */
const SUGGESTION_CANDIDATES_PER_VALUE = 100;

/** What a suggestion shares with the viewer, and its weight in the ranking (decision 0033). */
export const SUGGESTION_WEIGHTS = {
  deviceType: 3,
  stage: 2,
  speakingLanguages: 2,
  country: 2,
  interests: 1,
} as const;
export type SuggestionReason = keyof typeof SUGGESTION_WEIGHTS;

/** How a suggestion scores (decision 0033). */
export interface SuggestionScores {
  score: number;
  /** Per reason, whether the member shares it (visible to the viewer). */
  sharesDeviceType: boolean;
  sharesStage: boolean;
  sharesSpeakingLanguages: boolean;
  sharesCountry: boolean;
  /** How many interests the two share (counted up to three). */
  sharedInterests: number;
}
export interface SuggestionRecord
  extends DirectoryRecord, StoredEntry, SuggestionScores, Pick<DirectoryRow, 'friendship'> {}

/**
 * "People like you" (decision 0033). Bounded at any size: candidates are members holding one of the
 * viewer's own values where the viewer may see it, read from member_facets (one stretch of its
 * primary key per value, at most SUGGESTION_CANDIDATES_PER_VALUE each); each is scored from the
 * facets on their own row (users.directory_facets, migration 0011), which hold exactly the values
 * every member ('m') or staff ('s') may see. A 'connections' value never counts: connections and
 * requests either way are no suggestions. So a candidate costs one primary-key read, and a value
 * the candidate hides neither brings them nor scores. Connections, requests either way, blocks
 * either way (each read by the statement: the connections module's relatedTo and
 * blockedEitherWay), the viewer and members without a display name are left out; nothing shared,
 * no suggestion.
 */
export function suggestionsQuery(viewer: DirectoryViewer, limit: number): SQL {
  const F = DIRECTORY_FIELDS;
  const id = (name: string) => fieldId(viewer, name);
  const mine = (name: string) =>
    sql`(select pv.value from profile_values pv where pv.user_id = ${viewer.id}::int
      and pv.field_id = ${id(name)} and pv.value <> '')`;
  const audiences = sql`${sql.param(viewer.staff ? ['m', 's'] : ['m'])}::text[]`;
  // The facets (filterFacets' form) of one of the viewer's values, as each audience would hold it.
  const single = (name: string) =>
    sql`array(select a || ${id(name)}::text || '=' || v from unnest(${audiences}) a,
      (select ${mine(name)} as v) m where m.v is not null)`;
  const list = (name: string) =>
    sql`array(select a || ${id(name)}::text || '~' || item from unnest(${audiences}) a,
      unnest(string_to_array(${mine(name)}, ',')) item where item <> '')`;
  // Each of the viewer's facets read as its own stretch of member_facets' primary key, in name
  // order (a lateral per facet): a plain `facet = any(…)` let the planner scan the whole table for
  // a facet it guessed common.
  const holding = (column: string) => sql`(select h.user_id
      from me, unnest(me.${sql.identifier(column)}) c (facet),
        lateral (select f.user_id from member_facets f where f.facet = c.facet
          order by f.sort_key limit ${rows(SUGGESTION_CANDIDATES_PER_VALUE)}) h
      limit ${rows(SUGGESTION_CANDIDATES_PER_VALUE)})`;
  const w = SUGGESTION_WEIGHTS;
  return withExpressions(
    withEntries(
      viewer,
      sql`select ${memberColumns}, u.score, u."sharesDeviceType", u."sharesStage",
          u."sharesSpeakingLanguages", u."sharesCountry", u."sharedInterests"
        from scored u
        where u.score > 0
        order by u.score desc, u.id desc
        limit ${rows(limit)}`,
      sql`q.score desc, q.id desc`,
    ),
    sql`me as materialized (
      select ${single(F.deviceType)} as device, ${single(F.stage)} as stage,
        ${list(F.speakingLanguages)} as languages, ${single(F.country)} as country,
        ${list(F.interests)} as interests
    ), candidates as (
      ${holding('device')}
      union ${holding('stage')}
      union ${holding('country')}
      union ${holding('languages')}
      union ${holding('interests')}
    ), scored as (
      select u.*, s.*,
        (case when s."sharesDeviceType" then ${w.deviceType}::int else 0 end
         + case when s."sharesStage" then ${w.stage}::int else 0 end
         + case when s."sharesSpeakingLanguages" then ${w.speakingLanguages}::int else 0 end
         + case when s."sharesCountry" then ${w.country}::int else 0 end
         + s."sharedInterests" * ${w.interests}::int) as score
      from candidates c
      -- Each candidate's row by primary key (offset 0 keeps it so): the candidates are a few
      -- hundred, and their filters below are cheap enough that a hash join over every member
      -- would look cheaper to the planner than it is.
      cross join lateral (select * from users u where u.id = c.user_id offset 0) u
      cross join me
      cross join lateral (select u.directory_facets && me.device as "sharesDeviceType",
          u.directory_facets && me.stage as "sharesStage",
          u.directory_facets && me.languages as "sharesSpeakingLanguages",
          u.directory_facets && me.country as "sharesCountry",
          least(3, (select count(*) from unnest(me.interests) i
            where i = any(u.directory_facets)))::int as "sharedInterests") s
      where u.nickname <> '' and u.id <> ${viewer.id}::int and ${notBlocked(viewer)}
        and u.id <> all(array(${relatedTo(sql`${viewer.id}`)}))
    )`,
  );
}
