import { createHash } from 'node:crypto';
import {
  POST_LIMITS,
  RICH_TEXT_LIMITS,
  type Actor,
  type PostCreateInput,
  type PostKind,
  type PostListOutput,
  type PostUpdateInput,
  type RichTextInput,
} from '@attune/contract';
import type { Tx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { decodeIdCursor, encodeIdCursor } from '../../lib/id-cursor';
import { freeSlug } from '../../lib/slugs';
import type { RateLimits } from '../../plugins/app/rate-limits';
import * as groups from '../groups/service';
import * as users from '../users/service';
import * as policy from './policy';
import { cardOf, type PostCard, type PostCardCache } from './cards';
import { factsOf, presentPost, presentReaderPart } from './presenter';

export { presentAuthor } from './presenter';
export { mayModerate } from './policy';
import * as repository from './repository';
import { readRichText, relabelMentions, type RichText } from './rich-text';

export interface PostsContext {
  db: Tx;
  rateLimits: RateLimits;
  /** The site's address, for the links in the mails a post in a group sends. */
  publicUrl: string;
}

const postNotFound = () => notFound('This post does not exist or is not available to you.');

/**
 * The text of a post (or comment) as it will be kept: read into the allow-listed document (decision 0038),
 * its mentions pointing at members who exist under their current names, within the limits.
 * Anything else is a 400 in the member's language (the code; the web has the text).
 */
export async function readContent(db: Tx, content: RichTextInput): Promise<RichText> {
  const read = readRichText(content);
  if (read.empty) throw new AppError('content_required', 400, 'Please write something first.');
  if (read.text.length > RICH_TEXT_LIMITS.maxChars)
    throw new AppError('content_too_long', 400, 'The text is too long.', {
      max: RICH_TEXT_LIMITS.maxChars,
    });
  if (read.mentions.length > RICH_TEXT_LIMITS.maxMentions)
    throw new AppError('too_many_mentions', 400, 'Too many members mentioned.', {
      max: RICH_TEXT_LIMITS.maxMentions,
    });
  if (read.mentions.length === 0) return read;
  const members = await users.findUserSummaries(db, read.mentions);
  return relabelMentions(
    read,
    new Map(members.map((member) => [member.id, member.nickname || member.username])),
  );
}

/** A free slug for a post's title (spec §5); a title of signs only gets the kind's name. */
const postSlug = (db: Tx, title: string, kind: PostKind) =>
  freeSlug(title, {
    maxLength: POST_LIMITS.slugMaxLength,
    fallback: kind,
    taken: (base) => repository.slugsLike(db, base),
  });

const duplicateKey = (actor: Actor, text: string) =>
  `${actor.userId}:${createHash('sha256').update(text.trim().toLowerCase()).digest('base64url')}`;

/** A new post or question by `actor` (201), within the posting limits. */
export async function createPost(
  ctx: PostsContext,
  actor: Actor,
  kind: PostKind,
  input: PostCreateInput,
) {
  if (!policy.mayWrite(actor)) throw forbidden('You are not allowed to write posts.');
  // In a group: only who may post there (404 for a group they may not know of).
  if (input.groupId !== undefined) await groups.assertMayPost(ctx.db, actor, input.groupId);
  const content = await readContent(ctx.db, input.content);
  const duplicate = duplicateKey(actor, content.text);
  if (await ctx.rateLimits.isExhausted('post-duplicate:account', duplicate))
    throw new AppError('duplicate_post', 429, 'You published this same text a moment ago.');
  await ctx.rateLimits.consume('post:account', String(actor.userId));
  // Two posts may race for a slug: the unique index refuses the second, which takes the next one.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const id = await ctx.db.transaction(async (tx) => {
        const slug = await postSlug(tx, input.title, kind);
        const postId = await repository.insertPost(tx, {
          kind,
          authorId: actor.userId,
          language: input.language,
          title: input.title,
          slug,
          groupId: input.groupId ?? null,
          document: content.document,
          html: content.html,
          text: content.text,
        });
        // The group's members are told in the same transaction: only if the post is written.
        if (input.groupId !== undefined)
          await groups.announcePost(tx, ctx.publicUrl, {
            id: postId,
            groupId: input.groupId,
            authorId: actor.userId,
            title: input.title,
            slug,
          });
        return postId;
      });
      await ctx.rateLimits.penalize('post-duplicate:account', duplicate);
      return presentPost((await repository.findPost(ctx.db, { id }, actor.userId))!, actor);
    } catch (error) {
      if (attempt >= 3 || !isSlugConflict(error)) throw error;
    }
  }
}

