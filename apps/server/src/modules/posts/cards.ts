import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { applyAnnouncement, MemberCache, type FollowsMembers } from '../../lib/member-cache';
import { presentCard, type PostCardOutput } from './presenter';
import type { PostCardRow } from './repository';

/**
 * What every reader sees of a post, its author and its group, kept in process memory for lists
 * of posts (decision 0051): a page's statement then reads only the ids of the posts the viewer
 * may read and the viewer's marks, and joins nothing.
 *
 * Freshness (decision 0066):
 * - Every change to a card, whoever makes it, is announced by the database once committed: the
 *   post row (its counts included) and its group on `attune_posts` (migration 0024), its author
 *   on `attune_members` (migration 0006). Each instance forgets the cards concerned.
 * - While either channel cannot be heard (lost, or silent past its heartbeat's limit), no card is
 *   served or kept.
 * - A request that may change something forgets, before it answers, the cards of its member's
 *   posts (member-changes.ts): an author sees their own change at once.
 * - Who may read a post is never decided from a card: the page's statement decides it on every
 *   read, so a post hidden or moved a moment ago is never listed from memory.
 */
export const POST_CARDS = {
  ttlMs: 30_000,
  /** Under a kilobyte each: about 20 MB at most. */
  maxEntries: 20_000,
};

/** The channel the triggers of migration 0024 notify. */
export const POSTS_CHANNEL = 'attune_posts';

export interface PostCard {
  /** The author, whom the reader's part of the post is decided against. */
  authorId: number;
  /** What every reader gets; shared between requests, never changed. */
  output: PostCardOutput;
  /** `output` as JSON text without its closing brace, for pages written as text. */
  openJson: string;
}

export function cardOf(row: PostCardRow): PostCard {
  const output = presentCard(row);
  return { authorId: row.authorId, output, openJson: JSON.stringify(output).slice(0, -1) };
}

export class PostCardCache extends MemberCache<PostCard> {
  private readonly heard = { members: false, posts: false };

  constructor(options = POST_CARDS) {
    // Nothing is served until the announcements can be heard.
    super({ ...options, startsUnavailable: true, name: 'cards' });
  }

  /** Whether one channel's announcements can be heard: cards are served while both can. */
  hear(channel: keyof PostCardCache['heard'], heard: boolean): void {
    this.heard[channel] = heard;
    this.available = this.heard.members && this.heard.posts;
  }

  getCard(postId: number): PostCard | undefined {
    return this.get(String(postId));
  }

  /** Filed under its author: a change to them (their name, their picture) forgets it. */
  storeCard(generation: number, postId: number, card: PostCard): void {
    this.store(generation, String(postId), card, [card.authorId]);
  }

  forgetPosts(postIds: Iterable<number>): void {
    for (const postId of postIds) this.forget(String(postId));
  }

  /** This cache as one of those following the members' announcements (their authors). */
  followingMembers(): FollowsMembers {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the adapter's accessors need it
    const cards = this;
    return {
      forgetMembers: (members) => cards.forgetMembers(members),
      clear: () => cards.clear(),
      get available() {
        return cards.heard.members;
      },
      set available(heard: boolean) {
        cards.hear('members', heard);
      },
      follow: (freshness) => cards.follow(freshness),
    };
  }
}

/** Applies one notification of migration 0024: post ids joined by commas, or `*` for all. */
export function applyPostsNotification(cache: PostCardCache, payload: string) {
  applyAnnouncement(
    payload,
    (ids) => cache.forgetPosts(ids),
    () => cache.clear(),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    postCards: PostCardCache;
  }
}

/** The cards' cache, following both channels (after memberChangesPlugin, which follows members). */
export const postCardsPlugin = fp(async (app: FastifyInstance) => {
  const cards = new PostCardCache();
  app.decorate('postCards', cards);
  app.followMemberChanges(cards.followingMembers());
  const channel = await app.database.listen(POSTS_CHANNEL, {
    message: (payload) => applyPostsNotification(cards, payload),
    connected: () => cards.hear('posts', true),
    disconnected: () => cards.hear('posts', false),
  });
  cards.follow(channel);
  app.addHook('onClose', () => channel.stop());
});
