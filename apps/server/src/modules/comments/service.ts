import {
  COMMENTS_PAGE_SIZE,
  MENTION_SUGGESTIONS,
  type Actor,
  type Capability,
  type CommentCreateInput,
  type RichTextInput,
} from '@attune/contract';
import type { Db, Tx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { decodeIdCursor, encodeIdCursor } from '../../lib/id-cursor';
import type { RateLimits } from '../../plugins/app/rate-limits';
import * as members from '../members/service';
import * as events from '../events/service';
import * as posts from '../posts/service';
import * as policy from './policy';
import { factsOf, presentComment } from './presenter';
import * as repository from './repository';

export interface CommentsContext {
  db: Db;
  rateLimits: RateLimits;
  publicUrl: string;
}

const commentNotFound = () => notFound('This comment does not exist or is not available to you.');

/** A comment the actor may read, on a post they may read; 404 otherwise. */
async function readable(db: Tx, actor: Actor, id: number) {
  const row = await repository.findComment(db, id, actor.userId);
  if (!row || !policy.mayRead(actor, factsOf(row))) throw commentNotFound();
  const post = await posts.postForComments(db, actor, row.postId);
  return { row, post };
}

const presentFor =
  (actor: Actor, post: Awaited<ReturnType<typeof posts.postForComments>>) =>
  (row: repository.CommentRow) =>
    presentComment(row, actor, post);

/**
 * Who hears of a new comment, each once and never its author: the parent comment's author
 * (a reply), the post's author (a comment on their post), and the members it mentions.
 */
type CommentNoticeKind = 'comment_on_my_post' | 'reply_to_my_comment' | 'mention';

function noticesFor(
  actorId: number,
  post: { authorId: number },
  parentAuthorId: number | null,
  mentioned: readonly number[],
): Map<number, CommentNoticeKind> {
  const notices = new Map<number, CommentNoticeKind>();
  if (parentAuthorId !== null) notices.set(parentAuthorId, 'reply_to_my_comment');
  if (!notices.has(post.authorId)) notices.set(post.authorId, 'comment_on_my_post');
  for (const id of mentioned) if (!notices.has(id)) notices.set(id, 'mention');
  notices.delete(actorId);
  return notices;
}

/**
 * A new comment on a post the actor may read, or a reply to one of its comments (threaded one
 * level: a reply to a reply joins its thread). In one transaction with the notices it causes,
 * each mailed when the member's switch for it is on.
 */
export async function createComment(ctx: CommentsContext, actor: Actor, input: CommentCreateInput) {
  const post = await posts.postForComments(ctx.db, actor, input.postId);
  if (!post.mayComment) throw forbidden('You are not allowed to comment here.');
  let parent: repository.CommentRow | undefined;
  if (input.parentId !== undefined) {
    parent = await repository.findComment(ctx.db, input.parentId, actor.userId);
    if (!parent || parent.postId !== post.id || !policy.mayRead(actor, factsOf(parent)))
      throw new AppError('validation_failed', 400, 'There is no such comment on this post.', {
        field: 'parentId',
      });
  }
  const content = await posts.readContent(ctx.db, input.content);
  await ctx.rateLimits.consume('comment:account', String(actor.userId));
  const threadParent = parent ? (parent.parentId ?? parent.id) : null;
  const id = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertComment(tx, {
      postId: post.id,
      authorId: actor.userId,
      parentId: threadParent,
      document: content.document,
      html: content.html,
      text: content.text,
    });
    const notices = noticesFor(actor.userId, post, parent?.authorId ?? null, content.mentions);
    const recipients = await repository.notifiable(tx, actor.userId, [...notices.keys()]);
    await events.record(tx, {
      type: 'comment_written',
      actorId: actor.userId,
      post: { id: post.id, slug: post.slug, title: post.title },
      commentId: created,
      recipients: recipients.map((recipient) => ({
        recipient,
        kind: notices.get(recipient.id)!,
      })),
      publicUrl: ctx.publicUrl,
    });
    return created;
  });
  return presentFor(actor, post)((await repository.findComment(ctx.db, id, actor.userId))!);
}

