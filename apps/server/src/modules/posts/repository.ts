import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES } from '@attune/contract';
import type { Tx } from '../../db/client';
import { asDate, executeShaped, rowCount, type Bound } from '../../db/prepared';
import { groupMembers, groups, postHelpful, posts, savedPosts, users } from '../../db/schema';
import { circleOf, notBlockedByOrOf } from '../connections/sql';
import { groupsOf, readableGroup } from '../groups/sql';

/**
 * A post with the author columns every reader gets, and whether `viewerId` saved it (one statement
 * for a whole list: no N+1).
 */
const postColumns = (viewerId: Bound<number>) => ({
  ...listedColumns(viewerId),
  /** The editor's document, for changing the post: only when one post is read. */
  document: posts.document,
});

/**
 * A post as lists read it: without its editor document, which only the post's own page needs (a
 * list of 20 would otherwise carry each document besides its HTML).
 */
const listedColumns = (viewerId: Bound<number>) => ({
  ...cardColumns,
  ...markColumns(viewerId),
  /** The viewer's membership of the post's group ('active', 'pending' or null) and role. */
  viewerGroupStatus: sql<string | null>`vm.status`,
  viewerGroupRole: sql<string | null>`vm.role`,
});

/**
 * What every reader sees of a post, its author and its group: a post's card, the same for all
 * (lists keep it in memory, cards.ts; decision 0051).
 */
const cardColumns = {
  id: posts.id,
  kind: posts.kind,
  authorId: posts.authorId,
  language: posts.language,
  title: posts.title,
  slug: posts.slug,
  html: posts.html,
  hiddenAt: posts.hiddenAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  authorNickname: users.nickname,
  authorFirstName: users.firstName,
  authorAvatarUrl: users.avatarUrl,
  authorRoles: users.roles,
  acceptedCommentId: posts.acceptedCommentId,
  groupId: posts.groupId,
  groupSlug: groups.slug,
  groupName: groups.name,
  groupStatus: groups.status,
  helpfulCount: posts.helpfulCount,
  commentCount: posts.commentCount,
};

/** What only this reader has of a post: whether they saved it and marked it helpful. */
const markColumns = (viewerId: Bound<number>) => ({
  saved: sql<boolean>`exists (select 1 from ${savedPosts} s
    where s.user_id = ${viewerId} and s.post_id = ${posts.id})`,
  helpful: sql<boolean>`exists (select 1 from ${postHelpful} h
    where h.post_id = ${posts.id} and h.user_id = ${viewerId})`,
});

/** Neither the viewer nor the author blocked the other (decision 0032: a block hides both ways). */
const notBlocked = (viewerId: Bound<number>) => notBlockedByOrOf(sql`${viewerId}`, posts.authorId);

/** The tables a post's card joins: the author and the post's group. */
const cardsJoined = sql`${posts} join ${users} on ${users.id} = ${posts.authorId}
    left join lateral (select g.id, g.slug, g.name, g.status from ${groups} g
      where g.id = ${posts.groupId} limit 1) ${groups} on true`;

/**
 * The tables every read of whole posts joins: the card's, and the viewer's membership of the
 * post's group (`vm`, read by postColumns).
 */
const postsJoined = (viewerId: Bound<number>) =>
  sql`${cardsJoined}
    left join ${groupMembers} vm on vm.group_id = ${posts.groupId} and vm.user_id = ${viewerId}`;

/** A select list naming each column by its key, so a named statement's rows come keyed so. */
const selectList = (columns: Record<string, unknown>) =>
  sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );

/** Only the shape of a post row (never run): what the reads below answer, typed by Drizzle. */
const _postRowShape = (db: Tx) =>
  db
    .select(postColumns(0))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(groups, eq(groups.id, posts.groupId));
type PostRowShape = Awaited<ReturnType<typeof _postRowShape>>[number];
/** A post as read: from a list, without its editor document. */
export type PostRow = Omit<PostRowShape, 'document'> & { document?: unknown };

/**
 * Reads posts with a statement of this module, as a named statement with one generic plan and its
 * text built once per shape (executeShaped, decisions 0035, 0050): planning a post read took longer
 * than running it (decision 0043), and building its text with Drizzle longer still. The statements
 * are written so that one plan suits any value: page sizes are literals, values placeholders.
 */
