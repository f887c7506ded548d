import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Tx } from '../../db/client';
import type { Freshness } from '../../lib/freshness';
import { cacheOn } from '../../lib/cache-switch';
import { MemberCache, type FollowsMembers } from '../../lib/member-cache';
import * as repository from './repository';
import type { FeedSourcesRow, PostListFilter, PostMarks } from './repository';

/**
 * A member's feed worked out in memory (decision 0052). A feed page is the newest posts the member
 * may read among their own, their connections', their groups' and the announcements. The database
 * used to find them on every read by walking each source's index (decision 0043): about three
 * quarters of a feed page's cost. Now each instance keeps:
 * - each member's sources (themselves, their connections, their groups), filed under the member;
 * - each source's newest post ids (`a<author>`, `g<group>`, `n` for the announcements), shared by
 *   every reader, whatever the posts' visibility.
 * A page merges its sources' lists and asks the database only which of the first candidates the
 * reader may read, with their marks: the page's statement decides who may read what on every read,
 * exactly as before (hidden posts, blocks both ways, private groups), so nothing kept here can
 * show a post to someone who may not read it. Whatever memory cannot answer exactly (a cursor
 * older than what is kept of a source, too many unreadable candidates) is read as before.
 *
 * Freshness, as for profiles and cards (decisions 0031, 0051):
 * - A new post, or one moved to another author, group or out of the announcements, is announced
 *   by the database once committed on `attune_feed` (migration 0025); each instance forgets the
 *   sources concerned. A deleted or hidden post needs no message (the page's statement skips it).
 * - A change to a member's connections or groups is announced on `attune_members` (migrations
 *   0006 and 0025): their sources, and their own posts' list, are forgotten.
 * - A request that may change something forgets its member's sources and own posts before it
 *   answers: a member sees their new post, connection or group at once.
 * - While either channel cannot be heard (lost, or silent past its heartbeat's limit), nothing is
 *   kept or served from here.
 */
export const FEED_SOURCES = {
  ttlMs: 60_000,
  /** Readers' sources kept: a few hundred bytes each. */
  maxReaders: 20_000,
  /** Sources' lists kept: at most `depth` ids each (under 2 kB). */
  maxLists: 20_000,
  /** How many of a source's newest ids are kept: pages older than that are read as before. */
  depth: 200,
  /** Candidates asked for besides the page's own (a few may be unreadable to the reader). */
  slack: 8,
  /** Statements one page may send for its candidates before it is read as before. */
  rounds: 3,
};

/** The channel the triggers of migration 0025 notify. */
export const FEED_CHANNEL = 'attune_feed';

/** One source's newest post ids, newest first; `complete` when it has no older one. */
export interface SourceList {
  ids: readonly number[];
  complete: boolean;
}

const SOURCE_KEY = /^(?:[ag]\d+|n)$/;

export class FeedSourceCache implements FollowsMembers {
  private generation = 0;
  private heard = false;
  /** Both channels' freshness, asked on every read (the readers' cache asks the members' too). */
  private readonly followed: Freshness[] = [];
  private readonly readers: MemberCache<FeedSourcesRow>;
  private readonly lists: LRUCache<string, SourceList>;

  constructor(readonly options = FEED_SOURCES) {
    this.readers = new MemberCache({
      ttlMs: options.ttlMs,
      maxEntries: options.maxReaders,
      startsUnavailable: true,
      name: 'feed',
    });
    this.lists = new LRUCache({ max: options.maxLists, ttl: options.ttlMs });
  }

  /** Whether pages may be worked out here: both channels are heard now. */
  get available(): boolean {
    if (!this.heard || !this.readers.available || !cacheOn('feed')) return false;
    for (const freshness of this.followed) if (!freshness.heard()) return false;
    return true;
  }

  /** Serve nothing whenever this channel is not heard (FollowsMembers, and `attune_feed`). */
  follow(freshness: Freshness): void {
    this.followed.push(freshness);
    this.readers.follow(freshness);
  }

  /** Whether `attune_members` can be heard (FollowsMembers, set by followMemberChanges). */
  set available(heard: boolean) {
    this.readers.available = heard;
    if (!heard) this.forgetLists();
  }

  /** Whether `attune_feed` can be heard; after a loss, everything kept is forgotten. */
  hear(heard: boolean): void {
    this.heard = heard;
    this.forgetLists();
  }

  /** A change to these members: their sources, and the list of their own posts. */
  forgetMembers(members: Iterable<number>): void {
    const ids = [...members];
    this.readers.forgetMembers(ids);
    this.forgetSources(ids.map((member) => `a${member}`));
  }

  clear(): void {
    this.readers.clear();
    this.forgetLists();
  }

  forgetSources(keys: Iterable<string>): void {
    this.generation += 1;
    for (const key of keys) this.lists.delete(key);
  }

  private forgetLists(): void {
    this.generation += 1;
    this.lists.clear();
  }

  /** Applies one notification of migration 0025: source keys joined by commas, or `*`. */
  applyNotification(payload: string): void {
    const keys = payload.split(',');
    if (payload === '*' || !keys.every((key) => SOURCE_KEY.test(key))) this.forgetLists();
    else this.forgetSources(keys);
  }

  /** A source's list as kept in memory, if it is. */
  listOf(key: string): SourceList | undefined {
    return this.available ? this.lists.get(key) : undefined;
  }

