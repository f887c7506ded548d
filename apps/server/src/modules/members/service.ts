import {
  MEMBER_LIST_PAGE_SIZE,
  type Capability,
  type MemberListQuery,
  type Visibility,
} from '@attune/contract';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { joinKept, keptBytes } from '../../lib/json-text';
import { decodeKeyCursor, encodeKeyCursor } from '../../lib/key-cursor';
import * as connections from '../connections/service';
import { executeNamed, executeShaped } from '../../db/prepared';
import {
  auditStaffHealthReadsInList,
  isStaff,
  maySeeField,
  profileFieldDefinitions,
} from '../users/service';
import { DirectoryCache, EntryCache } from './directory-cache';
import {
  friendFlags,
  type FriendFlags,
  presentEntry,
  presentListedUser,
  presentMember,
  presentSuggestion,
} from './presenter';
import * as repository from './repository';
import type {
  DirectoryCursor,
  DirectoryFilters,
  DirectoryKey,
  DirectoryRecord,
  DirectoryRow,
  DirectoryViewer,
  FieldIndex,
  SuggestionRecord,
} from './repository';

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

const viewerOf = async (db: Tx, reader: DirectoryReader): Promise<DirectoryViewer> => ({
  id: reader.userId,
  staff: isStaff(reader),
  fields: await directoryFields(db),
});

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
function visibleRow<Record extends DirectoryRecord>(
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
async function readRows<Record extends DirectoryRecord>(
  db: Tx,
  viewer: DirectoryViewer,
  statements: repository.DirectoryStatements,
  limit: number,
) {
  const records = await repository.readInTurn(statements, limit, (statement) =>
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
 * A read through the directory cache when there is one: the page this reader read last for the
 * same key, or `read` filed under the reader and the members it shows (`membersOf`).
 */
async function cached<T extends object>(
  cache: DirectoryCache | undefined,
  reader: DirectoryReader,
  what: string,
  query: Partial<MemberListQuery>,
  read: () => Promise<T>,
  membersOf: (value: T) => number[],
): Promise<T> {
  if (!cache) return read();
  const key = DirectoryCache.keyOf({ userId: reader.userId, staff: isStaff(reader) }, what, query);
  const kept = cache.get(key) as T | undefined;
  if (kept) return kept;
  const generation = cache.begin();
  const value = await read();
  cache.store(generation, key, value, [reader.userId, ...membersOf(value)]);
  return value;
}

/** What the member directory's routes keep in memory (decisions 0033, 0035). */
export interface DirectoryCaches {
  pages: DirectoryCache;
  entries: EntryCache;
}

/**
 * A page as sent: its JSON as UTF-8 bytes, and the members on it (what the page cache files it
 * under). Bytes, not a string: a page kept its 15 s lives outside the JavaScript heap, where the
 * young-generation collector never copies it (as a string, copying the pages that every read
 * leaves behind was about a fifth of the server's time on first reads; decision 0058).
 */
export interface MemberPage {
  json: Buffer;
  members: number[];
}

/**
 * One page of the member directory (spec §3 member-list entries, MemberListOutput) as JSON text:
 * MEMBER_LIST_PAGE_SIZE members in display-name order; kept a few seconds in `caches.pages`.
 */
export function listMembers(
  db: Tx,
  reader: DirectoryReader,
  query: MemberListQuery,
  caches?: DirectoryCaches,
): Promise<MemberPage> {
  return cached(
    caches?.pages,
    reader,
    'list',
    query,
    () => readMembers(db, reader, query, caches?.entries),
    (page) => page.members,
  );
}

/**
 * A page in two steps (decision 0035): the page's statement answers only who is on it and how
 * each stands to the viewer (DirectoryKey); each member's entry then comes from `entries` when a
 * reader who stands to them the same way read it in the last seconds, and only the others' records
 * are read, by primary key, and presented. The page is written as JSON from the entries' JSON.
 */
async function readMembers(
  db: Tx,
  reader: DirectoryReader,
  query: MemberListQuery,
  entries?: EntryCache,
): Promise<MemberPage> {
  const after = decodeCursor(query.cursor);
  const viewer = await viewerOf(db, reader);
  const filters = filtersOf(query);
  const limit = MEMBER_LIST_PAGE_SIZE + 1;
  const keys = await readPage<DirectoryKey>(
    db,
    repository.directoryPageInput(
      viewer,
      catalogueVersion(viewer.fields),
      filters,
      after,
      limit,
      'keys',
    ),
  );
  const page = keys.slice(0, MEMBER_LIST_PAGE_SIZE);
  const items = await memberEntries(db, viewer, page, entries);
  const last = page.at(-1);
  const nextCursor = keys.length > MEMBER_LIST_PAGE_SIZE && last ? encodeCursor(last) : null;
  return {
    json: pageJson(items, nextCursor),
    members: page.map((key) => key.id),
  };
}

/** A page's entries, each with how its member stands to the viewer. */
interface PageItem {
  /** The entry as JSON bytes, without the friend flags (EntryCache). */
  entry: Buffer;
  flags: FriendFlags;
}

const PAGE_OPEN = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/**
 * The friend flags as JSON bytes to end an entry with (`,"isConnected":…}`): a handful of
 * combinations, each written once and found again by its three values, not by writing it.
 */
const flagsJson = new Map<string, Buffer>();
function flagsBytes(flags: FriendFlags): Buffer {
  const key = `${flags.isConnected}${flags.isPending}${flags.isFriend}`;
  let bytes = flagsJson.get(key);
  if (!bytes) {
    bytes = Buffer.from(`,${JSON.stringify(flags).slice(1)}`);
    flagsJson.set(key, bytes);
  }
  return bytes;
}

/**
 * A page's JSON bytes (MemberListOutput) from its entries: each entry's bytes up to its closing
 * brace, then its flags (last, as MemberListEntry lists them), copied once into the page's own
 * bytes (it may be kept 15 s).
 */
function pageJson(items: readonly PageItem[], nextCursor: string | null): Buffer {
  const parts: Buffer[] = [PAGE_OPEN];
  items.forEach(({ entry, flags }, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(entry.subarray(0, -1), flagsBytes(flags));
  });
  parts.push(Buffer.from(`],"nextCursor":${JSON.stringify(nextCursor)}}`));
  return joinKept(parts);
}

/**
 * The builders of a page's statements, each one function, so executeShaped keeps each one's
 * shapes together (decisions 0054, 0055).
 */
const directoryPage = (input: repository.DirectoryPageInput) =>
  repository.directoryPageQuery(input, connections.friendshipColumn);
const directoryRest = (input: repository.DirectoryPageInput) =>
  repository.directoryRestQuery(input, connections.friendshipColumn);

/**
 * A directory page's rows (directoryQuery), its statements built once per shape and run in turn
 * as named prepared statements (decisions 0034, 0054).
 */
function readPage<Row extends { id: number }>(db: Tx, input: repository.DirectoryPageInput) {
  const builders = repository.directoryStatements(input, directoryPage, directoryRest);
  return repository.readInTurn(builders, input.limit, (build) =>
    executeShaped<repository.DirectoryPageInput, Row>(
      db,
      build,
      input,
      repository.DIRECTORY_PAGE_VALUES,
    ),
  );
}

/**
 * The entries of these members (in their order) as JSON bytes with their flags, from `entries`
 * or read and presented.
 */
async function memberEntries(
  db: Tx,
  viewer: DirectoryViewer,
  page: DirectoryKey[],
  entries?: EntryCache,
): Promise<PageItem[]> {
  const catalogue = catalogueVersion(viewer.fields);
  const keyOf = (member: Pick<DirectoryKey, 'id' | 'friendship'>) =>
    EntryCache.keyOf(
      catalogue,
      { staff: viewer.staff, connected: member.friendship === 'accepted' },
      member.id,
    );
  const json = new Map<number, Buffer>();
  for (const member of page) {
    const kept = entries?.get(keyOf(member));
    if (kept) json.set(member.id, kept.json);
  }
  const missing = new Map(
    page.filter((member) => !json.has(member.id)).map((member) => [member.id, member]),
  );
  if (missing.size > 0) {
    const generation = entries?.begin() ?? 0;
    const records = await executeShaped<
      { ids: readonly number[] },
      Omit<DirectoryRecord, 'friendship'>
    >(db, repository.entriesQuery, { ids: [...missing.keys()] }, ['ids']);
    for (const record of records) {
      // How the member stands to the viewer as the page's statement read it: the entry's key,
      // what the policy opens, and the flags all follow the one reading.
      const member = missing.get(record.id)!;
      const row = visibleRow(viewer, { ...record, friendship: member.friendship });
      const entry = keptBytes(JSON.stringify(presentMember(row)));
      entries?.store(generation, keyOf(member), { json: entry }, [row.id]);
      json.set(row.id, entry);
    }
  }
  // A member gone between the two statements (deleted) is left out of the page.
  return page.flatMap((member) => {
    const entry = json.get(member.id);
    return entry ? [{ entry, flags: friendFlags(member, viewer.id) }] : [];
  });
}

/**
 * "People like you": up to MEMBER_LIST_PAGE_SIZE members, best first (one bounded statement);
 * kept a few seconds in `cache`.
 */
export function suggestMembers(db: Tx, reader: DirectoryReader, caches?: DirectoryCaches) {
  return cached(
    caches?.pages,
    reader,
    'suggestions',
    {},
    () => readSuggestions(db, reader),
    (list) => list.items.map((entry) => entry.id),
  );
}

async function readSuggestions(db: Tx, reader: DirectoryReader) {
  const viewer = await viewerOf(db, reader);
  const rows = await readRows<SuggestionRecord>(
    db,
    viewer,
    [repository.suggestionsQuery(viewer, MEMBER_LIST_PAGE_SIZE, connections.friendshipColumn)],
    MEMBER_LIST_PAGE_SIZE,
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
  const viewer = await viewerOf(db, reader);
  if (first === 0 || (args.include && args.include.length === 0))
    return { nodes: [], pageInfo: pageInfo([], false) };
  const statements = args.include
    ? [
        repository.includedQuery(
          viewer,
          [...new Set(args.include)],
          args.filters,
          after,
          first + 1,
          connections.friendshipColumn,
        ),
      ]
    : repository.directoryQuery(
        viewer,
        args.filters,
        after,
        first + 1,
        connections.friendshipColumn,
      );
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
  const viewer = await viewerOf(db, reader);
  const rows = await readRows(
    db,
    viewer,
    [
      repository.includedQuery(
        viewer,
        within,
        filtersOf(query),
        decodeCursor(query.cursor),
        MEMBER_LIST_PAGE_SIZE + 1,
        connections.friendshipColumn,
      ),
    ],
    MEMBER_LIST_PAGE_SIZE + 1,
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
