import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { FriendshipState } from '../connections/service';

/**
 * The member directory's SQL (decision 0033): the list, name search, filters, the GraphQL user
 * listing and suggestions. Everything a viewer may not see is decided here, in SQL, so a filter
 * never matches a value hidden from the viewer and a page never carries one: the visibility rules
 * of users/policy.ts (`maySeeField`) written as a predicate over each value.
 *
 * Tables are read by alias in hand-written SQL (users `u`, profile_values, profile_fields, blocks),
 * built as Drizzle `sql` objects so that the EXPLAIN test plans exactly the text sent.
 */

/** How a member relates to the viewer, as a correlated column (connections/service.ts). */
export type FriendshipColumn = (
  viewerId: SQLWrapper,
  userId: SQLWrapper,
) => SQL<FriendshipState | null>;

/** Who is looking: their id and whether they are the manufacturer's staff (the 'staff' visibility). */
export interface DirectoryViewer {
  id: number;
  staff: boolean;
}

/** The profile fields the directory reads or filters, by their lower-cased name in group 1. */
export const DIRECTORY_FIELDS = {
  country: 'country',
  region: 'region',
  deviceType: 'device type',
  hearingAidType: 'hearing aid type',
  stage: 'stage',
  interests: 'interests',
  speakingLanguages: 'speaking languages',
  headline: 'headline',
} as const;
export type DirectoryField = keyof typeof DIRECTORY_FIELDS;

/** The filters of a directory read, already parsed (MemberListQuery). */
export interface DirectoryFilters {
  search?: string;
  country?: string;
  region?: string;
  deviceType?: string;
  hearingAidType?: string;
  stage?: string;
  interests?: string[];
  speakingLanguages?: string[];
  role?: string;
}

/** Where a page starts: after the member with this sort key (lower-cased display name) and id. */
export interface DirectoryCursor {
  key: string;
  id: number;
}

/** A member as the directory reads them; `fields` holds only values the viewer may see. */
export interface DirectoryRow {
  id: number;
  nickname: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  description: string;
  area: string;
  roles: string[];
  locale: string;
  friendship: FriendshipState | null;
  /** Visible, non-empty values of group 1 in field order: [name, type, value]. */
  fields: [string, string, string][];
  sortKey: string;
}

/** The id of a field of group 1 by lower-cased name: an InitPlan, evaluated once per statement. */
const fieldId = (name: string) =>
  sql`(select pf.id from profile_fields pf where pf.group_id = 1 and lower(pf.name) = ${name})`;

/**
 * May the viewer see a value with this visibility of this owner? `maySeeField` of users/policy.ts
 * in SQL: the owner always; 'members' every signed-in member (every viewer here is one);
 * 'connections' an accepted connection; 'staff' the manufacturer's staff; 'only_me' nobody else.
 */
function visibleTo(
  visibility: SQL,
  owner: SQL,
  viewer: DirectoryViewer,
  friendship: FriendshipColumn,
): SQL {
  return sql`(${owner} = ${viewer.id}::int or ${visibility} = 'members'${
    viewer.staff ? sql` or ${visibility} = 'staff'` : sql``
  } or (${visibility} = 'connections' and ${friendship(sql`${viewer.id}`, owner)} = 'accepted'))`;
}

/**
 * The member `u` has a value of this field that matches and that the viewer may see. The
 * visibility is written over the value's own row (`fv.user_id`, not `u.id`), so the only link to
 * `u` is the join key: PostgreSQL can start from profile_values_field_value_idx /
 * _list_items_idx and fetch the few matching members by primary key.
 */
function fieldMatches(
  name: string,
  match: (value: SQL) => SQL,
  viewer: DirectoryViewer,
  friendship: FriendshipColumn,
): SQL {
  return sql`exists (select 1 from profile_values fv
    join profile_fields ff on ff.id = fv.field_id
    where fv.user_id = u.id and fv.field_id = ${fieldId(name)} and ${match(sql`fv.value`)}
      and ${visibleTo(sql`coalesce(fv.visibility, ff.default_visibility)`, sql`fv.user_id`, viewer, friendship)})`;
}

/** Neither has blocked the other (blocks: primary key one way, blocks_blocked_idx the other). */
const notBlocked = (viewer: DirectoryViewer) =>
  sql`not exists (select 1 from blocks b where b.blocker_id = ${viewer.id}::int and b.blocked_id = u.id)
    and not exists (select 1 from blocks b where b.blocker_id = u.id and b.blocked_id = ${viewer.id}::int)`;

/** `%`, `_` and `\` stand for themselves in the search text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The folded names of `u`: the expression of users_member_search_trgm_idx (migration 0008). */
const SEARCH_EXPRESSION = sql`f_unaccent(lower(u.nickname || ' ' || u.first_name || ' ' || u.last_name))`;