  /** The member's sources, from memory or read (and kept unless a change was announced meanwhile). */
  async sourcesOf(db: Tx, memberId: number): Promise<FeedSourcesRow> {
    const kept = this.readers.get(String(memberId));
    if (kept) return kept;
    const generation = this.readers.begin();
    const sources = await repository.feedSources(db, memberId);
    this.readers.store(generation, String(memberId), sources, [memberId]);
    return sources;
  }

  /** The lists of these sources, those not in memory read in one statement. */
  async listsOf(db: Tx, keys: readonly string[]): Promise<SourceList[]> {
    const found = new Map<string, SourceList>();
    const missing = { authors: [] as number[], groups: [] as number[], announcements: false };
    for (const key of keys) {
      const list = this.listOf(key);
      if (list) found.set(key, list);
      else if (key === 'n') missing.announcements = true;
      else (key[0] === 'a' ? missing.authors : missing.groups).push(Number(key.slice(1)));
    }
    if (missing.authors.length + missing.groups.length > 0 || missing.announcements) {
      const generation = this.generation;
      const { depth } = this.options;
      // One id more than is kept tells whether the source has older posts.
      for (const row of await repository.sourceLists(db, { ...missing, depth: depth + 1 })) {
        const list = { ids: row.ids.slice(0, depth), complete: row.ids.length <= depth };
        found.set(row.key, list);
        if (this.available && generation === this.generation) this.lists.set(row.key, list);
      }
    }
    return keys.map((key) => found.get(key) ?? { ids: [], complete: true });
  }
}

/**
 * The candidates of a feed page, newest first: the sources' lists merged, each id once, below the
 * cursor. Only ids memory knows completely are given: an incomplete list (a source with older
 * posts than it keeps) knows its source down to its oldest kept id, so the merge stops there.
 */
export class FeedCandidates {
  private readonly positions: number[];
  /** Below this id, some source's posts are not known. */
  private readonly floor: number;
  private last = Number.POSITIVE_INFINITY;

  constructor(
    private readonly lists: readonly SourceList[],
    beforeId?: number,
  ) {
    this.positions = lists.map((list) => (beforeId ? firstBelow(list.ids, beforeId) : 0));
    this.floor = Math.max(
      0,
      ...lists.filter((list) => !list.complete).map((list) => list.ids.at(-1) ?? 0),
    );
  }

  /** Up to `count` more candidates; fewer when memory knows no more. */
  take(count: number): number[] {
    const taken: number[] = [];
    while (taken.length < count) {
      let best = -1;
      for (let index = 0; index < this.lists.length; index += 1) {
        const id = this.lists[index]!.ids[this.positions[index]!];
        if (id !== undefined && (best < 0 || id > this.lists[best]!.ids[this.positions[best]!]!))
          best = index;
      }
      if (best < 0) break;
      const id = this.lists[best]!.ids[this.positions[best]!]!;
      if (id < this.floor) break;
      this.positions[best]! += 1;
      // A post in one of the reader's groups by one of their connections is in both lists.
      if (id === this.last) continue;
      this.last = id;
      taken.push(id);
    }
    return taken;
  }

  /** Whether every source's posts were given: the feed has no older post. */
  get exhausted(): boolean {
    return (
      this.floor === 0 &&
      this.lists.every((list, index) => this.positions[index]! >= list.ids.length)
    );
  }
}

/** The index of the first id below `beforeId` in a list sorted newest first. */
function firstBelow(ids: readonly number[], beforeId: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ids[middle]! < beforeId) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * A page of the reader's feed as repository.listPosts answers `filter` with `feed`, its candidates
 * worked out in memory; undefined when memory cannot answer it exactly (the caller reads it as
 * before). Each statement sent asks which of the next candidates the reader may read.
 */
export async function feedPageFromMemory(
  db: Tx,
  cache: FeedSourceCache,
  filter: Omit<PostListFilter, 'feed' | 'beforeId' | 'viewerId'> & {
    viewerId: number;
    beforeId?: number;
  },
): Promise<PostMarks[] | undefined> {
  if (!cache.available) return undefined;
  const { authors, groups } = await cache.sourcesOf(db, filter.viewerId);
  const keys = [...authors.map((id) => `a${id}`), ...groups.map((id) => `g${id}`), 'n'];
  const candidates = new FeedCandidates(await cache.listsOf(db, keys), filter.beforeId);
  const page: PostMarks[] = [];
  for (let round = 0; round < cache.options.rounds; round += 1) {
    const wanted = filter.limit - page.length;
    const ids = candidates.take(wanted + cache.options.slack);
    if (ids.length === 0) break;
    const readable = await repository.listPosts(db, {
      viewerId: filter.viewerId,
      moderator: filter.moderator,
      groupStaff: filter.groupStaff,
      limit: filter.limit,
      candidateIds: ids,
    });
    page.push(...readable.slice(0, wanted));
    if (page.length === filter.limit) return page;
  }
  return candidates.exhausted ? page : undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    feedSources: FeedSourceCache;
  }
}

/** The feeds' sources, following both channels (after profileCachePlugin, which follows members). */
export const feedSourcesPlugin = fp(async (app: FastifyInstance) => {
  const cache = new FeedSourceCache();
  app.decorate('feedSources', cache);
  app.followMemberChanges(cache);
  const channel = await app.database.listen(FEED_CHANNEL, {
    message: (payload) => cache.applyNotification(payload),
    connected: () => cache.hear(true),
    disconnected: () => cache.hear(false),
  });
  cache.follow(channel);
  app.addHook('onClose', () => channel.stop());
});
