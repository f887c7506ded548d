import {
  MEMBER_LIST_PAGE_SIZE,
  type Capability,
  type MemberListQuery,
  type Visibility,
} from '@attune/contract';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { keptBytes } from '../../lib/json-text';
import { decodeKeyCursor, encodeKeyCursor } from '../../lib/key-cursor';
import { executeNamed, executeShaped } from '../../db/prepared';
import {
  auditStaffHealthReadsInList,
  isStaff,
  maySeeField,
  profileFieldDefinitions,
} from '../users/service';
import {
  friendFlags,
  type FriendFlags,
  presentEntry,
  presentListedUser,
  presentSuggestion,
} from './presenter';
import * as pages from './directory-pages-repository';
import * as suggestions from './suggestions-repository';
import type {
  DirectoryCursor,
  DirectoryFilters,
  DirectoryKey,
  DirectoryRecord,
  DirectoryRow,
  DirectoryViewer,
  FieldIndex,
  StoredEntry,
} from './repository';
import type { SuggestionRecord } from './suggestions-repository';

export type { DirectoryFilters };

/** Who reads the directory: the signed-in principal (its id and capabilities). */
export interface DirectoryReader {
  userId: number;
  capabilities: readonly Capability[];
}

/**
 * The field catalogue of group 1 by lower-cased name, from the users module's definitions (read
 * once a minute per instance, decision 0030): one index per definitions list.
 */
const fieldIndexes = new WeakMap<object, FieldIndex>();

/** The directory's view of the field catalogue (what the statements and entries need). */
export async function directoryFields(db: Tx): Promise<FieldIndex> {
  const definitions = await profileFieldDefinitions(db);
  let index = fieldIndexes.get(definitions);
  if (!index) {
    index = new Map(definitions.map((field) => [field.name.toLowerCase(), field]));
    fieldIndexes.set(definitions, index);
  }
  return index;
}

/** A number per field catalogue (each FieldIndex), for keys of what was written against it. */
const catalogueVersions = new WeakMap<FieldIndex, number>();
let lastCatalogueVersion = 0;

function catalogueVersion(fields: FieldIndex): number {
  let version = catalogueVersions.get(fields);
  if (version === undefined) {
    version = ++lastCatalogueVersion;
    catalogueVersions.set(fields, version);
  }
  return version;
}

/**
 * The directory's reader as its statements take them: who they are and the field catalogue. Their
 * relations are not read here: each statement reads the blocks, the circle and how the viewer
 * stands to each member it lists, on every read (decision 0067).
 */
export async function directoryViewer(db: Tx, reader: DirectoryReader): Promise<DirectoryViewer> {
  return { id: reader.userId, staff: isStaff(reader), fields: await directoryFields(db) };
}

/** The fields of group 1 by id, in catalogue order (each FieldIndex's, built once). */
const fieldsById = new WeakMap<
  FieldIndex,
  Map<number, { order: number; name: string; type: string; defaultVisibility: string }>
>();

function byId(fields: FieldIndex) {
  let index = fieldsById.get(fields);
  if (!index) {
    index = new Map([...fields.values()].map((field, order) => [field.id, { ...field, order }]));
    fieldsById.set(fields, index);
  }
  return index;
}

/**
 * A directory record as the viewer may see it: of the member's values, those of group 1 that the
 * users policy (`maySeeField`) opens to the viewer, in catalogue order — the same rule as a
 * profile page's. Hidden looks exactly like unset.
 */
function visibleRow<Record extends DirectoryRecord & Pick<DirectoryRow, 'friendship'>>(
  viewer: DirectoryViewer,
  { values, ...record }: Record,
): Omit<Record, 'values'> & Pick<DirectoryRow, 'fields'> {
  const fields = byId(viewer.fields);
  const relation = {
    self: record.id === viewer.id,
    connected: record.friendship === 'accepted',
    member: true,
    staff: viewer.staff,
  };
  const visible = values
    .map(([fieldId, value, visibility]) => ({ field: fields.get(fieldId), value, visibility }))
    .filter(
      (entry): entry is typeof entry & { field: NonNullable<typeof entry.field> } =>
        entry.field !== undefined &&
        maySeeField((entry.visibility ?? entry.field.defaultVisibility) as Visibility, relation),
    )
    .sort((a, b) => a.field.order - b.field.order);
  return {
    ...record,
    fields: visible.map(({ field, value }) => [field.name, field.type, value]),
  };
}

