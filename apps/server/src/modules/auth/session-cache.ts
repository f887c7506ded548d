import { MemberCache } from '../../lib/member-cache';
import type { SessionWithRoles } from './repository';

/**
 * Live sessions with their member's roles, kept in process memory for a few seconds so that an
 * authenticated request needs no database round trip to authenticate (decision 0030).
 *
 * Freshness: ending a session (logout, a reused refresh token), ending a member's sessions
 * (password change or reset, deletion) and changing a member's roles forget the affected entries
 * here at once and on every other instance through the pub/sub (auth/service.ts); the time to
 * live bounds what a missed message could leave behind (a change made outside the app, or sent
 * while Redis was away and not yet resynchronised). A read that overlapped an invalidation is
 * never stored (lib/member-cache.ts).
 */
export const SESSION_CACHE = {
  ttlMs: 15_000,
  /** About 300 bytes each: 15 MB at most. */
  maxEntries: 50_000,
};

export class SessionCache extends MemberCache<SessionWithRoles> {
  constructor(options = SESSION_CACHE) {
    super(options);
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
