import { LRUCache } from 'lru-cache';
import type { SessionWithRoles } from './repository';

/**
 * Live sessions with their member's roles, kept in process memory for a few seconds so that an
 * authenticated request needs no database round trip to authenticate (decision 0030).
 *
 * Freshness: ending a session (logout, a reused refresh token), ending a member's sessions
 * (password change or reset, deletion) and changing a member's roles forget the affected entries
 * here at once and on every other instance through the pub/sub (auth/service.ts); the time to
 * live bounds what a missed message could leave behind (a change made outside the app, or sent
 * while Redis was away and not yet resynchronised).
 *
 * A read that overlapped an invalidation is never stored: `begin()` notes the generation before
 * the database read, and `store()` drops the row if any invalidation happened since, so a row
 * read just before another instance's commit cannot outlive the message about it.
 */
export const SESSION_CACHE = {
  /** Upper bound for a change that no message announced. */
  ttlMs: 15_000,
  /** About 300 bytes each: 15 MB at most. */
  maxEntries: 50_000,
};

export class SessionCache {
  private generation = 0;
  private readonly byMember = new Map<number, Set<string>>();
  private readonly entries: LRUCache<string, SessionWithRoles>;

  constructor(options = SESSION_CACHE) {
    this.entries = new LRUCache<string, SessionWithRoles>({
      max: options.maxEntries,
      ttl: options.ttlMs,
      dispose: (session, id) => {
        const ids = this.byMember.get(session.userId);
        ids?.delete(id);
        if (ids?.size === 0) this.byMember.delete(session.userId);
      },
    });
  }

  get(sessionId: string): SessionWithRoles | undefined {
    return this.entries.get(sessionId);
  }

  /** The generation to hand to `store` after reading from the database. */
  begin(): number {
    return this.generation;
  }

  /** Keeps a session read from the database, unless an invalidation happened since `begin`. */
  store(generation: number, session: SessionWithRoles): void {
    if (generation !== this.generation) return;
    this.entries.set(session.id, session);
    let ids = this.byMember.get(session.userId);
    if (!ids) {
      ids = new Set();
      this.byMember.set(session.userId, ids);
    }
    ids.add(session.id);
  }

  forgetSession(sessionId: string): void {
    this.generation += 1;
    this.entries.delete(sessionId);
  }

  forgetMember(userId: number): void {
    this.generation += 1;
    for (const id of [...(this.byMember.get(userId) ?? [])]) this.entries.delete(id);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