/** The conditions of the filters, each enforcing the value's visibility. */
function filterConditions(
  filters: DirectoryFilters,
  viewer: DirectoryViewer,
  friendship: FriendshipColumn,
): SQL[] {
  const conditions: SQL[] = [];
  const search = filters.search?.trim();
  if (search) {
    // Folded in SQL with the index's own function, so 'MULLER' and 'müller' meet 'Müller'.
    conditions.push(
      sql`${SEARCH_EXPRESSION} like '%' || f_unaccent(lower(${escapeLike(search)})) || '%'`,
      // Spec §5: entries lacking a name are left out of a name search (a display name every
      // listed member has).
      sql`(u.first_name <> '' or u.last_name <> '')`,
    );
  }
  for (const key of ['country', 'region', 'deviceType', 'hearingAidType', 'stage'] as const) {
    const value = filters[key];
    if (value)
      conditions.push(
        fieldMatches(DIRECTORY_FIELDS[key], (v) => sql`${v} = ${value}`, viewer, friendship),
      );
  }
  for (const key of ['interests', 'speakingLanguages'] as const) {
    const values = filters[key];
    if (values && values.length > 0)
      conditions.push(
        fieldMatches(
          DIRECTORY_FIELDS[key],
          (v) => sql`string_to_array(${v}, ',') && ${sql.param(values)}::text[]`,
          viewer,
          friendship,
        ),
      );
  }
  if (filters.role) conditions.push(sql`u.roles @> array[${filters.role}]::text[]`);
  return conditions;
}