async function readPosts<Input extends object, Row extends PostCardRow = PostRow>(
  db: Tx,
  build: (input: Input) => SQL,
  input: Input,
  valueKeys: readonly (keyof Input & string)[],
): Promise<Row[]> {
  const found = await executeShaped<Input, Row>(db, build, input, valueKeys);
  for (const row of found) {
    row.createdAt = asDate(row.createdAt)!;
    row.updatedAt = asDate(row.updatedAt)!;
    row.hiddenAt = asDate(row.hiddenAt);
  }
  return found;
}

export type NewPost = Omit<
  typeof posts.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'hiddenAt' | 'announcement'
>;

export async function insertPost(db: Tx, post: NewPost): Promise<number> {
  const [row] = await db
    .insert(posts)
    .values({ ...post, announcement: isStaffAuthor(post.authorId) })
    .returning({ id: posts.id });
  return row!.id;
}

/** The slugs already taken by `base` and its numbered variants (`base-2`, `base-3` …). */
export async function slugsLike(db: Tx, base: string): Promise<string[]> {
  // A slug holds only letters, digits and hyphens (spec §5), so `base` has no LIKE wildcards.
  const rows = await db
    .select({ slug: posts.slug })
    .from(posts)
    .where(or(eq(posts.slug, base), sql`${posts.slug} like ${`${base}-%`}`));
  return rows.map((row) => row.slug);
}

/** Which post findPost reads, by whom. */
export interface PostLookup {
  id?: Bound<number>;
  slug?: Bound<string>;
  viewerId: Bound<number>;
}

/** The statement of findPost (the EXPLAIN test reads its plan). */
export function findPostQuery(lookup: PostLookup): SQL {
  return sql`select ${selectList(postColumns(lookup.viewerId))} from ${postsJoined(lookup.viewerId)}
    where ${lookup.id !== undefined ? eq(posts.id, lookup.id) : eq(posts.slug, lookup.slug!)}
      and ${notBlocked(lookup.viewerId)}`;
}

export async function findPost(db: Tx, where: { id: number } | { slug: string }, viewerId: number) {
  const lookup: PostLookup = { ...where, viewerId };
  const [row] = await readPosts(db, findPostQuery, lookup, ['id', 'slug', 'viewerId']);
  return row;
}

/** What a list of posts shows, to whom (values may be placeholders: executeShaped). */
export interface PostListFilter {
  language?: Bound<string>;
  authorId?: Bound<number>;
  /**
   * The viewer's feed: their own posts, their connections', their groups' and announcements
   * (decisions 0039, 0042, 0043).
   */
  feed?: boolean;
  /** Posts older than this one (the previous page's last id). */
  beforeId?: Bound<number>;
  limit: number;
  /** Only posts of this kind ('post' or 'question'). */
  kind?: Bound<string>;
  /**
   * Only posts written in this group: the caller checked the viewer may read it, or asks the
   * statement to (`unlessGroupUnreadable`).
   */
  groupId?: Bound<number>;
  /**
   * With `groupId`: the statement answers nothing when the viewer may not read the group, tested
   * once (so a page with posts needs no other check; decision 0050).
   */
  unlessGroupUnreadable?: boolean;
  /** Who reads: hidden posts are listed to their author and, with `moderator`, to staff. */
  viewerId: Bound<number>;
  moderator: boolean;
  /** Staff who read every group (`manage_groups`). */
  groupStaff: boolean;
}

/**
 * A post in a group is listed only to who may read the group (decision 0042), and to its author.
 */
const inReadableGroup = (viewerId: Bound<number>, groupStaff: boolean) =>
  or(
    isNull(posts.groupId),
    eq(posts.authorId, viewerId),
    readableGroup(posts.groupId, viewerId, groupStaff),
  );

/** The staff roles as the SQL array literal of users_staff_idx's predicate (constants only). */
const STAFF_ROLES_LITERAL = `'{${STAFF_ROLES.join(',')}}'`;

/** Whether `authorId` is staff now: a post they write is an announcement (decision 0043). */
const isStaffAuthor = (authorId: number) =>
  sql`exists (select 1 from users u where u.id = ${authorId}
    and u.roles && ${sql.raw(STAFF_ROLES_LITERAL)}::text[])`;

/** A page's size written into the statement's text (db/prepared.ts): one plan fits every value. */
const rows = rowCount;

/**
 * The ids that may be on a page of a member's feed (decision 0043): the newest `limit` older than
 * the cursor from each of its sources, each read from its own index and already filtered by what
 * the viewer may see (visibleTo; in the member's own groups without asking again whether the group
 * is readable: being in it is what makes it so), so their union holds the page:
 * - announcements (staff's posts, posts_announcement_idx);
 * - the member's own and their accepted connections' posts (either side of the friendship), per
 *   author (posts_author_idx);
 * - what was written in the member's groups, per group (posts_group_idx).
 * Each source is bounded by the page size, so a page costs about the same at any depth and the
 * posts of strangers are never walked.
 */
