import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowCount, type Bound } from '../../db/prepared';
import { blockedEitherWay, circleOf, friendshipColumn, relatedTo } from '../connections/sql';
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
const rows = rowCount;

/** Conditions joined by AND. */
const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/** The id of a field of group 1 by lower-cased name, as a value (null: no such field, no match). */
const fieldId = (viewer: DirectoryViewer, name: string) => {
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
const withExpressions = (statement: SQL, more?: SQL): SQL =>
  more ? sql`with ${more} ${statement}` : statement;

/**
 * The viewer's circle (themself and their accepted connections, the connections module's
 * `circleOf`) as an array for `= any(…)`, read from friendships by the statement itself (an
 * InitPlan: once per execution, through friendships_requester_idx and friendships_addressee_idx),
 * so a connection ended on any instance is obeyed by the next statement anywhere.
 */
const circleIds = (viewer: DirectoryViewer) => sql`array(${circleOf(viewer.id)})`;

/**
 * Neither the viewer nor the member `owner` has blocked the other (the connections module's rule),
 * tested against the viewer's blocks both ways as the statement reads them (an InitPlan: the
 * primary key of blocks one way, blocks_blocked_idx the other, once per execution).
 */
const notBlocked = (viewer: DirectoryViewer, owner: SQL = sql`u.id`) =>
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
const searchMatch = (likeText: Bound<string>) =>
  sql`${SEARCH_EXPRESSION} like '%' || f_unaccent(lower(${likeText})) || '%'
    and u.nickname <> '' and (u.first_name <> '' or u.last_name <> '')`;

/** The name-search condition on `u`, or undefined without a search text. */
function searchCondition(filters: DirectoryFilters): SQL | undefined {
  const search = filters.search?.trim();
  return search ? searchMatch(escapeLike(search)) : undefined;
}

/**
 * Shorter texts have no trigram to look up: such a search walks the display-name order instead
 * of starting from the trigram index.
 */
const TRIGRAM_MIN_LENGTH = 3;

const SINGLE_CHOICE_FILTERS = [
  'country',
  'region',
  'deviceType',
  'hearingAidType',
  'stage',
] as const;
const LIST_FILTERS = ['interests', 'speakingLanguages'] as const;

/**
 * Whether a filter takes one value (a selectbox). Migration 0027 names the same five fields: a
 * member has a member_facets row for each pair of their open values of them.
 */
const isSingleChoice = (key: DirectoryField) =>
  (SINGLE_CHOICE_FILTERS as readonly string[]).includes(key);

/**
 * Whether a list filter is given: it holds a value, or stands for one (a placeholder in a
 * statement built once per shape, directoryPageQuery).
 */
const listGiven = (values: unknown) =>
  Array.isArray(values) ? values.length > 0 : Boolean(values);

/** The profile-value filters given, in the order of filterPredicates. */
const filterKeys = (filters: DirectoryFilters): DirectoryField[] => [
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
const either = ({ open, circle }: { open: SQL; circle: SQL }) => sql`((${open}) or (${circle}))`;

/** A filter's members as a set: two index reads, the open values and the circle's. */
const members = ({ open, circle }: { open: SQL; circle: SQL }) =>
  sql`select fv.user_id from profile_values fv where ${open}
    union all select fv.user_id from profile_values fv where ${circle}`;

/**
 * The profile-value filters as conditions on the member `owner`, one semi-join each: the planner
 * chooses between probing each member's value by primary key (user_id, field_id) and collecting
 * the filter's members from the value indexes.
 */
const filterConditions = (filters: DirectoryFilters, viewer: DirectoryViewer, owner: SQL) =>
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
function filterFacets(
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
function openFacets(key: DirectoryField, filters: DirectoryFilters, viewer: DirectoryViewer) {
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
function facetTests(
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
function filterSet(filters: DirectoryFilters, viewer: DirectoryViewer): SQL {
  const [first, ...others] = filterPredicates(filters, viewer);
  return sql`select s.user_id from (${members(first!)}) s where ${and([
    sql`true`,
    ...others.map((predicate) => sql`s.user_id in (${members(predicate)})`),
  ])}`;
}

/** The role filter on `u` ("only mentors"), through users_roles_idx. */
const roleConditions = (filters: DirectoryFilters): SQL[] =>
  filters.role ? [sql`u.roles @> array[${filters.role}]::text[]`] : [];

/**
 * The columns of a directory record for `u`: the member and their non-empty values with the
 * owner's visibility choice, unfiltered (`users.directory_values`, kept by migration 0010's
 * triggers, so a page reads no profile_values rows) — which of them the viewer may see is the
 * users policy's rule (`maySeeField`), applied by the service to each page once it knows how the
 * viewer stands to each member.
 */
const memberColumns = sql`u.id, u.nickname, u.first_name as "firstName", u.last_name as "lastName",
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
const memberColumnsFor = (viewer: DirectoryViewer) =>
  sql`${memberColumns}, ${friendshipOf(viewer, sql`u.id`)} as friendship`;

/**
 * A directory statement's rows (`rows`, each with the member's `id`) with how the viewer stands to
 * each member (`friendship`, friendshipOf) and each member's stored entry for this viewer
 * (migration 0028, decision 0061) as `entry`, in `order` (of `q`, the rows): a member's (staff's,
 * for staff), or a connection's where the member shows their connections more and the viewer is
 * one, by that same probe. The entries where a reader sees no more than a member are not stored
 * (NULL, read as the member's). One probe of member_directory_entries' primary key a row.
 */
function withEntries(viewer: DirectoryViewer, rows: SQL, order: SQL): SQL {
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

const columnsOf = (viewer: DirectoryViewer, columns: DirectoryColumns) =>
  columns === 'entries' ? memberColumnsFor(viewer) : sql`u.id, lower(u.nickname) as "sortKey"`;

/**
 * A page of the members `ids` answers (id, key), in key order, with `columns` of each. Its keys
 * need no user row: the id and key are already there, and the stored entries are read by the
 * member's id.
 */
function keysOrEntries(
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
const FILTER_WALK = 5_000;
const SEARCH_WALK = 2_000;

/**
 * A name search's text as a LIKE pattern, folded in SQL as the stored search_text is. A scalar
 * subquery, so it is folded once per statement: written inline, a generic plan (where the text is
 * a parameter) folds it again for every member the walk passes, ~60 µs each.
 */
export const searchPattern = (search: string) => patternOf(escapeLike(search));

/** searchPattern of a search already given as LIKE text (escapeLike). */
const patternOf = (likeText: Bound<string>) =>
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
function memberWalk(after: DirectoryCursor | undefined, walk: number): Walk {
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

/**
 * How a page is read (directoryPageInput chooses; part of its shape): the listed members' index
 * (`list`), the filters' facet stretches (`stream`), or a walk in name order and, when it falls
 * short, the matches after its reach (`walk`). See directoryQuery.
 */
export type DirectoryRead = 'list' | 'stream' | 'walk';

/** The filters a page may carry as values. */
const PAGE_FILTERS = [...SINGLE_CHOICE_FILTERS, ...LIST_FILTERS] as const;
/** Each filter's open facets (openFacets), one key per filter given, in the order of filterKeys. */
type FacetKey = `facet${0 | 1 | 2 | 3 | 4 | 5 | 6}`;
const FACET_KEYS = PAGE_FILTERS.map((_, index) => `facet${index}` as FacetKey);

/**
 * What a page's statements are built from, once per shape (executeShaped, decisions 0054, 0055).
 * Values (the viewer, the cursor's key, the search, the role, each filter's values and open
 * facets) may be placeholders: the builders use them only as values, and branch only on whether
 * they are given. The rest is the shape: which filters are given, whether the search has
 * trigrams, the reader's kind, the field catalogue, the page size, the walk bound and what is read.
 */
export interface DirectoryPageInput extends Partial<Record<FacetKey, Bound<readonly string[]>>> {
  viewerId: Bound<number>;
  staff: boolean;
  fields: FieldIndex;
  /** Which field catalogue `fields` is (its ids are written into the text): part of the shape. */
  catalogue: number;
  /** Where the page starts ('' for the first page). */
  afterKey: Bound<string>;
  limit: number;
  columns: DirectoryColumns;
  read: DirectoryRead;
  /** The search as LIKE text (escapeLike of the trimmed search); '' without one. */
  search: Bound<string>;
  /** Whether the search is long enough to have trigrams (TRIGRAM_MIN_LENGTH). */
  trigrams: boolean;
  /** The role filter; '' without one. */
  role: Bound<string>;
  /** How many members a walk passes at most (SEARCH_WALK or FILTER_WALK; fewer in tests). */
  walk: number;
  country?: Bound<string>;
  region?: Bound<string>;
  deviceType?: Bound<string>;
  hearingAidType?: Bound<string>;
  stage?: Bound<string>;
  interests?: Bound<string[]>;
  speakingLanguages?: Bound<string[]>;
}

/** The keys of DirectoryPageInput that are values (placeholders in the shape). */
export const DIRECTORY_PAGE_VALUES = [
  'viewerId',
  'afterKey',
  'search',
  'role',
  ...FACET_KEYS,
  ...PAGE_FILTERS,
] as const satisfies readonly (keyof DirectoryPageInput)[];

/**
 * Whether the filters can be read as facet stretches (decision 0053): every filter one stretch of
 * member_facets for this viewer — a member (not staff, who may also see 's' facets: two stretches
 * a filter), each filter one value — and no role or search (those test the user row). `facets`:
 * each given filter's open facets (openFacets), in the order of filterKeys.
 */
function streamable(
  filters: DirectoryFilters,
  viewer: DirectoryViewer,
  facets: readonly (string[] | undefined)[],
): boolean {
  if (viewer.staff || filters.role || filters.search?.trim()) return false;
  return facets.length > 0 && facets.every((open) => open?.length === 1);
}

/**
 * The input of a page: `viewer` reading the directory with `filters` from `after`, `limit` rows
 * at most (ask one more to learn if a next page exists) with `columns` of each; `catalogue`
 * numbers `viewer.fields`. `walk` replaces both walk bounds in tests.
 */
export function directoryPageInput(
  viewer: DirectoryViewer,
  catalogue: number,
  filters: DirectoryFilters,
  after: DirectoryCursor | undefined,
  limit: number,
  columns: DirectoryColumns,
  walk?: number,
): DirectoryPageInput {
  const search = filters.search?.trim() ?? '';
  const trigrams = [...search].length >= TRIGRAM_MIN_LENGTH;
  const keys = filterKeys(filters);
  const facets = keys.map((key) => openFacets(key, filters, viewer));
  const input: DirectoryPageInput = {
    viewerId: viewer.id,
    staff: viewer.staff,
    fields: viewer.fields,
    catalogue,
    afterKey: after?.key ?? '',
    limit,
    columns,
    read:
      !trigrams && keys.length === 0
        ? 'list'
        : streamable(filters, viewer, facets)
          ? 'stream'
          : 'walk',
    search: search ? escapeLike(search) : '',
    trigrams,
    role: filters.role ?? '',
    walk: walk ?? (trigrams ? SEARCH_WALK : FILTER_WALK),
  };
  const values = input as unknown as Record<string, unknown>;
  keys.forEach((key, index) => {
    values[key] = filters[key as keyof DirectoryFilters];
    values[FACET_KEYS[index]!] = facets[index] ?? [];
  });
  return input;
}

/** The viewer, cursor, filters and open facets an input carries (values or placeholders). */
function unpack(input: DirectoryPageInput) {
  const filters: Record<string, unknown> = {};
  for (const key of PAGE_FILTERS) if (input[key] !== undefined) filters[key] = input[key];
  if (input.role) filters.role = input.role;
  return {
    viewer: {
      id: input.viewerId as number,
      staff: input.staff,
      fields: input.fields,
    } satisfies DirectoryViewer,
    after: input.afterKey ? { key: input.afterKey as string, id: 0 } : undefined,
    filters: filters as DirectoryFilters,
    open: FACET_KEYS.map((key) => input[key]).filter((facets) => facets !== undefined),
  };
}

/**
 * One page of the directory, in display-name order (case-insensitive): members with a display
 * name, never the viewer, never anyone blocked either way, matching the search and every filter.
 * The order is users_nickname_lower_key's, so it is total and the cursor a single key. Its
 * statements, run in turn (readInTurn): directoryPageQuery, then for a walk directoryRestQuery.
 *
 * Without a search of three characters or more and without filters, the page walks the listed
 * members' index (`list`, with a role or a short search tested on each). With filters alone, one
 * value each, for a member (not staff), it intersects the filters' ordered stretches of
 * member_facets (`stream`: facetStreams, decision 0053). Otherwise it takes two bounded steps
 * (`walk`, decision 0034), whatever the planner believes about how many members match:
 *
 * 1. **A walk in name order** that stops when the page is full, testing each member it passes in
 *    the listed members' index alone (users_directory_walk_idx): the folded names (`search_text`)
 *    for a search of three characters or more, the facets (`directory_facets`, migration 0011)
 *    for the profile-value filters — with a primary-key probe only for members of the viewer's
 *    circle, whose 'connections' values have no facet. At most SEARCH_WALK or FILTER_WALK members.
 * 2. Only when that walk ends short of a full page, in a second statement: the matches collected
 *    from the trigram index (a search) or the filters' value sets, intersected (few members
 *    match), for the members after the walk's reach, each user row read by primary key.
 *
 * A search shorter than three characters has no trigram and walks the name order unbounded.
 */
export function directoryQuery(
  viewer: DirectoryViewer,
  filters: DirectoryFilters,
  after: DirectoryCursor | undefined,
  limit: number,
  walk?: number,
  columns: DirectoryColumns = 'entries',
): DirectoryStatements {
  const input = directoryPageInput(viewer, 0, filters, after, limit, columns, walk);
  return directoryStatements(input, directoryPageQuery, directoryRestQuery).map((build) =>
    build(input),
  );
}

/**
 * A page's statements in the order they run, given their builders (directoryPageQuery and
 * directoryRestQuery, or functions of the input that call them): a walk has two.
 */
export const directoryStatements = <Build>(
  input: Pick<DirectoryPageInput, 'read'>,
  page: Build,
  rest: Build,
): Build[] => (input.read === 'walk' ? [page, rest] : [page]);

/** A page's first statement: the listed members, the facet stretches, or the walk's hits. */
export function directoryPageQuery(input: DirectoryPageInput): SQL {
  const { viewer, after, filters, open } = unpack(input);
  const page = (ids: SQL) => keysOrEntries(viewer, ids, input.limit, input.columns);
  if (input.read === 'list')
    return listedPage(viewer, filters, input.search, after, input.limit, input.columns);
  if (input.read === 'stream') return page(facetStreams(viewer, filters, open, after, input.limit));

  // Step 1: the walk, and what each member it passes must pass, tested in the walk's own index:
  // the folded names for a search, the facets for the filters.
  const walked = memberWalk(after, input.walk);
  const member = sql`w.id`;
  // Conditions on the user row itself (role; a short search outside the trigram path), one probe.
  const userConditions = [
    ...roleConditions(filters),
    ...(input.search && !input.trigrams
      ? [sql`u.search_text like ${patternOf(input.search)}`]
      : []),
  ];
  const tests = [
    sql`${member} <> ${viewer.id}::int`,
    notBlocked(viewer, member),
    ...(input.trigrams ? [sql`w.search_text like ${patternOf(input.search)}`] : []),
    ...(userConditions.length > 0
      ? [
          sql`exists (select 1 from users u where u.id = ${member} and ${and(userConditions)} offset 0)`,
        ]
      : []),
    ...facetTests(filters, viewer, member, sql`w.facets`, open),
  ];
  return page(sql`select w.id, w.key from (${walked.rows}) w where ${and(tests)}
    order by w.key limit ${rows(input.limit)}`);
}

/**
 * A walk's second statement: the rest after the walk's reach, from the trigram index or the
 * filters' value sets (directoryQuery, step 2). Its own statement, sent only when the walk's hits
 * fall short of a page: joined to the walk's in one statement, its plan (never run on most pages)
 * was set up and torn down on every one, a third of a filtered page's time in PostgreSQL.
 */
export function directoryRestQuery(input: DirectoryPageInput): SQL {
  const { viewer, after, filters } = unpack(input);
  const walked = memberWalk(after, input.walk);
  const rest = input.trigrams
    ? sql`select m.id, m.key from (
          select u.id, lower(u.nickname) as key from users u
          where ${and([sql`u.nickname <> ''`, searchMatch(input.search), ...roleConditions(filters)])}
          offset 0
        ) m
        where ${and([
          sql`m.id <> ${viewer.id}::int`,
          sql`m.key > (select key from reach)`,
          notBlocked(viewer, sql`m.id`),
          ...filterConditions(filters, viewer, sql`m.id`),
        ])}`
    : sql`select u.id, lower(u.nickname) as key
        from (${filterSet(filters, viewer)}) s (user_id),
          lateral (select * from users u where u.id = s.user_id offset 0) u
        where ${and([
          sql`u.nickname <> ''`,
          sql`u.id <> ${viewer.id}::int`,
          sql`lower(u.nickname) > (select key from reach)`,
          ...roleConditions(filters),
          notBlocked(viewer),
        ])}`;
  return withExpressions(
    keysOrEntries(
      viewer,
      sql`select r.id, r.key from (${rest}) r
        where (select key from reach) is not null
        order by r.key limit ${rows(input.limit)}`,
      input.limit,
      input.columns,
    ),
    sql`reach as materialized (select ${walked.reach} as key)`,
  );
}

/**
 * A page of the listed members in name order from the cursor, read from their index, with a role
 * or a search too short for trigrams (`search`, LIKE text) tested on each.
 */
function listedPage(
  viewer: DirectoryViewer,
  filters: DirectoryFilters,
  search: Bound<string>,
  after: DirectoryCursor | undefined,
  limit: number,
  columns: DirectoryColumns,
): SQL {
  const listed = [
    sql`u.nickname <> ''`,
    sql`u.id <> ${viewer.id}::int`,
    ...(search ? [sql`u.search_text like ${patternOf(search)}`] : []),
    ...roleConditions(filters),
    ...(after ? [sql`lower(u.nickname) > ${after.key}`] : []),
    notBlocked(viewer),
  ];
  const page = sql`select ${columnsOf(viewer, columns)} from users u
    where ${and(listed)} order by lower(u.nickname) limit ${rows(limit)}`;
  return columns === 'keys' ? withEntries(viewer, page, sql`q."sortKey"`) : page;
}

/** A filter's one facet (a stream's filters have one each), as a value of the statement. */
const onlyFacet = (facets: Bound<readonly string[]>) => sql`(${sql.param(facets)}::text[])[1]`;

/**
 * The facet of a pair of single-choice values (migration 0027's member_facet_rows): 'p', then the
 * two in byte order, joined by '&'.
 */
const facetPair = (a: SQL, b: SQL) =>
  sql`('p' || case when ${a} collate "C" < ${b} collate "C" then ${a} || '&' || ${b} else ${b} || '&' || ${a} end)`;

/**
 * The members matching every filter (`facets`: each filter's one facet, streamable), from the cursor on, in
 * name order (decision 0053), as (id, key), `limit` at most. Two halves, each exact:
 *
 * - **By facets**: the first filter's stretch of member_facets (with two single-choice filters,
 *   their pair's stretch, decision 0060), kept where every other filter's stretch holds the same
 *   key. Each stretch is read in key order from the cursor, so PostgreSQL
 *   intersects them side by side (a merge semi join) and stops when the page is full: it reads
 *   about as many entries as the filters' members before the page's last one, never the users.
 * - **The viewer's circle** (themself and their connections as the statement reads them, a
 *   handful of members), whose 'connections' values have no facet: left out of the first half and
 *   tested in full by the filters' value predicates (circleMembers), so each member is in one half
 *   only.
 */
function facetStreams(
  viewer: DirectoryViewer,
  filters: DirectoryFilters,
  facets: readonly Bound<readonly string[]>[],
  after: DirectoryCursor | undefined,
  limit: number,
): SQL {
  const one = facets.map((facet) => onlyFacet(facet));
  // Two single-choice filters (the first two keys, filterKeys puts them first) are one stretch:
  // their pair's rows (migration 0027).
  const [second] = filterKeys(filters).slice(1);
  const paired = second !== undefined && isSingleChoice(second);
  const [first, ...others] = paired ? [facetPair(one[0]!, one[1]!), ...one.slice(2)] : one;
  const fromCursor = (alias: SQL) => (after ? sql` and ${alias}.sort_key > ${after.key}` : sql``);
  const byFacets = sql`select a.id, a.key from (
      select f.user_id as id, f.sort_key as key from member_facets f
      where f.facet = ${first}${fromCursor(sql`f`)}
    ) a
    where ${and([
      sql`a.id <> all(${circleIds(viewer)})`,
      notBlocked(viewer, sql`a.id`),
      ...others.map(
        (facet) => sql`exists (select 1 from member_facets g
          where g.facet = ${facet}${fromCursor(sql`g`)} and g.sort_key = a.key)`,
      ),
    ])}
    order by a.key limit ${rows(limit)}`;
  return sql`(${byFacets}) union all (${circleMembers(viewer, filters, after)}
    order by lower(u.nickname) limit ${rows(limit)})`;
}

/**
 * The members of the viewer's circle (their connections, never themself) who match the filters,
 * tested in full by the filters' value predicates (their 'connections' values have no facet), as
 * (id, key), from the cursor on.
 */
const circleMembers = (
  viewer: DirectoryViewer,
  filters: DirectoryFilters,
  after: DirectoryCursor | undefined,
) => sql`select u.id, lower(u.nickname) as key from users u
    where ${and([
      sql`u.id = any(${circleIds(viewer)})`,
      sql`u.id <> ${viewer.id}::int`,
      sql`u.nickname <> ''`,
      ...(after ? [sql`lower(u.nickname) > ${after.key}`] : []),
      notBlocked(viewer),
      ...filterConditions(filters, viewer, sql`u.id`),
    ])}`;

/**
 * A page's statements, each run only when those before it answered fewer than `limit` rows, their
 * rows following on in order (directoryQuery: the walk's hits, then the rest after its reach).
 */
export type DirectoryStatements = readonly SQL[];

/**
 * Up to `limit` rows of a page from its statements in turn (`execute` runs one). They run apart,
 * so a member renamed between two of them could come twice: the later one is left out.
 */
export async function readInTurn<Row extends { id: number }, Statement = SQL>(
  statements: readonly Statement[],
  limit: number,
  execute: (statement: Statement) => Promise<Row[]>,
): Promise<Row[]> {
  const found: Row[] = [];
  for (const statement of statements) {
    const seen = new Set(found.map((row) => row.id));
    found.push(...(await execute(statement)).filter((row) => !seen.has(row.id)));
    if (found.length >= limit) break;
  }
  return found.slice(0, limit);
}

/**
 * Members by id (GraphQL `users(where: { include })`, the spec's ListMyFriends), or from a SQL set
 * of ids (a group's members, decision 0042): any of them the
 * viewer may see (not blocked either way), with or without a display name, matching the filters,
 * in display-name order then id. The ids travel as one array: one statement for 1,000 members.
 */
export function includedQuery(
  viewer: DirectoryViewer,
  ids: readonly number[] | SQL,
  filters: DirectoryFilters,
  after: DirectoryCursor | undefined,
  limit: number,
  entries: 'with entries' | 'without' = 'without',
): SQL {
  const search = searchCondition(filters);
  const conditions = [
    Array.isArray(ids) ? sql`u.id = any(${sql.param([...ids])}::int[])` : sql`u.id in (${ids})`,
    notBlocked(viewer),
    ...(search ? [search] : []),
    ...roleConditions(filters),
    ...filterConditions(filters, viewer, sql`u.id`),
  ];
  if (after) conditions.push(sql`(lower(u.nickname), u.id) > (${after.key}, ${after.id}::int)`);
  const page = (columns: SQL) => sql`select ${columns} from users u
      where ${and(conditions)}
      order by lower(u.nickname), u.id limit ${rows(limit)}`;
  return entries === 'with entries'
    ? withEntries(viewer, page(memberColumns), sql`q."sortKey", q.id`)
    : page(memberColumnsFor(viewer));
}

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

/** Runs a directory statement (both engines answer `{ rows }`). */
export async function run<Row>(db: Tx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
