import { createHash } from 'node:crypto';
import {
  POST_LIMITS,
  RICH_TEXT_LIMITS,
  slugify,
  type Actor,
  type PostCreateInput,
  type PostKind,
  type PostUpdateInput,
  type RichTextInput,
} from '@attune/contract';
import type { Tx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import type { RateLimits } from '../../plugins/app/rate-limits';
import * as users from '../users/service';
import * as policy from './policy';
import { factsOf, presentPost } from './presenter';
import * as repository from './repository';
import { readRichText, relabelMentions, type RichText } from './rich-text';

export interface PostsContext {
  db: Tx;
  rateLimits: RateLimits;
}

const postNotFound = () => notFound('This post does not exist or is not available to you.');

/**
 * The text of a post as it will be kept: read into the allow-listed document (decision 0038),
 * its mentions pointing at members who exist under their current names, within the limits.
 * Anything else is a 400 in the member's language (the code; the web has the text).
 */
async function readContent(db: Tx, content: RichTextInput): Promise<RichText> {
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

/**
 * A slug for `title` by the spec's rule (§5), unique with a number after it (`-2`, `-3` …); an
 * empty one (a title of signs only) is the kind's name.
 */
async function freeSlug(db: Tx, title: string, kind: PostKind): Promise<string> {
  const base = slugify(title).slice(0, POST_LIMITS.slugMaxLength).replace(/-+$/, '') || kind;
  const taken = new Set(await repository.slugsLike(db, base));
  if (!taken.has(base)) return base;
  for (let number = 2; ; number += 1)
    if (!taken.has(`${base}-${number}`)) return `${base}-${number}`;
}

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
  const content = await readContent(ctx.db, input.content);
  const duplicate = duplicateKey(actor, content.text);
  if (await ctx.rateLimits.isExhausted('post-duplicate:account', duplicate))
    throw new AppError('duplicate_post', 429, 'You published this same text a moment ago.');
  await ctx.rateLimits.consume('post:account', String(actor.userId));
  // Two posts may race for a slug: the unique index refuses the second, which takes the next one.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const id = await repository.insertPost(ctx.db, {
        kind,
        authorId: actor.userId,
        language: input.language,
        title: input.title,
        slug: await freeSlug(ctx.db, input.title, kind),
        document: content.document,
        html: content.html,
        text: content.text,
      });
      await ctx.rateLimits.penalize('post-duplicate:account', duplicate);
      return presentPost((await repository.findPost(ctx.db, { id }))!, actor);
    } catch (error) {
      if (attempt >= 3 || !isSlugConflict(error)) throw error;
    }
  }
}

const isSlugConflict = (error: unknown) =>
  /posts_slug_key/.test(String((error as { constraint?: string })?.constraint ?? error));

/** A post the actor may read, by id or slug; 404 otherwise (hidden ones look missing). */
async function readable(db: Tx, actor: Actor, where: { id: number } | { slug: string }) {
  const row = await repository.findPost(db, where);
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

/** The opaque cursor of a list page: the last post's id. */
const encodeCursor = (id: number) => Buffer.from(String(id)).toString('base64url');

function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isSafeInteger(id) || id < 1)
    throw new AppError('validation_failed', 400, 'This cursor is not one of ours.', {
      field: 'cursor',
    });
  return id;
}

/**
 * A page of posts the actor may read, newest first: all, or in one language, or one author's.
 * One statement whatever the page holds (the authors are joined).
 */
export async function listPosts(
  db: Tx,
  actor: Actor,
  options: { language?: string; authorId?: number; cursor?: string; first?: number },
) {
  const limit = Math.min(Math.max(options.first ?? POST_LIMITS.pageSize, 1), 100);
  const rows = await repository.listPosts(db, {
    language: options.language,
    authorId: options.authorId,
    beforeId: decodeCursor(options.cursor),
    limit: limit + 1,
    viewerId: actor.userId,
    moderator: policy.mayModerate(actor),
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => presentPost(row, actor)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
  };
}

/** The member's own posts and questions, all of them, for their data export (GDPR art. 15, 20). */
export async function postsForExport(db: Tx, userId: number) {
  const rows = await repository.postsByAuthor(db, userId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    slug: row.slug,
    language: row.language,
    text: row.text,
    html: row.html,
    hidden: row.hiddenAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
