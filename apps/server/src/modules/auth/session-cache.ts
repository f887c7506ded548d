import { MemberCache } from '../../lib/member-cache';
import type { SessionWithRoles } from './repository';

/**
 * Live sessions with their member's roles, kept in process memory for a few seconds so that an
 * authenticated request needs no database round trip to authenticate (decision 0030).
 *
 * Freshness, as for every cache (decision 0066):
 * - Whatever changes what authenticating a session decides (ending it, ending a member's
 *   sessions, a member's roles, suspension or deletion), whoever makes it, is announced by the
 *   database once committed (migration 0030, NOTIFY `attune_sessions`) to every instance; each
 *   forgets the sessions of the members named.
 * - The instance that made the change forgets them at once, before it answers (auth/service.ts):
 *   the member's next request there obeys it without waiting for the announcement.
 * - While the channel is not heard (its connection lost, or silent past the heartbeat's limit),
 *   nothing is served or kept. A read that overlapped an invalidation is never stored
 *   (lib/member-cache.ts). The time to live bounds anything else.
 */
export const SESSION_CACHE = {
  ttlMs: 15_000,
  /** About 300 bytes each: 15 MB at most. */
  maxEntries: 50_000,
};

/** The channel the triggers of migration 0030 notify: member ids joined by commas, or `*`. */
export const SESSIONS_CHANNEL = 'attune_sessions';

export class SessionCache extends MemberCache<SessionWithRoles> {
  constructor(options: Partial<typeof SESSION_CACHE> = {}) {
    // Nothing is served until the announcements can be heard (the auth plugin turns it on).
    super({ ...SESSION_CACHE, ...options, startsUnavailable: true, name: 'sessions' });
  }

  /** Keeps a session read from the database, unless an invalidation happened since `begin`. */
  storeSession(generation: number, session: SessionWithRoles): void {
    this.store(generation, session.id, session, [session.userId]);
  }

  forgetSession(sessionId: string): void {
    this.forget(sessionId);
  }

  forgetMember(userId: number): void {
    this.forgetMembers([userId]);
  }
}
