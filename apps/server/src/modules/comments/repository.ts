import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { commentHelpful, comments, users } from '../../db/schema';
import { notBlockedByOrOf } from '../connections/sql';

/** A comment with its author and helpful marks (one statement for a whole page: no N+1). */
const commentColumns = (viewerId: number) => ({
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  authorId: comments.authorId,
  document: comments.document,
  html: comments.html,
  text: comments.text,
  hiddenAt: comments.hiddenAt,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  authorNickname: users.nickname,
  authorFirstName: users.firstName,
  authorAvatarUrl: users.avatarUrl,
  authorRoles: users.roles,
  helpfulCount: sql<number>`(select count(*)::int from ${commentHelpful} h
    where h.comment_id = ${comments.id})`,
  helpful: sql<boolean>`exists (select 1 from ${commentHelpful} h
    where h.comment_id = ${comments.id} and h.user_id = ${viewerId})`,
});

export type CommentRow = Awaited<ReturnType<typeof findComment>> & object;

export type NewComment = Pick<
  typeof comments.$inferInsert,
  'postId' | 'authorId' | 'parentId' | 'document' | 'html' | 'text'
>;

export async function insertComment(db: Tx, comment: NewComment): Promise<number> {
  const [row] = await db.insert(comments).values(comment).returning({ id: comments.id });
  return row!.id;
}

/** A comment as `viewerId` reads it; none when its author and the viewer blocked one another. */
export async function findComment(db: Tx, id: number, viewerId: number) {
  const [row] = await db
    .select(commentColumns(viewerId))
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.id, id), notBlockedByOrOf(sql`${viewerId}`, comments.authorId)));
  return row;
}

/**
 * A post's comments, oldest first, after `afterId`: those shown, and the viewer's own hidden ones
 * (all of them for staff); never by a member the viewer blocked or who blocked them.
 */
export function listComments(
  db: Tx,
  filter: { postId: number; viewerId: number; moderator: boolean; afterId?: number; limit: number },
) {
  return db
    .select(commentColumns(filter.viewerId))
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        eq(comments.postId, filter.postId),
        filter.afterId ? gt(comments.id, filter.afterId) : undefined,
        filter.moderator
          ? undefined
          : or(isNull(comments.hiddenAt), eq(comments.authorId, filter.viewerId)),
        notBlockedByOrOf(sql`${filter.viewerId}`, comments.authorId),
      ),
    )
    .orderBy(asc(comments.id))
    .limit(filter.limit);
}

export async function updateComment(
  db: Tx,
  id: number,
  change: Pick<NewComment, 'document' | 'html' | 'text'>,
) {
  await db
    .update(comments)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(comments.id, id));
}

export async function deleteComment(db: Tx, id: number) {
  await db.delete(comments).where(eq(comments.id, id));
}

export async function setHidden(db: Tx, id: number, hidden: boolean) {
  await db
    .update(comments)
    .set({ hiddenAt: hidden ? sql`now()` : null })
    .where(eq(comments.id, id));
}

/** Marks a comment helpful for a member, or takes the mark back; answers the count after. */
export async function setHelpful(db: Tx, commentId: number, userId: number, helpful: boolean) {
  if (helpful) await db.insert(commentHelpful).values({ commentId, userId }).onConflictDoNothing();
  else
    await db
      .delete(commentHelpful)
      .where(and(eq(commentHelpful.commentId, commentId), eq(commentHelpful.userId, userId)));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(commentHelpful)
    .where(eq(commentHelpful.commentId, commentId));
  return row!.count;
}

/**
 * Who of `ids` may be told about something `actorId` did: members who exist, with the address and
 * language a mail needs, neither blocking the actor nor blocked by them; one statement.
 */
export async function notifiable(db: Tx, actorId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(inArray(users.id, [...ids]), notBlockedByOrOf(sql`${actorId}`, users.id)));
}

/** Every comment of one author, oldest first (the data export). */
export async function commentsByAuthor(db: Tx, authorId: number) {
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      text: comments.text,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(eq(comments.authorId, authorId))
    .orderBy(comments.id);
}