const isSlugConflict = (error: unknown) =>
  /posts_slug_key/.test(String((error as { constraint?: string })?.constraint ?? error));

/**
 * A post written as if by its author, for the demo community (local mode): the same reading of the
 * text and the same slug rule, without the posting limits. Returns the new post's id.
 */
export async function seedPost(
  db: Tx,
  authorId: number,
  kind: PostKind,
  input: PostCreateInput,
): Promise<number> {
  const content = readRichText(input.content);
  return repository.insertPost(db, {
    kind,
    authorId,
    language: input.language,
    title: input.title,
    slug: await postSlug(db, input.title, kind),
    groupId: input.groupId ?? null,
    document: content.document,
    html: content.html,
    text: content.text,
  });
}

/** A post the actor may read, by id or slug; 404 otherwise (hidden ones look missing). */
async function readable(db: Tx, actor: Actor, where: { id: number } | { slug: string }) {
  const row = await repository.findPost(db, where, actor.userId);
  if (!row || !policy.mayRead(actor, factsOf(row))) throw postNotFound();
  return row;
}

export async function getPost(db: Tx, actor: Actor, where: { id: number } | { slug: string }) {
  return presentPost(await readable(db, actor, where), actor);
}

/** The author changes their post's title, text or language; the slug stays. */
export async function updatePost(
  ctx: PostsContext,
  actor: Actor,
  id: number,
  input: PostUpdateInput,
) {
  const row = await readable(ctx.db, actor, { id });
  if (!policy.mayEdit(actor, factsOf(row)))
    throw forbidden('Only the author can change this post.');
  const content =
    input.content === undefined ? undefined : await readContent(ctx.db, input.content);
  await repository.updatePost(ctx.db, id, {
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.language === undefined ? {} : { language: input.language }),
    ...(content ? { document: content.document, html: content.html, text: content.text } : {}),
  });
  return getPost(ctx.db, actor, { id });
}

export async function deletePost(ctx: PostsContext, actor: Actor, id: number) {
  const row = await readable(ctx.db, actor, { id });
  if (!policy.mayDelete(actor, factsOf(row)))
    throw forbidden('Only the author can delete this post.');
  await repository.deletePost(ctx.db, id);
}

/** Staff hide a post from members, or show it again. */
export async function setPostHidden(ctx: PostsContext, actor: Actor, id: number, hidden: boolean) {
  const row = await readable(ctx.db, actor, { id });
  if (!policy.mayHide(actor, factsOf(row))) throw forbidden('Only staff can hide posts.');
  await repository.setHidden(ctx.db, id, hidden);
  return getPost(ctx.db, actor, { id });
}

/** Saves a post the actor may read, to find it again in `posts/saved` (again is fine). */
export async function savePost(db: Tx, actor: Actor, postId: number) {
  await readable(db, actor, { id: postId });
  await repository.savePost(db, actor.userId, postId);
  return { postId, saved: true };
}

/** Takes a post off the actor's saved posts (one never saved is fine). */
export async function unsavePost(db: Tx, actor: Actor, postId: number) {
  await repository.unsavePost(db, actor.userId, postId);
  return { postId, saved: false };
}