/**
 * Runs a directory page's statements as named prepared statements (decision 0034), in turn, and
 * keeps, of each member, what the viewer may see.
 */
async function readRows<Record extends DirectoryRecord & Pick<DirectoryRow, 'friendship'>>(
  db: Tx,
  viewer: DirectoryViewer,
  statements: pages.DirectoryStatements,
  limit: number,
) {
  const records = await pages.readInTurn(statements, limit, (statement) =>
    executeNamed<Record>(db, statement),
  );
  return records.map((record) => visibleRow(viewer, record));
}

/**
 * The opaque cursor of a page: base64url of `[sort key, id]` of the last member on it (the
 * lower-cased display name and the database id). Clients pass it back unchanged.
 */
export const encodeCursor = (row: Pick<DirectoryRow, 'sortKey' | 'id'>) =>
  encodeKeyCursor(row.sortKey, row.id);

/** The cursor's position (lib/key-cursor.ts), or a 400 naming the field. */
export const decodeCursor = (
  cursor: string | undefined,
  field = 'cursor',
): DirectoryCursor | undefined => decodeKeyCursor(cursor, field);

/** The filters of a directory query string. */
export function filtersOf(query: MemberListQuery): DirectoryFilters {
  const { cursor: _cursor, ...filters } = query;
  return filters;
}

/**
 * A page as sent: its JSON as UTF-8 bytes (decision 0058), and the members on it.
 */
export interface MemberPage {
  json: Buffer;
  members: number[];
}

/**
 * One page of the member directory (spec §3 member-list entries, MemberListOutput) as JSON text:
 * MEMBER_LIST_PAGE_SIZE members in display-name order, in one statement (decision 0061): who is
 * on it, how the viewer stands to each and each member's entry as stored for such a reader
 * (migration 0028), all decided by the statement on this read (decision 0067). The page is
 * written as JSON from those entries and the friend flags.
 */
