import { LRUCache } from 'lru-cache';
import { cacheOn, type CacheName } from './cache-switch';
import type { Freshness } from './freshness';

export interface MemberCacheOptions {
  /** Upper bound for a change that no invalidation announced. */
  ttlMs: number;
  maxEntries: number;
  /**
   * Serves and keeps nothing until `available` is set: for a cache that follows announcements,
   * which turns it on once they can be heard (followMemberChanges).
   */
  startsUnavailable?: boolean;
  /** Its name for ATTUNE_CACHES_OFF (lib/cache-switch.ts): switched off, it keeps nothing. */
  name?: CacheName;
}

/**
 * Applies one database announcement (migrations 0006, 0024): the ids it names, joined by commas,
 * are forgotten; `*`, or anything unreadable, forgets everything.
 */
export function applyAnnouncement(
  payload: string,
  forget: (ids: number[]) => void,
  forgetAll: () => void,
): void {
  const ids = payload.split(',').map(Number);
  if (payload === '*' || !ids.every(Number.isSafeInteger)) forgetAll();
  else forget(ids);
}

/** What following the members' announcements needs of a cache, whatever it keeps. */
export interface FollowsMembers {
  forgetMembers(members: Iterable<number>): void;
  clear(): void;
  available: boolean;
  /** Serve nothing whenever this channel is not heard (asked on every read). */
  follow(freshness: Freshness): void;
}

/** A value with the members it is filed under. */
interface Filed<V> {
  value: V;
  members: readonly number[];
}

/**
 * Values read from the database and kept in process memory for a few seconds, each filed under
 * the members it is about, so that a change to a member forgets every value that shows them
 * (decisions 0030, 0031). The caches of sessions and of profiles are two of these.
 *
 * A read that overlapped an invalidation is never stored: `begin()` notes the generation before
 * the database read, and `store()` drops the value if any invalidation happened since, so a row
 * read just before another's commit cannot outlive the message about that commit.
 *
 * While `available` is false (the invalidations cannot be heard), nothing is served or stored;
 * nor while any channel it `follow`s is not heard now, which each read asks itself, so a listener
 * whose connection went silent stops the cache at its heartbeat's limit even if no callback ran.
 */
export class MemberCache<V extends object> implements FollowsMembers {
  private generation = 0;
  private enabled = true;
  /**
   * The keys filed under each member: one key as itself, more as a set. Most members have one
   * (a member's entry, their profile), and a set per member cost more than the cache's own
   * bookkeeping (measured: 11 µs a store with a set each, against 3 for the LRU alone).
   */
  private readonly byMember = new Map<number, string | Set<string>>();
  private readonly entries: LRUCache<string, Filed<V>>;
  private readonly followed: Freshness[] = [];
  private readonly switchedOn: boolean;

  constructor(options: MemberCacheOptions) {
    this.entries = new LRUCache<string, Filed<V>>({
      max: options.maxEntries,
      ttl: options.ttlMs,
      dispose: (filed, key) => {
        for (const member of filed.members) this.unfile(member, key);
      },
    });
    this.switchedOn = options.name === undefined || cacheOn(options.name);
    this.enabled = this.switchedOn && !options.startsUnavailable;
  }

  get(key: string): V | undefined {
    return this.serving() ? this.entries.get(key)?.value : undefined;
  }

  follow(freshness: Freshness): void {
    this.followed.push(freshness);
  }

  /** Available, and every channel followed is heard now. */
  private serving(): boolean {
    if (!this.enabled) return false;
    for (const freshness of this.followed) if (!freshness.heard()) return false;
    return true;
  }

  /** The generation to hand to `store` after reading from the database. */
  begin(): number {
    return this.generation;
  }

  /** Keeps a value read from the database, unless an invalidation happened since `begin`. */
  store(generation: number, key: string, value: V, members: readonly number[]): void {
    if (generation !== this.generation || !this.serving()) return;
    this.entries.set(key, { value, members });
    for (const member of members) {
      const keys = this.byMember.get(member);
      if (keys === undefined || keys === key) this.byMember.set(member, key);
      else if (typeof keys === 'string') this.byMember.set(member, new Set([keys, key]));
      else keys.add(key);
    }
  }

  /** Takes `key` off what is filed under `member` (the value went). */
  private unfile(member: number, key: string): void {
    const keys = this.byMember.get(member);
    if (keys === key) this.byMember.delete(member);
    else if (typeof keys === 'object') {
      keys.delete(key);
      if (keys.size === 0) this.byMember.delete(member);
    }
  }

  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Forgets every value filed under any of these members. */
  forgetMembers(members: Iterable<number>): void {
    this.generation += 1;
    for (const member of members) {
      const keys = this.byMember.get(member);
      if (typeof keys === 'string') this.entries.delete(keys);
      else if (keys) for (const key of [...keys]) this.entries.delete(key);
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * Whether invalidations can be heard: while they cannot, the cache is emptied and stays empty;
   * when they can again, it starts afresh (what changed meanwhile was never announced).
   */
  set available(available: boolean) {
    this.clear();
    this.enabled = available && this.switchedOn;
  }

  get available(): boolean {
    return this.enabled;
  }

  get size(): number {
    return this.entries.size;
  }
}