/** The columns of a directory row for `u`, as the viewer may see them. */
function rowColumns(viewer: DirectoryViewer, friendship: FriendshipColumn): SQL {
  const visible = visibleTo(
    sql`coalesce(pv.visibility, pf.default_visibility)`,
    sql`u.id`,
    viewer,
    friendship,
  );
  return sql`u.id, u.nickname, u.first_name as "firstName", u.last_name as "lastName",
    u.avatar_url as "avatarUrl", u.description, u.area, u.roles, u.locale,
    ${friendship(sql`${viewer.id}`, sql`u.id`)} as friendship,
    coalesce((select json_agg(json_build_array(pf.name, pf.type, pv.value) order by pf.position, pf.id)
      from profile_values pv join profile_fields pf on pf.id = pv.field_id
      where pv.user_id = u.id and pf.group_id = 1 and pv.value <> '' and ${visible}), '[]'::json) as fields,
    lower(u.nickname) as "sortKey"`;
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/**
 * One page of the directory, in display-name order (case-insensitive): members with a display
 * name, never the viewer, never anyone blocked either way, matching every filter. Walks the unique
 * index users_nickname_lower_key, so the order is total and the cursor a single key; a search
 * narrows through the trigram index first. `limit` rows at most (ask one more to learn if a next
 * page exists).
 */
export function directoryQuery(
  viewer: DirectoryViewer,
  filters: DirectoryFilters,
  after: DirectoryCursor | undefined,
  limit: number,
  friendship: FriendshipColumn,
): SQL {
  const conditions = [
    sql`u.nickname <> ''`,
    sql`u.id <> ${viewer.id}::int`,
    notBlocked(viewer),
    ...filterConditions(filters, viewer, friendship),
  ];
  if (after) conditions.push(sql`lower(u.nickname) > ${after.key}`);
  return sql`select ${rowColumns(viewer, friendship)} from users u
    where ${and(conditions)}
    order by lower(u.nickname) limit ${limit}::int`;
}

/**
 * Members by id (GraphQL `users(where: { include })`, the spec's ListMyFriends): any of them the
 * viewer may see (not blocked either way), with or without a display name, matching the filters,
 * in display-name order then id. The ids travel as one array: one statement for 1,000 members.
 */
export function includedQuery(
  viewer: DirectoryViewer,
  ids: readonly number[],
  filters: DirectoryFilters,
  after: DirectoryCursor | undefined,
  limit: number,
  friendship: FriendshipColumn,
): SQL {
  const conditions = [
    sql`u.id = any(${sql.param([...ids])}::int[])`,
    notBlocked(viewer),
    ...filterConditions(filters, viewer, friendship),
  ];
  if (after) conditions.push(sql`(lower(u.nickname), u.id) > (${after.key}, ${after.id}::int)`);
  return sql`select ${rowColumns(viewer, friendship)} from users u
    where ${and(conditions)}
    order by lower(u.nickname), u.id limit ${limit}::int`;
}

/** How many candidates each shared value may bring to the ranking, at most. */
const SUGGESTION_CANDIDATES_PER_VALUE = 300;

/** What a suggestion shares with the viewer, and its weight in the ranking (decision 0033). */
export const SUGGESTION_WEIGHTS = {
  deviceType: 3,
  stage: 2,
  speakingLanguages: 2,
  country: 2,
  interests: 1,
} as const;
export type SuggestionReason = keyof typeof SUGGESTION_WEIGHTS;

export interface SuggestionRow extends DirectoryRow {
  score: number;
  /** Per reason, whether the member shares it (visible to the viewer). */
  sharesDeviceType: boolean;
  sharesStage: boolean;
  sharesSpeakingLanguages: boolean;
  sharesCountry: boolean;
  /** How many interests the two share (counted up to three). */
  sharedInterests: number;
}

/**
 * "People like you" (decision 0033). Bounded at any size: candidates come from index probes of the
 * viewer's own values (profile_values_field_value_idx for device type, stage and country,
 * profile_values_list_items_idx for languages and interests), at most
 * SUGGESTION_CANDIDATES_PER_VALUE per value; only those are scored, each shared field counting
 * only when the candidate lets the viewer see it. Connections, requests either way, blocks either
 * way, the viewer and members without a display name are left out; nothing shared, no suggestion.
 */
export function suggestionsQuery(
  viewer: DirectoryViewer,
  limit: number,
  friendship: FriendshipColumn,
): SQL {
  const mine = (name: string) =>
    sql`(select pv.value from profile_values pv where pv.user_id = ${viewer.id}::int
      and pv.field_id = ${fieldId(name)} and pv.value <> '')`;
  const myList = (name: string) => sql`string_to_array(${mine(name)}, ',')`;
  const single = (name: string) => sql`(select pv.user_id from profile_values pv
      where pv.field_id = ${fieldId(name)} and pv.value = ${mine(name)}
      order by pv.user_id desc limit ${SUGGESTION_CANDIDATES_PER_VALUE}::int)`;
  const list = (name: string) => sql`(select pv.user_id from profile_values pv
      where pv.field_id = ${fieldId(name)} and string_to_array(pv.value, ',') && ${myList(name)}
      limit ${SUGGESTION_CANDIDATES_PER_VALUE}::int)`;
  // A visible value of `u` for this field, compared with the viewer's own.
  const theirs = (name: string, compare: (value: SQL) => SQL) =>
    sql`exists (select 1 from profile_values fv join profile_fields ff on ff.id = fv.field_id
      where fv.user_id = u.id and fv.field_id = ${fieldId(name)} and ${compare(sql`fv.value`)}
        and ${visibleTo(sql`coalesce(fv.visibility, ff.default_visibility)`, sql`u.id`, viewer, friendship)})`;
  const sameAs = (name: string) => theirs(name, (v) => sql`${v} = ${mine(name)}`);
  const overlaps = (name: string) =>
    theirs(name, (v) => sql`string_to_array(${v}, ',') && ${myList(name)}`);
  const sharedInterests = sql`coalesce((select least(3, cardinality(array(
      select unnest(string_to_array(fv.value, ',')) intersect select unnest(${myList(DIRECTORY_FIELDS.interests)}))))
    from profile_values fv join profile_fields ff on ff.id = fv.field_id
    where fv.user_id = u.id and fv.field_id = ${fieldId(DIRECTORY_FIELDS.interests)}
      and ${visibleTo(sql`coalesce(fv.visibility, ff.default_visibility)`, sql`u.id`, viewer, friendship)}), 0)`;
  const w = SUGGESTION_WEIGHTS;
  return sql`with candidates as (
      ${single(DIRECTORY_FIELDS.deviceType)}
      union ${single(DIRECTORY_FIELDS.stage)}
      union ${single(DIRECTORY_FIELDS.country)}
      union ${list(DIRECTORY_FIELDS.speakingLanguages)}
      union ${list(DIRECTORY_FIELDS.interests)}
    ), scored as (
      select u.*, s.*,
        (case when s."sharesDeviceType" then ${w.deviceType}::int else 0 end
         + case when s."sharesStage" then ${w.stage}::int else 0 end
         + case when s."sharesSpeakingLanguages" then ${w.speakingLanguages}::int else 0 end
         + case when s."sharesCountry" then ${w.country}::int else 0 end
         + s."sharedInterests" * ${w.interests}::int) as score
      from candidates c
      join users u on u.id = c.user_id
      cross join lateral (select
        ${sameAs(DIRECTORY_FIELDS.deviceType)} as "sharesDeviceType",
        ${sameAs(DIRECTORY_FIELDS.stage)} as "sharesStage",
        ${overlaps(DIRECTORY_FIELDS.speakingLanguages)} as "sharesSpeakingLanguages",
        ${sameAs(DIRECTORY_FIELDS.country)} as "sharesCountry",
        ${sharedInterests} as "sharedInterests") s
      where u.nickname <> '' and u.id <> ${viewer.id}::int and ${notBlocked(viewer)}
        and ${friendship(sql`${viewer.id}`, sql`u.id`)} is null
    )
    select ${rowColumns(viewer, friendship)}, u.score, u."sharesDeviceType", u."sharesStage",
      u."sharesSpeakingLanguages", u."sharesCountry", u."sharedInterests"
    from scored u
    where u.score > 0
    order by u.score desc, u.id desc
    limit ${limit}::int`;
}

/** Runs a directory statement (both engines answer `{ rows }`). */
export async function run<Row>(db: Tx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