export async function listMembers(
  db: Tx,
  reader: DirectoryReader,
  query: MemberListQuery,
): Promise<MemberPage> {
  const after = decodeCursor(query.cursor);
  const viewer = await directoryViewer(db, reader);
  const filters = filtersOf(query);
  const limit = MEMBER_LIST_PAGE_SIZE + 1;
  const input = pages.directoryPageInput(
    viewer,
    catalogueVersion(viewer.fields),
    filters,
    after,
    limit,
    'keys',
  );
  const keys = await readPage<DirectoryKey>(db, input);
  const page = keys.slice(0, MEMBER_LIST_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor = keys.length > MEMBER_LIST_PAGE_SIZE && last ? encodeCursor(last) : null;
  return {
    json: keptBytes(pageJson(page, viewer.id, nextCursor)),
    members: page.map((key) => key.id),
  };
}

/**
 * The friend flags as JSON to end an entry with (`,"isConnected":…}`): a handful of combinations,
 * each written once and found again by its three values, not by writing it.
 */
const flagsJson = new Map<string, string>();
function flagsText(flags: FriendFlags): string {
  const key = `${flags.isConnected}${flags.isPending}${flags.isFriend}`;
  let text = flagsJson.get(key);
  if (text === undefined) {
    text = `,${JSON.stringify(flags).slice(1)}`;
    flagsJson.set(key, text);
  }
  return text;
}

/**
 * A page's JSON (MemberListOutput) from its members' stored entries: each entry up to its closing
 * brace, then its flags (last, as MemberListEntry lists them).
 */
function pageJson(
  page: readonly DirectoryKey[],
  viewerId: number,
  nextCursor: string | null,
): string {
  const items = page.map(
    ({ id, friendship, entry }) =>
      entry.slice(0, -1) + flagsText(friendFlags({ id, friendship }, viewerId)),
  );
  return `{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/**
 * The builders of a page's statements, each one function, so executeShaped keeps each one's
 * shapes together (decisions 0054, 0055).
 */
const directoryPage = (input: pages.DirectoryPageInput) => pages.directoryPageQuery(input);
const directoryRest = (input: pages.DirectoryPageInput) => pages.directoryRestQuery(input);

/**
 * A directory page's rows (directoryQuery), its statements built once per shape and run in turn
 * as named prepared statements (decisions 0034, 0054).
 */
function readPage<Row extends { id: number }>(db: Tx, input: pages.DirectoryPageInput) {
  const builders = pages.directoryStatements(input, directoryPage, directoryRest);
  return pages.readInTurn(builders, input.limit, (build) =>
    executeShaped<pages.DirectoryPageInput, Row>(db, build, input, pages.DIRECTORY_PAGE_VALUES),
  );
}

/** "People like you": up to MEMBER_LIST_PAGE_SIZE members, best first (one bounded statement). */
export async function suggestMembers(db: Tx, reader: DirectoryReader) {
  const viewer = await directoryViewer(db, reader);
  const rows = await executeNamed<SuggestionRecord>(
    db,
    suggestions.suggestionsQuery(viewer, MEMBER_LIST_PAGE_SIZE),
  );
  return { items: rows.map((row) => presentSuggestion(row, reader.userId)) };
}

/** Largest `first` of the GraphQL user listing (spec §9: friends list page size). */
export const USERS_MAX_FIRST = 1000;
/** WPGraphQL's default page size. */
export const USERS_DEFAULT_FIRST = 10;

export interface UserListingArgs {
  first?: number | null;
  after?: string | null;
  include?: readonly number[] | null;
  filters: DirectoryFilters;
}

/**
 * The GraphQL user listing (WPGraphQL `users`): the directory, or with `include` exactly those
 * members (blocked ones left out); one statement for any page size up to USERS_MAX_FIRST.
 */
export async function listUsers(db: Tx, reader: DirectoryReader, args: UserListingArgs) {
  const first = Math.min(Math.max(args.first ?? USERS_DEFAULT_FIRST, 0), USERS_MAX_FIRST);
  const after = decodeCursor(args.after ?? undefined, 'after');
  if (first === 0 || (args.include && args.include.length === 0))
    return { nodes: [], pageInfo: pageInfo([], false) };
  const viewer = await directoryViewer(db, reader);
  const statements = args.include
    ? [pages.includedQuery(viewer, [...new Set(args.include)], args.filters, after, first + 1)]
    : pages.directoryQuery(viewer, args.filters, after, first + 1);
  const rows = await readRows(db, viewer, statements, first + 1);
  const page = rows.slice(0, first);
  await auditStaffHealthReadsInList(
    db,
    reader,
    page.map((row) => ({ userId: row.id, fields: row.fields.map(([name]) => name) })),
    'users',
  );
  return {
    nodes: page.map((row) => presentListedUser(row, reader.userId)),
    pageInfo: pageInfo(page, rows.length > first),
  };
}

/**
 * A page of the members in a SQL set of ids (a group's members, decision 0042) as member-list
 * entries (MemberListEntry), in display-name order, with the directory's search and filters and
 * what each member lets the viewer see. One statement for the page; the caller checked the viewer
 * may list the set.
 */
export async function listMembersWithin(
  db: Tx,
  reader: DirectoryReader,
  within: SQL,
  query: MemberListQuery,
) {
  const viewer = await directoryViewer(db, reader);
  const rows = await executeNamed<DirectoryRecord & StoredEntry & Pick<DirectoryRow, 'friendship'>>(
    db,
    pages.includedQuery(
      viewer,
      within,
      filtersOf(query),
      decodeCursor(query.cursor),
      MEMBER_LIST_PAGE_SIZE + 1,
      'with entries',
    ),
  );
  const page = rows.slice(0, MEMBER_LIST_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => presentEntry(row, reader.userId)),
    nextCursor: rows.length > MEMBER_LIST_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

function pageInfo(page: DirectoryRow[], hasNextPage: boolean) {
  const first = page[0];
  const last = page.at(-1);
  return {
    hasNextPage,
    hasPreviousPage: false,
    startCursor: first ? encodeCursor(first) : null,
    endCursor: last ? encodeCursor(last) : null,
  };
}

/** A name search's text as a LIKE pattern over `users.search_text` (the chat's inbox search). */
export { searchPattern as nameSearchPattern } from './repository';
