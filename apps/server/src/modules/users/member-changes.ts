import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { applyAnnouncement, type FollowsMembers } from '../../lib/member-cache';

/**
 * What the caches that keep something about members (today the post cards' authors, cards.ts)
 * follow, so that nothing they keep outlives a change to a member:
 * - Every change to a member, whoever makes it, is announced by the database itself (triggers of
 *   migrations 0006 and 0007, NOTIFY `attune_members` after the commit) to every instance
 *   listening on it; each cache forgets what it keeps about those members.
 * - While that listening connection is lost, or has not answered its heartbeat within the limit,
 *   the caches serve nothing (their `available`, and the channel's freshness asked on every read).
 * - A request that may change something (any method but GET and HEAD, a GraphQL mutation)
 *   forgets its member before it answers: their next request sees their own change even before
 *   the announcement arrives.
 * Profiles themselves are read from the database on every request (decision 0069).
 */

/** The channel the triggers of migration 0006 notify. */
export const MEMBERS_CHANNEL = 'attune_members';

/**
 * Notes that this request changed `memberIds` too (a friendship or a block concerns two members):
 * what this instance keeps about them is forgotten before the answer leaves, not only when the
 * database's announcement arrives.
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
    /** Makes a cache of values about members follow the members' announcements (see above). */
    followMemberChanges(cache: FollowsMembers): void;
  }
  interface FastifyRequest {
    /** This request may change something: its member is forgotten before it answers. */
    mayChange: boolean;
    /**
     * Members besides its principal whom this request changed (the other member of a friendship
     * or a block): forgotten with the principal before the answer leaves (markMembersChanged).
     */
    changedMembers: number[] | null;
  }
}

/** The GraphQL endpoint: its POSTs are mostly queries; the GraphQL plugin marks mutations. */
const GRAPHQL_PATH = '/graphql';

export const memberChangesPlugin = fp(async (app: FastifyInstance) => {
  const caches: FollowsMembers[] = [];
  let listening = false;
  app.decorateRequest('mayChange', false);
  app.decorateRequest('changedMembers', null);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.url.split('?')[0] !== GRAPHQL_PATH) request.mayChange = true;
  });
  // Before the answer leaves: what the request committed is forgotten before the member can ask again.
  app.addHook('onSend', async (request) => {
    if (!request.mayChange || caches.length === 0) return;
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
  app.decorate('followMemberChanges', (cache: FollowsMembers) => {
    cache.available = listening;
    cache.follow(channel);
    caches.push(cache);
  });
  app.addHook('onClose', () => channel.stop());
});
