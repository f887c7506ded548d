import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowCount, type Bound } from '../../db/prepared';
import { blockedEitherWay, circleOf, friendshipColumn } from '../connections/sql';
import type { FriendshipState } from '@attune/contract';
import { escapeLike } from '../../lib/sql-text';

/**
 * The member directory's SQL (decision 0033): the list, name search, filters, the GraphQL user
 * listing and suggestions. Everything a viewer may not see is decided here, in SQL, so a filter
 * never matches a value hidden from the viewer and a page never carries one: the visibility rules
 * of users/policy.ts (`maySeeField`) written as a predicate over each value.
 *
 * Tables are read by alias in hand-written SQL (users `u`, profile_values, profile_fields,
 * member_facets, member_directory_entries), built as Drizzle `sql` objects so that the EXPLAIN
 * test plans exactly the text sent. The viewer's relations (blocks either way, their circle, how
 * they stand to each member listed) are read by each statement itself from friendships and blocks,
 * on every execution: nothing kept in memory decides who is listed or what they show (decision
 * 0067).
 */

/**
 * A field of group 1 as the directory needs it: its id and the visibility of values left unset
 * (for the statements), its name, type and place (for the entries).
 */
export interface FieldDefinition {
  id: number;
  name: string;
  type: string;
  defaultVisibility: string;
}
/** The fields of group 1 by lower-cased name, in the catalogue's order (position, then id). */
export type FieldIndex = ReadonlyMap<string, FieldDefinition>;

/**
 * Who is looking (their id, whether they are the manufacturer's staff, for the 'staff'
 * visibility) and the field catalogue the statements are written against: field ids and default
 * visibilities go into the SQL as values, so PostgreSQL plans each filter from its index. Their
 * circle and blocks are not given: each statement reads them (circleIds, notBlocked).
 */
