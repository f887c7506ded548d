import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { MemberCache } from '../../lib/member-cache';
import { relationsQuery, type FriendshipState, type MemberRelations } from './repository';

/**
 * A member's relations (MemberRelations) as a viewer's: the lists a statement takes as values,
 * and how the viewer stands to any member, answered in memory. friendshipWith is the rule of
 * friendshipColumn (the SQL form, for statements that read a member or two) applied to the lists;
 * the connections tests hold the two to the same answers.
 */
export class ViewerRelations {
  private readonly connected: ReadonlySet<number>;
  private readonly sentTo: ReadonlySet<number>;
  private readonly receivedFrom: ReadonlySet<number>;

  constructor(
    readonly memberId: number,
    readonly lists: Readonly<MemberRelations>,
  ) {
    this.connected = new Set(lists.connections);
    this.sentTo = new Set(lists.sent);
    this.receivedFrom = new Set(lists.received);
  }

  /** The member and their connections: whose 'connections' values they see. */
  get circle(): number[] {
    return [this.memberId, ...this.lists.connections];
  }

  /** The members blocked either way. */
  get blocked(): readonly number[] {
    return this.lists.blocked;
  }

  /** Their connections and the members with a request waiting either way. */
  get related(): number[] {
    return [...this.lists.connections, ...this.lists.sent, ...this.lists.received];
  }

  /** How the member stands to `otherId` (null: not related, and always for themself). */
  friendshipWith(otherId: number): FriendshipState | null {
    if (otherId === this.memberId) return null;
    if (this.connected.has(otherId)) return 'accepted';
    if (this.sentTo.has(otherId)) return 'sent';
    return this.receivedFrom.has(otherId) ? 'received' : null;
  }
}

/**
 * Viewers' relations kept a few seconds (decision 0063), each filed under its member: a change to
 * a friendship or a block is announced for both members (migrations 0006, 0007), and a member's
 * own change forgets theirs before the answer leaves, as for the directory's pages (decision 0033).
 */
export const RELATIONS_CACHE = {
  ttlMs: 15_000,
  /** A few hundred bytes each for most members. */
  maxEntries: 20_000,
};

export class RelationsCache extends MemberCache<ViewerRelations> {
  constructor(options = RELATIONS_CACHE) {
    // Nothing is served until the announcements can be heard (followMemberChanges turns it on).
    super({ ...options, startsUnavailable: true });
  }
}

/** A member's relations: kept ones when `cache` has them, otherwise one statement (kept there). */
export async function relationsOf(
  db: Tx,
  memberId: number,
  cache?: RelationsCache,
): Promise<ViewerRelations> {
  const key = String(memberId);
  const kept = cache?.get(key);
  if (kept) return kept;
  const generation = cache?.begin();
  const [row] = await executeNamed<MemberRelations>(db, relationsQuery(memberId));
  const relations = new ViewerRelations(memberId, row!);
  if (cache && generation !== undefined) cache.store(generation, key, relations, [memberId]);
  return relations;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Viewers' relations kept a few seconds, for the member directory's reads (decision 0063). */
    relationsCache: RelationsCache;
  }
}

/** One RelationsCache for the app, following the members' announcements as the profiles do. */
export const relationsCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = new RelationsCache();
  app.decorate('relationsCache', cache);
  app.followMemberChanges(cache);
});
