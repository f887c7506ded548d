import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { applyAnnouncement, MemberCache, type FollowsMembers } from '../../lib/member-cache';
import type { MemberProfileRow } from './repository';

/**
 * Profiles as one viewer read them (the row, the fields, the connection between the two), kept in
 * process memory so that reading a profile again takes one primary-key statement instead of the
 * profile's joins (decision 0031): a kept profile is shown only once that statement confirms its
 * row version, block and friendship unchanged (profiles.ts, decision 0067).
 *
 * Freshness:
 * - Every change to what a profile shows, whoever makes it, is announced by the database itself
 *   (triggers of migration 0006, NOTIFY `attune_members` after the commit) to every instance
 *   listening on it; each forgets every profile of, and every profile seen by, those members.
 * - While that listening connection is lost, or has not answered its heartbeat within the limit,
 *   nothing is served from memory (`available`, and the channel's freshness asked on every read).
 * - A request that may change something (any method but GET and HEAD, a GraphQL mutation) reads
 *   from the database and, before it answers, forgets its member here: their next request sees
 *   their own change even before the announcement arrives.
 * - The time to live bounds anything else.
 */
export const PROFILE_CACHE = {
  ttlMs: 30_000,
  /** A few kilobytes each: tens of megabytes at most. */
  maxEntries: 10_000,
};

/** The channel the triggers of migration 0006 notify. */
export const MEMBERS_CHANNEL = 'attune_members';

export class ProfileCache extends MemberCache<MemberProfileRow> {
  constructor(options = PROFILE_CACHE) {
    // Nothing is served until the announcements can be heard (followMemberChanges turns it on).
    super({ ...options, startsUnavailable: true, name: 'profiles' });
  }

  getProfile(viewerId: number, memberId: number): MemberProfileRow | undefined {
    return this.get(`${viewerId}:${memberId}`);
  }

  /** Filed under both: a change to either member (their connection included) forgets it. */
  storeProfile(generation: number, viewerId: number, profile: MemberProfileRow): void {
    const memberId = profile.user.id;
    this.store(generation, `${viewerId}:${memberId}`, profile, [viewerId, memberId]);
  }
}

/**
 * Notes that this request changed `memberIds` too (a friendship or a block concerns two members):
 * what this instance keeps about them, the other member's relations included, is forgotten
 * before the answer leaves, not only when the database's announcement arrives.
 */
export function markMembersChanged(request: FastifyRequest, memberIds: readonly number[]): void {
  request.changedMembers = [...(request.changedMembers ?? []), ...memberIds];
}

/** Applies one notification of migration 0006: member ids joined by commas, or `*` for all. */
export function applyMembersNotification(cache: FollowsMembers, payload: string) {
  applyAnnouncement(
    payload,
    (ids) => cache.forgetMembers(ids),
    () => cache.clear(),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    profileCache: ProfileCache;
    /**
     * Makes another cache of values about members follow the same announcements and the same
     * forgetting after a change as the profiles (the member directory's pages, decision 0033).
     */
    followMemberChanges(cache: FollowsMembers): void;
  }
  interface FastifyRequest {
    /** This request may change something: it reads profiles from the database, not from memory. */
    readsFresh: boolean;
    /**
     * Members besides its principal whom this request changed (the other member of a friendship
     * or a block): forgotten with the principal before the answer leaves (markMembersChanged).
     */
    changedMembers: number[] | null;
  }
}

/** The GraphQL endpoint: its POSTs are mostly queries; the GraphQL plugin marks mutations. */
const GRAPHQL_PATH = '/graphql';

export const profileCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = new ProfileCache();
  /** Every cache that follows the announcements, the profiles' first. */
  const caches: FollowsMembers[] = [cache];
  let listening = false;
  app.decorate('profileCache', cache);
  app.decorateRequest('readsFresh', false);
  app.decorateRequest('changedMembers', null);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.url.split('?')[0] !== GRAPHQL_PATH) request.readsFresh = true;
  });
  // Before the answer leaves: what the request committed is forgotten before the member can ask again.
  app.addHook('onSend', async (request) => {
    if (!request.readsFresh) return;
    // The principal the access check kept, or the one a public route asked for; never a new query.
    const principal = request.principal ?? (await request.principalCache?.catch(() => null));
    const changed = [...(principal ? [principal.userId] : []), ...(request.changedMembers ?? [])];
    if (changed.length > 0) for (const each of caches) each.forgetMembers(changed);
  });
  const channel = await app.database.listen(MEMBERS_CHANNEL, {
    message: (payload) => {
      for (const each of caches) applyMembersNotification(each, payload);
    },
    connected: () => {
      listening = true;
      for (const each of caches) each.available = true;
    },
    disconnected: () => {
      listening = false;
      for (const each of caches) each.available = false;
    },
  });
  cache.follow(channel);
  app.decorate('followMemberChanges', (other: FollowsMembers) => {
    other.available = listening;
    other.follow(channel);
    caches.push(other);
  });
  app.addHook('onClose', () => channel.stop());
});
