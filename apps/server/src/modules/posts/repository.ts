import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { posts, users } from '../../db/schema';

/** A post with the author columns every reader gets (one statement for a whole list: no N+1). */
const postColumns = {
  id: posts.id,
  kind: posts.kind,
  authorId: posts.authorId,
  language: posts.language,
  title: posts.title,
  slug: posts.slug,
  document: posts.document,
  html: posts.html,
  text: posts.text,
  hiddenAt: posts.hiddenAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  authorNickname: users.nickname,
  authorFirstName: users.firstName,
  authorAvatarUrl: users.avatarUrl,
  authorRoles: users.roles,
};

export type PostRow = Awaited<ReturnType<typeof findPost>> & object;

export type NewPost = Omit<
  typeof posts.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'hiddenAt'
>;

export async function insertPost(db: Tx, post: NewPost): Promise<number> {
  const [row] = await db.insert(posts).values(post).returning({ id: posts.id });
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

export async function findPost(db: Tx, where: { id: number } | { slug: string }) {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where('id' in where ? eq(posts.id, where.id) : eq(posts.slug, where.slug));
  return row;
}

export interface PostListFilter {
  language?: string;
  authorId?: number;
  /** Posts older than this one (the previous page's last id). */
  beforeId?: number;
  limit: number;
  /** Who reads: hidden posts are listed to their author and, with `moderator`, to staff. */
  viewerId: number;
  moderator: boolean;
}

/** Newest first, by id (posts_language_idx, posts_author_idx or the primary key). */
export async function listPosts(db: Tx, filter: PostListFilter) {
  const conditions: (SQL | undefined)[] = [
    filter.language ? eq(posts.language, filter.language) : undefined,
    filter.authorId ? eq(posts.authorId, filter.authorId) : undefined,
    filter.beforeId ? lt(posts.id, filter.beforeId) : undefined,
    filter.moderator ? undefined : or(isNull(posts.hiddenAt), eq(posts.authorId, filter.viewerId)),
  ];
  return db
    .select(postColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(desc(posts.id))
    .limit(filter.limit);
}

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