/** A page of a post's comments the actor may see, oldest first (replies follow their thread's order). */
export async function listComments(db: Tx, actor: Actor, postId: number, cursor?: string) {
  const post = await posts.postForComments(db, actor, postId);
  const rows = await repository.listComments(db, {
    postId,
    viewerId: actor.userId,
    moderator: policy.mayModerate(actor),
    afterId: decodeIdCursor(cursor),
    limit: COMMENTS_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, COMMENTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(presentFor(actor, post)),
    nextCursor: rows.length > COMMENTS_PAGE_SIZE && last ? encodeIdCursor(last.id) : null,
  };
}

/** The author changes their comment's text (mentions added now notify nobody). */
export async function updateComment(
  ctx: CommentsContext,
  actor: Actor,
  id: number,
  content: RichTextInput,
) {
  const { row, post } = await readable(ctx.db, actor, id);
  if (!policy.mayEdit(actor, factsOf(row)))
    throw forbidden('Only the author can change this comment.');
  const text = await posts.readContent(ctx.db, content);
  await repository.updateComment(ctx.db, id, {
    document: text.document,
    html: text.html,
    text: text.text,
  });
  return presentFor(actor, post)((await repository.findComment(ctx.db, id, actor.userId))!);
}

/** The author deletes their comment, and with it the replies to it. */
export async function deleteComment(ctx: CommentsContext, actor: Actor, id: number) {
  const { row } = await readable(ctx.db, actor, id);
  if (!policy.mayDelete(actor, factsOf(row)))
    throw forbidden('Only the author can delete this comment.');
  await repository.deleteComment(ctx.db, id);
}

/** Staff hide a comment from members, or show it again. */
export async function setCommentHidden(
  ctx: CommentsContext,
  actor: Actor,
  id: number,
  hidden: boolean,
) {
  const { row, post } = await readable(ctx.db, actor, id);
  if (!policy.mayHide(actor, factsOf(row))) throw forbidden('Only staff can hide comments.');
  await repository.setHidden(ctx.db, id, hidden);
  return presentFor(actor, post)((await repository.findComment(ctx.db, id, actor.userId))!);
}

/** Marks a comment helpful, or takes the mark back (not on one's own). */
export async function setCommentHelpful(db: Db, actor: Actor, id: number, helpful: boolean) {
  const { row } = await readable(db, actor, id);
  if (!policy.mayMarkHelpful(actor, factsOf(row)))
    throw forbidden('You cannot mark your own comment as helpful.');
  const helpfulCount = await repository.setHelpful(db, id, actor.userId, helpful);
  return { helpful, helpfulCount };
}

/**
 * The asker accepts an answer to their question (a comment on it, not a reply, by someone else),
 * or none; the answer's author is told (no mail).
 */
export async function acceptAnswer(
  ctx: CommentsContext,
  actor: Actor,
  postId: number,
  commentId: number | null,
) {
  const post = await posts.postForComments(ctx.db, actor, postId);
  if (!post.mayAcceptAnswer) throw forbidden('Only the person who asked can accept an answer.');
  if (commentId === null) {
    await posts.setAcceptedComment(ctx.db, postId, null);
    return { acceptedCommentId: null };
  }
  const comment = await repository.findComment(ctx.db, commentId, actor.userId);
  if (
    !comment ||
    comment.postId !== postId ||
    comment.parentId !== null ||
    comment.authorId === actor.userId ||
    !policy.mayRead(actor, factsOf(comment))
  )
    throw new AppError('validation_failed', 400, 'This is not an answer to your question.', {
      field: 'commentId',
    });
  await ctx.db.transaction(async (tx) => {
    await posts.setAcceptedComment(tx, postId, commentId);
    if (post.acceptedCommentId === commentId) return;
    await events.record(tx, {
      type: 'answer_accepted',
      actorId: actor.userId,
      postId,
      commentId,
      recipients: await repository.notifiable(tx, actor.userId, [comment.authorId]),
    });
  });
  return { acceptedCommentId: commentId };
}

/**
 * Members the actor may mention whose name starts or contains `search`: the directory's search,
 * so only members the actor may see (listed, not blocked either way), at most MENTION_SUGGESTIONS.
 */
export async function mentionCandidates(
  db: Tx,
  actor: { userId: number; capabilities: readonly Capability[] },
  search: string,
) {
  const found = await members.listUsers(db, actor, {
    first: MENTION_SUGGESTIONS,
    filters: { search },
  });
  return {
    items: found.nodes.map((node) => ({
      id: node.databaseId,
      nickname: node.nickname,
      name: node.name,
      avatarUrl: node.avatar.url ?? '',
    })),
  };
}

/**
 * A comment written as if by its author, for the demo community (local mode): the same reading of
 * the text, without limits or notices. Returns the new comment's id.
 */
export async function seedComment(db: Tx, authorId: number, postId: number, html: string) {
  const content = await posts.readContent(db, html);
  return repository.insertComment(db, {
    postId,
    authorId,
    parentId: null,
    document: content.document,
    html: content.html,
    text: content.text,
  });
}

/** The member's own comments, for their data export. */
export async function commentsForExport(db: Tx, userId: number) {
  const rows = await repository.commentsByAuthor(db, userId);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