function feedCandidates(filter: PostListFilter): SQL {
  const viewerId = filter.viewerId;
  const before = filter.beforeId ? sql` and ${posts.id} < ${filter.beforeId}` : sql``;
  const newest = (where: SQL, visible = visibleTo(filter)) =>
    sql`select ${posts.id} from ${posts} where ${where} and ${visible}${before}
      order by ${posts.id} desc limit ${rows(filter.limit)}`;
  return sql`(${newest(sql`${posts.announcement}`)})
    union all
    (select c.id from (${circleOf(viewerId)}) a (author_id)
      cross join lateral (${newest(sql`${posts.authorId} = a.author_id`)}) c)
    union all
    (select c.id from (${groupsOf(viewerId)}) g (group_id)
      cross join lateral (${newest(sql`${posts.groupId} = g.group_id`, visibleTo(filter, true))}) c)`;
}

/**
 * Newest first, by id (posts_language_idx, posts_author_idx, posts_group_idx or the primary key;
 * the feed from its sources, feedCandidates). The statement (the EXPLAIN test reads its plan);
 * listPosts runs it.
 */
/**
 * What the viewer may see of any post: shown (or theirs, or they moderate), by nobody blocked
 * either way, in no group or one they may read (`inGroup`: the caller checked the group).
 */
const visibleTo = (
  filter: Pick<PostListFilter, 'viewerId' | 'moderator' | 'groupStaff'>,
  inGroup = false,
) =>
  and(
    filter.moderator ? undefined : or(isNull(posts.hiddenAt), eq(posts.authorId, filter.viewerId)),
    notBlocked(filter.viewerId),
    inGroup ? undefined : inReadableGroup(filter.viewerId, filter.groupStaff),
  )!;

/** The id, slug and title of those of these posts the viewer may read (notifications name them). */
export async function readableTitles(
  db: Tx,
  ids: number[],
  viewer: Pick<PostListFilter, 'viewerId' | 'moderator' | 'groupStaff'>,
) {
  if (ids.length === 0) return [];
  return db
    .select({ id: posts.id, slug: posts.slug, title: posts.title })
    .from(posts)
    .where(and(inArray(posts.id, ids), visibleTo(viewer)));
}

export function listPostsQuery(filter: PostListFilter): SQL {
  const visible = visibleTo(filter, Boolean(filter.groupId));
  const conditions = and(
    filter.language ? eq(posts.language, filter.language) : undefined,
    filter.authorId ? eq(posts.authorId, filter.authorId) : undefined,
    filter.kind ? eq(posts.kind, filter.kind) : undefined,
    filter.groupId ? eq(posts.groupId, filter.groupId) : undefined,
    filter.groupId && filter.unlessGroupUnreadable
      ? readableGroup(sql`${filter.groupId}::int`, filter.viewerId, filter.groupStaff)
      : undefined,
    filter.beforeId ? lt(posts.id, filter.beforeId) : undefined,
    // The page's ids as one array, worked out first (an InitPlan): the posts are then read by
    // primary key, never walked to meet the candidates. Each id once: a connection's post in
    // one of the viewer's groups comes from both sources (a page one short ended the feed).
    filter.feed
      ? sql`${posts.id} = any(array(select distinct c.id from (${feedCandidates(filter)}) c
          order by c.id desc limit ${rows(filter.limit)}))`
      : visible,
  )!;
  // Only the page's ids and the viewer's marks: what every reader sees of each post comes from
  // its card (cards.ts, decision 0051), so the statement joins nothing.
  return sql`select ${posts.id} as "id", ${selectList(markColumns(filter.viewerId))}
    from ${posts}
    where ${conditions}
    order by ${posts.id} desc limit ${rows(filter.limit)}`;
}

/** The values of a list's statement; the rest of its filter is its shape. */
const LIST_VALUES = ['language', 'authorId', 'beforeId', 'kind', 'groupId', 'viewerId'] as const;

/** A post on a page of a list, as this viewer has it: its id and their marks. */
export interface PostMarks {
  id: number;
  saved: boolean;
  helpful: boolean;
}

/** The ids (newest first) of a page of posts the viewer may read, with their marks. */
export const listPosts = (db: Tx, filter: PostListFilter) =>
  executeShaped<PostListFilter, PostMarks>(db, listPostsQuery, filter, LIST_VALUES);