/** A page of the posts the actor saved and may still read, newest saved first. */
export async function listSavedPosts(db: Tx, actor: Actor, cursor?: string) {
  const limit = POST_LIMITS.pageSize;
  const rows = await repository.listSavedPosts(db, {
    viewerId: actor.userId,
    moderator: policy.mayModerate(actor),
    groupStaff: groups.isGroupStaff(actor),
    beforeSaveId: decodeIdCursor(cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => presentPost(row, actor)),
    nextCursor: rows.length > limit && last ? encodeIdCursor(last.saveId) : null,
  };
}

/** Which page of posts a list reads. */
export interface PostListOptions {
  language?: string;
  authorId?: number;
  feed?: boolean;
  /**
   * A group's posts or questions: the caller checked the actor may read the group, or asks for
   * nothing when they may not (`unlessGroupUnreadable`).
   */
  groupId?: number;
  unlessGroupUnreadable?: boolean;
  kind?: PostKind;
  cursor?: string;
  first?: number;
}

/**
 * A page of posts the actor may read, newest first: all, or in one language, or one author's, or
 * a group's, or their feed. One statement decides which posts and reads the actor's marks; what
 * every reader sees of each comes from its card (decision 0051), and the cards not in memory are
 * read in one more statement (no N+1).
 */
async function readPage(db: Tx, actor: Actor, options: PostListOptions, cards: PostCardCache) {
  const limit = Math.min(Math.max(options.first ?? POST_LIMITS.pageSize, 1), 100);
  const filter = {
    language: options.language,
    authorId: options.authorId,
    groupId: options.groupId,
    unlessGroupUnreadable: options.unlessGroupUnreadable,
    kind: options.kind,
    beforeId: decodeIdCursor(options.cursor),
    limit: limit + 1,
    viewerId: actor.userId,
    moderator: policy.mayModerate(actor),
    groupStaff: groups.isGroupStaff(actor),
  };
  const rows = await repository.listPosts(db, { ...filter, feed: options.feed });
  const page = rows.slice(0, limit);
  const found = new Map<number, PostCard>();
  const missing: number[] = [];
  for (const row of page) {
    const card = cards.getCard(row.id);
    if (card) found.set(row.id, card);
    else missing.push(row.id);
  }
  if (missing.length > 0) {
    const generation = cards.begin();
    for (const row of await repository.postCards(db, missing)) {
      const card = cardOf(row);
      found.set(row.id, card);
      // Kept only if nothing was announced while the cards were read.
      cards.storeCard(generation, row.id, card);
    }
  }
  const last = page.at(-1);
  return {
    // A post deleted between the two statements is left out.
    posts: page.flatMap((marks) => {
      const card = found.get(marks.id);
      return card ? [{ card, marks }] : [];
    }),
    nextCursor: rows.length > limit && last ? encodeIdCursor(last.id) : null,
  };
}

export async function listPosts(
  db: Tx,
  actor: Actor,
  options: PostListOptions,
  cards: PostCardCache,
): Promise<PostListOutput> {
  const page = await readPage(db, actor, options, cards);
  return {
    items: page.posts.map(({ card, marks }) => ({
      ...card.output,
      ...presentReaderPart(card, marks, actor),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * listPosts written as JSON text from the cards' text, past the response serializer (as the
 * member directory's pages, decision 0035); the tests check it against PostListOutput.
 */
export async function listPostsJson(
  db: Tx,
  actor: Actor,
  options: PostListOptions,
  cards: PostCardCache,
): Promise<{ json: string; count: number }> {
  const page = await readPage(db, actor, options, cards);
  const items = page.posts.map(
    ({ card, marks }) =>
      `${card.openJson},${JSON.stringify(presentReaderPart(card, marks, actor)).slice(1)}`,
  );
  return {
    json: `{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)}}`,
    count: items.length,
  };
}

/** The slug and title of those of these posts the actor may read (a notification names them). */
export const readableTitles = (db: Tx, actor: Actor, ids: number[]) =>
  repository.readableTitles(db, ids, {
    viewerId: actor.userId,
    moderator: policy.mayModerate(actor),
    groupStaff: groups.isGroupStaff(actor),
  });

/** The member's own posts and questions, all of them, for their data export (GDPR art. 15, 20). */
export async function postsForExport(db: Tx, userId: number) {
  const rows = await repository.postsByAuthor(db, userId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    slug: row.slug,
    language: row.language,
    groupId: row.groupId,
    text: row.text,
    html: row.html,
    hidden: row.hiddenAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The ids of the posts the member saved, for their data export. */
export const savedPostsForExport = (db: Tx, userId: number) => repository.savedPostIds(db, userId);

/** Marks a post the actor may read helpful, or takes the mark back (not on one's own post). */
export async function setPostHelpful(db: Tx, actor: Actor, postId: number, helpful: boolean) {
  const row = await readable(db, actor, { id: postId });
  if (!policy.mayMarkHelpful(actor, factsOf(row)))
    throw forbidden('You cannot mark your own post as helpful.');
  const helpfulCount = await repository.setPostHelpful(db, postId, actor.userId, helpful);
  return { helpful, helpfulCount };
}

/**
 * What a comment needs of its post: the post as the actor may read it (404 otherwise), with
 * whether they may comment and accept answers on it.
 */
export async function postForComments(db: Tx, actor: Actor, postId: number) {
  const row = await readable(db, actor, { id: postId });
  const facts = { ...factsOf(row), kind: row.kind };
  return {
    id: row.id,
    kind: row.kind,
    authorId: row.authorId,
    title: row.title,
    slug: row.slug,
    language: row.language,
    acceptedCommentId: row.acceptedCommentId,
    mayComment: policy.mayComment(actor, facts),
    mayAcceptAnswer: policy.mayAcceptAnswer(actor, facts),
  };
}

/** Sets (or clears) a question's accepted answer; the caller checked the comment belongs to it. */
export const setAcceptedComment = (db: Tx, postId: number, commentId: number | null) =>
  repository.setAcceptedComment(db, postId, commentId);
