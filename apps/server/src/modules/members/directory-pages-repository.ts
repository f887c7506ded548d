import { sql, type SQL } from 'drizzle-orm';
import { type Bound } from '../../db/prepared';
import { escapeLike } from '../../lib/sql-text';
import {
  FILTER_WALK,
  LIST_FILTERS,
  SEARCH_WALK,
  SINGLE_CHOICE_FILTERS,
  TRIGRAM_MIN_LENGTH,
  and,
  circleIds,
  columnsOf,
  facetTests,
  filterConditions,
  filterKeys,
  filterSet,
  isSingleChoice,
  keysOrEntries,
  memberColumns,
  memberColumnsFor,
  memberWalk,
  notBlocked,
  openFacets,
  patternOf,
  roleConditions,
  rows,
  searchCondition,
  searchMatch,
  withEntries,
  withExpressions,
  type DirectoryColumns,
  type DirectoryCursor,
  type DirectoryFilters,
  type DirectoryViewer,
  type FieldIndex,
} from './repository';

/**
 * The directory's pages (decision 0033 and after): which statements read a page for a viewer's
 * filters and search, and how their answers are merged in turn. The shared predicates and columns
 * are in repository.ts.
 */

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