export interface DirectoryViewer {
  id: number;
  staff: boolean;
  fields: FieldIndex;
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

/** A member's stored profile value: field id, value, the owner's visibility choice (null: default). */
export type StoredValue = [fieldId: number, value: string, visibility: string | null];

/**
 * A member as the directory statements read them: every non-empty value of theirs with its
 * visibility (the service keeps those the viewer may see, by the users policy, once it knows how
 * the viewer stands to the member).
 */
export interface DirectoryRecord extends Omit<DirectoryRow, 'fields' | 'friendship'> {
  values: StoredValue[];
}

/** A member as the directory shows them; `fields` holds only values the viewer may see. */
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

/** A row count written into the statement's text (db/prepared.ts). */
export const rows = rowCount;

/** Conditions joined by AND. */
export const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/** The id of a field of group 1 by lower-cased name, as a value (null: no such field, no match). */
export const fieldId = (viewer: DirectoryViewer, name: string) => {
  const field = viewer.fields.get(name);
  return field ? sql`${field.id}::int` : sql`null::int`;
};

/** The visibilities every signed-in member may see: 'members', and for staff 'staff' too. */
const openVisibilities = (viewer: DirectoryViewer) =>
  viewer.staff ? ['members', 'staff'] : ['members'];

/**
 * Which values of profile_values `fv` a filter on this field accepts: the field, a value that
 * matches, and a value the viewer may see — its visibility open to every member (the owner's
 * choice, or unset where the field's default is open), or a value of the viewer's own circle
 * (themself and their connections, read by the statement, circleIds) that the 'connections'
 * rule opens. `open` and `circle` are the two halves; undefined when group 1 has no such field
 * (nothing matches).
 */
function fieldPredicate(
  name: string,
  match: (value: SQL) => SQL,
  viewer: DirectoryViewer,
): { open: SQL; circle: SQL } | undefined {
  const field = viewer.fields.get(name);
  if (!field) return undefined;
  const open = openVisibilities(viewer);
  // Written on the column itself (not coalesce), so the planner estimates it from statistics and
  // reads it from profile_values_field_value_idx.
  const openValue = sql`fv.visibility = any(${sql.param(open)}::text[])`;
  const openChoice = open.includes(field.defaultVisibility)
    ? sql`(fv.visibility is null or ${openValue})`
    : openValue;
  const connectionsChoice =
    field.defaultVisibility === 'connections'
      ? sql`fv.visibility is null or fv.visibility = 'connections'`
      : sql`fv.visibility = 'connections'`;
  const matches = sql`fv.field_id = ${field.id}::int and ${match(sql`fv.value`)}`;
  return {
    open: sql`${matches} and ${openChoice}`,
    circle: sql`${matches} and fv.user_id = any(${circleIds(viewer)})
      and (fv.user_id = ${viewer.id}::int or ${connectionsChoice})`,
  };
}

/** A statement with its own named expressions (`more`), if any, ahead of it. */
export const withExpressions = (statement: SQL, more?: SQL): SQL =>
  more ? sql`with ${more} ${statement}` : statement;

/**
 * The viewer's circle (themself and their accepted connections, the connections module's
 * `circleOf`) as an array for `= any(…)`, read from friendships by the statement itself (an
 * InitPlan: once per execution, through friendships_requester_idx and friendships_addressee_idx),
 * so a connection ended on any instance is obeyed by the next statement anywhere.
 */
export const circleIds = (viewer: DirectoryViewer) => sql`array(${circleOf(viewer.id)})`;

/**
 * Neither the viewer nor the member `owner` has blocked the other (the connections module's rule),
 * tested against the viewer's blocks both ways as the statement reads them (an InitPlan: the
 * primary key of blocks one way, blocks_blocked_idx the other, once per execution).
 */
export const notBlocked = (viewer: DirectoryViewer, owner: SQL = sql`u.id`) =>
  sql`${owner} <> all(array(${blockedEitherWay(sql`${viewer.id}`)}))`;

/** The folded names of `u`: the expression of users_member_search_trgm_idx (migration 0008). */
const SEARCH_EXPRESSION = sql`f_unaccent(lower(u.nickname || ' ' || u.first_name || ' ' || u.last_name))`;

/**
 * The name-search condition on `u` (spec §5) for a search given as LIKE text (escapeLike): folded
 * in SQL with the index's own function, so 'MULLER' and 'müller' meet 'Müller'. Entries lacking a
 * name or a display name (nickname) are left out of a name search, on every path that searches:
 * the directory lists only members with a display name anyway, but a search among given ids
 * (`users(where: { include, search })`, a group's members) must leave them out too.
 */
export const searchMatch = (likeText: Bound<string>) =>
  sql`${SEARCH_EXPRESSION} like '%' || f_unaccent(lower(${likeText})) || '%'
    and u.nickname <> '' and (u.first_name <> '' or u.last_name <> '')`;

/** The name-search condition on `u`, or undefined without a search text. */
export function searchCondition(filters: DirectoryFilters): SQL | undefined {
  const search = filters.search?.trim();
  return search ? searchMatch(escapeLike(search)) : undefined;
}

/**
 * Shorter texts have no trigram to look up: such a search walks the display-name order instead
 * of starting from the trigram index.
 */
export const TRIGRAM_MIN_LENGTH = 3;

export const SINGLE_CHOICE_FILTERS = [
  'country',
  'region',
  'deviceType',
  'hearingAidType',
  'stage',
] as const;
export const LIST_FILTERS = ['interests', 'speakingLanguages'] as const;

/**
 * Whether a filter takes one value (a selectbox). Migration 0027 names the same five fields: a
 * member has a member_facets row for each pair of their open values of them.
 */
export const isSingleChoice = (key: DirectoryField) =>
  (SINGLE_CHOICE_FILTERS as readonly string[]).includes(key);

/**
 * Whether a list filter is given: it holds a value, or stands for one (a placeholder in a
 * statement built once per shape, directoryPageQuery).
 */
const listGiven = (values: unknown) =>
  Array.isArray(values) ? values.length > 0 : Boolean(values);

/** The profile-value filters given, in the order of filterPredicates. */
export const filterKeys = (filters: DirectoryFilters): DirectoryField[] => [
  ...SINGLE_CHOICE_FILTERS.filter((key) => filters[key]),
  ...LIST_FILTERS.filter((key) => listGiven(filters[key])),
];

/** The value predicates of the profile-value filters (fieldPredicate), one per filter given. */
function filterPredicates(filters: DirectoryFilters, viewer: DirectoryViewer) {
  const predicates: (ReturnType<typeof fieldPredicate> | undefined)[] = [];
  for (const key of SINGLE_CHOICE_FILTERS) {
    const value = filters[key];
    if (value)
      predicates.push(fieldPredicate(DIRECTORY_FIELDS[key], (v) => sql`${v} = ${value}`, viewer));
  }
  for (const key of LIST_FILTERS) {
    const values = filters[key];
    if (listGiven(values))
      predicates.push(
        fieldPredicate(
          DIRECTORY_FIELDS[key],
          (v) => sql`string_to_array(${v}, ',') && ${sql.param(values)}::text[]`,
          viewer,
        ),
      );
  }
  return predicates.map((predicate) => predicate ?? { open: sql`false`, circle: sql`false` });
}

/** A filter's accepted values as one condition on `fv` (for a probe or a semi-join). */
export const either = ({ open, circle }: { open: SQL; circle: SQL }) =>
  sql`((${open}) or (${circle}))`;

/** A filter's members as a set: two index reads, the open values and the circle's. */
export const members = ({ open, circle }: { open: SQL; circle: SQL }) =>
  sql`select fv.user_id from profile_values fv where ${open}
    union all select fv.user_id from profile_values fv where ${circle}`;

/**
 * The profile-value filters as conditions on the member `owner`, one semi-join each: the planner
 * chooses between probing each member's value by primary key (user_id, field_id) and collecting
 * the filter's members from the value indexes.
 */
export const filterConditions = (filters: DirectoryFilters, viewer: DirectoryViewer, owner: SQL) =>
  filterPredicates(filters, viewer).map(
    (predicate) =>
      sql`${owner} in (select fv.user_id from profile_values fv where ${either(predicate)})`,
  );

/**
 * A filter's facets (migration 0011): the strings in a member's `directory_facets` that a value
 * this filter accepts leaves when every signed-in member may see it ('m'), or staff ('s', for a
 * staff viewer): audience, field id, '=' and the whole value of a single-choice field, '~' and one
 * item of a list field. The visibility half of `maySeeField` as 0011's SQL writes it.
 */
export function filterFacets(
  key: DirectoryField,
  values: readonly string[],
  kind: '=' | '~',
  viewer: DirectoryViewer,
): string[] | undefined {
  const field = viewer.fields.get(DIRECTORY_FIELDS[key]);
  if (!field) return undefined;
  const audiences = viewer.staff ? ['m', 's'] : ['m'];
  return audiences.flatMap((audience) =>
    values.map((value) => `${audience}${field.id}${kind}${value}`),
  );
}

/** The facets a filter's given value or values leave (filterFacets), or undefined (no field). */
export function openFacets(
  key: DirectoryField,
  filters: DirectoryFilters,
  viewer: DirectoryViewer,
) {
  const given = filters[key as keyof DirectoryFilters];
  return isSingleChoice(key)
    ? filterFacets(key, [given as string], '=', viewer)
    : filterFacets(key, given as string[], '~', viewer);
}

/**
 * The filters as tests of a walked member `owner` whose facets are `facets`, read from the walk's
 * own index: a value open to the viewer matches by facet (`open`: each filter's openFacets, in
 * the order of filterKeys); a value the 'connections' rule opens (only the viewer's circle, a
 * handful of members) is probed in profile_values by primary key, and only for members of that
 * circle. Each test is a CASE, so PostgreSQL never probes first.
 */
export function facetTests(
  filters: DirectoryFilters,
  viewer: DirectoryViewer,
  owner: SQL,
  facets: SQL,
  open: readonly Bound<readonly string[]>[],
): SQL[] {
  const keys = filterKeys(filters);
  return filterPredicates(filters, viewer).map((predicate, index) => {
    if (!viewer.fields.get(DIRECTORY_FIELDS[keys[index]!])) return sql`false`;
    return sql`(case when ${facets} && ${sql.param(open[index]!)}::text[] then true
      when ${owner} = any(${circleIds(viewer)}) then exists (select 1 from profile_values fv
        where fv.user_id = ${owner} and ${predicate.circle} offset 0)
      else false end)`;
  });
}

/**
 * The members matching every filter, collected from the value indexes: the first filter's members
 * that are in every other filter's set (hashed or probed, as the planner finds cheapest). For
 * when few members match: it never walks users.
 */
export function filterSet(filters: DirectoryFilters, viewer: DirectoryViewer): SQL {
  const [first, ...others] = filterPredicates(filters, viewer);
  return sql`select s.user_id from (${members(first!)}) s where ${and([
    sql`true`,
    ...others.map((predicate) => sql`s.user_id in (${members(predicate)})`),
  ])}`;
}

/** The role filter on `u` ("only mentors"), through users_roles_idx. */
export const roleConditions = (filters: DirectoryFilters): SQL[] =>
  filters.role ? [sql`u.roles @> array[${filters.role}]::text[]`] : [];

/**
 * The columns of a directory record for `u`: the member and their non-empty values with the
 * owner's visibility choice, unfiltered (`users.directory_values`, kept by migration 0010's
 * triggers, so a page reads no profile_values rows) — which of them the viewer may see is the
 * users policy's rule (`maySeeField`), applied by the service to each page once it knows how the
 * viewer stands to each member.
 */
export const memberColumns = sql`u.id, u.nickname, u.first_name as "firstName", u.last_name as "lastName",
    u.avatar_url as "avatarUrl", u.description, u.area, u.roles, u.locale,
    u.directory_values as values, lower(u.nickname) as "sortKey"`;

/**
 * How the viewer stands to the member `owner` now: the connections module's friendshipColumn, one
 * probe of friendships_pair_key. Read in each statement's output only, so only the page's members
 * are probed (PostgreSQL computes such a column after its sort and limit).
 */
const friendshipOf = (viewer: DirectoryViewer, owner: SQL) =>
  friendshipColumn(sql`${viewer.id}`, owner);

/** memberColumns with how the viewer stands to the member (friendshipOf). */
export const memberColumnsFor = (viewer: DirectoryViewer) =>
  sql`${memberColumns}, ${friendshipOf(viewer, sql`u.id`)} as friendship`;

/**
 * A directory statement's rows (`rows`, each with the member's `id`) with how the viewer stands to
 * each member (`friendship`, friendshipOf) and each member's stored entry for this viewer
 * (migration 0028, decision 0061) as `entry`, in `order` (of `q`, the rows): a member's (staff's,
 * for staff), or a connection's where the member shows their connections more and the viewer is
 * one, by that same probe. The entries where a reader sees no more than a member are not stored
 * (NULL, read as the member's). One probe of member_directory_entries' primary key a row.
 */
export function withEntries(viewer: DirectoryViewer, rows: SQL, order: SQL): SQL {
  const e = (index: number) => sql.raw(`e.entries[${index}]`);
  const connected = (entry: SQL) => sql`case when r.friendship = 'accepted' then ${entry} end`;
  const entry = viewer.staff
    ? sql`coalesce(${connected(e(4))}, ${e(3)}, ${e(1)})`
    : sql`coalesce(${connected(e(2))}, ${e(1)})`;
  // A lateral subquery kept apart (offset 0), so the probe runs once a row for both columns.
  return sql`select q.*, r.friendship, ${entry} as entry
    from (${rows}) q
    cross join lateral (select ${friendshipOf(viewer, sql`q.id`)} as friendship offset 0) r
    left join member_directory_entries e on e.user_id = q.id
    order by ${order}`;
}

/**
 * What a directory statement answers per member: whole records (`entries`, DirectoryRecord), or
 * their place and their stored entries (`keys`, DirectoryKey) for the member list, which sends
 * those entries as they are (decision 0061).
 */
export type DirectoryColumns = 'entries' | 'keys';

/** A member's stored entry for the viewer (withEntries). */
export interface StoredEntry {
  entry: string;
}

/**
 * A member's place on a page, how the viewer stands to them and their stored entry for the
 * viewer (`keys` columns).
 */
export type DirectoryKey = Pick<DirectoryRow, 'id' | 'sortKey' | 'friendship'> & StoredEntry;

export const columnsOf = (viewer: DirectoryViewer, columns: DirectoryColumns) =>
  columns === 'entries' ? memberColumnsFor(viewer) : sql`u.id, lower(u.nickname) as "sortKey"`;

/**
 * A page of the members `ids` answers (id, key), in key order, with `columns` of each. Its keys
 * need no user row: the id and key are already there, and the stored entries are read by the
 * member's id.
 */
export function keysOrEntries(
  viewer: DirectoryViewer,
  ids: SQL,
  limit: number,
  columns: DirectoryColumns,
): SQL {
  return columns === 'keys'
    ? withEntries(
        viewer,
        sql`select p.id, p.key as "sortKey" from (${ids}) p order by p.key limit ${rows(limit)}`,
        sql`q."sortKey"`,
      )
    : sql`select ${memberColumnsFor(viewer)}
        from (${ids}) p join users u on u.id = p.id order by p.key limit ${rows(limit)}`;
}

/**
 * How many members, in name order, a filtered or searched page passes at most before it collects
 * the matches from the value or trigram indexes instead (FILTER_WALK, SEARCH_WALK). A filter is
 * tested in the walk's index (the facets, decision 0036), a fraction of a microsecond a member, so
 * a filter one member in a hundred matches still fills its page by walking; a search compares
 * folded text, dearer.
 */
export const FILTER_WALK = 5_000;
export const SEARCH_WALK = 2_000;

/**
 * A name search's text as a LIKE pattern, folded in SQL as the stored search_text is. A scalar
 * subquery, so it is folded once per statement: written inline, a generic plan (where the text is
 * a parameter) folds it again for every member the walk passes, ~60 µs each.
 */
export const searchPattern = (search: string) => patternOf(escapeLike(search));

/** searchPattern of a search already given as LIKE text (escapeLike). */
export const patternOf = (likeText: Bound<string>) =>
  sql`(select '%' || f_unaccent(lower(${likeText})) || '%')`;

/**
 * An ordered walk: `rows` yields candidates (`id`, `key`) in key order from the cursor on, at most
 * `walk` of them (a bounded subquery, so PostgreSQL reads them lazily and stops as soon as the page
 * is full); `reach` is the key of the walk's last candidate when the walk is cut short (null when
 * it saw every candidate): the page is exact up to that key, the set read goes on after it.
 */
interface Walk {
  rows: SQL;
  reach: SQL;
}

/** The listed members (a display name) in name order from the cursor: users_directory_walk_idx. */
export function memberWalk(after: DirectoryCursor | undefined, walk: number): Walk {
  const from = and([
    sql`u.nickname <> ''`,
    ...(after ? [sql`lower(u.nickname) > ${after.key}`] : []),
  ]);
  return {
    rows: sql`select u.id, lower(u.nickname) as key, u.search_text, u.directory_facets as facets
      from users u where ${from}
      order by lower(u.nickname) limit ${rows(walk)}`,
    reach: sql`(select lower(u.nickname) from users u where ${from}
      order by lower(u.nickname) offset ${rows(walk - 1)} limit 1)`,
  };
}

/** Runs a directory statement (both engines answer `{ rows }`). */
export async function run<Row>(db: Tx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