/** The statement of postCards (the EXPLAIN test reads its plan). */
export function postCardsQuery(input: { ids: Bound<number[]> }): SQL {
  return sql`select ${selectList(cardColumns)} from ${cardsJoined}
    where ${posts.id} = any(${boundArray(input.ids)}::int[])`;
}

/** A list as one parameter (Drizzle would spread an array given as it is into a list of them). */
const boundArray = (values: Bound<number[]>) =>
  Array.isArray(values) ? sql.param(values) : values;

/** What every reader sees of a post (cards.ts): its row, without the reader's marks. */
export type PostCardRow = Omit<
  PostRow,
  'saved' | 'helpful' | 'viewerGroupStatus' | 'viewerGroupRole' | 'document'
>;

/** The cards of these posts, in no particular order (one statement, by primary key). */
export const postCards = (db: Tx, ids: number[]) =>
  readPosts<{ ids: Bound<number[]> }, PostCardRow>(db, postCardsQuery, { ids }, ['ids']);

export async function updatePost(
  db: Tx,
  id: number,
  change: Partial<Pick<NewPost, 'title' | 'language' | 'document' | 'html' | 'text'>>,
) {
  await db
    .update(posts)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(posts.id, id));
}

export async function setHidden(db: Tx, id: number, hidden: boolean) {
  await db
    .update(posts)
    .set({ hiddenAt: hidden ? sql`now()` : null })
    .where(eq(posts.id, id));
}

export async function deletePost(db: Tx, id: number) {
  await db.delete(posts).where(eq(posts.id, id));
}

/** Every post of one author, oldest first (the data export). */
export async function postsByAuthor(db: Tx, authorId: number) {
  return db.select().from(posts).where(eq(posts.authorId, authorId)).orderBy(posts.id);
}

/** Saves a post for a member (again is fine). */
export async function savePost(db: Tx, userId: number, postId: number) {
  await db.insert(savedPosts).values({ userId, postId }).onConflictDoNothing();
}

export async function unsavePost(db: Tx, userId: number, postId: number) {
  await db
    .delete(savedPosts)
    .where(and(eq(savedPosts.userId, userId), eq(savedPosts.postId, postId)));
}

/**
 * The posts a member saved that they may still read, newest saved first, from before the save
 * `beforeSaveId` (the previous page's last); one statement (saved_posts_user_idx).
 */
export function listSavedPostsQuery(filter: {
  viewerId: Bound<number>;
  moderator: boolean;
  groupStaff: boolean;
  beforeSaveId?: Bound<number>;
  limit: number;
}): SQL {
  const conditions = and(
    eq(savedPosts.userId, filter.viewerId),
    filter.beforeSaveId ? lt(savedPosts.id, filter.beforeSaveId) : undefined,
    visibleTo(filter),
  )!;
  return sql`select ${selectList({ ...listedColumns(filter.viewerId), saveId: savedPosts.id })}
    from ${savedPosts} join ${postsJoined(filter.viewerId)} on ${posts.id} = ${savedPosts.postId}
    where ${conditions}
    order by ${savedPosts.id} desc limit ${rows(filter.limit)}`;
}

export const listSavedPosts = (db: Tx, filter: Parameters<typeof listSavedPostsQuery>[0]) =>
  readPosts<Parameters<typeof listSavedPostsQuery>[0], PostRow & { saveId: number }>(
    db,
    listSavedPostsQuery,
    filter,
    ['viewerId', 'beforeSaveId'],
  );

/** The ids of the posts a member saved (the data export). */
export async function savedPostIds(db: Tx, userId: number) {
  const rows = await db
    .select({ postId: savedPosts.postId })
    .from(savedPosts)
    .where(eq(savedPosts.userId, userId))
    .orderBy(savedPosts.id);
  return rows.map((row) => row.postId);
}

/** Marks a post helpful for a member, or takes the mark back; answers the count after. */
export async function setPostHelpful(db: Tx, postId: number, userId: number, helpful: boolean) {
  if (helpful) await db.insert(postHelpful).values({ postId, userId }).onConflictDoNothing();
  else
    await db
      .delete(postHelpful)
      .where(and(eq(postHelpful.postId, postId), eq(postHelpful.userId, userId)));
  const [row] = await db
    .select({ count: posts.helpfulCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row!.count;
}

export async function setAcceptedComment(db: Tx, postId: number, commentId: number | null) {
  await db.update(posts).set({ acceptedCommentId: commentId }).where(eq(posts.id, postId));
}
