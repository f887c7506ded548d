import type { MemberListQuery } from '@attune/contract';
import { MemberCache } from '../../lib/member-cache';

/**
 * Pages of the member directory and suggestion lists as one reader last read them, for a few
 * seconds (decision 0033). Each page is filed under its reader and every member on it, and follows
 * the same announcements as the profiles (decision 0031): a change to a member (their values or
 * what they let others see, a block, a connection, their account) forgets every page that shows
 * them, at once on the instance that made the change and on the others when the database's
 * NOTIFY arrives. What a page may lack for those seconds is a member who only now matches it;
 * what it never keeps is a member who should no longer be on it, or a value they since hid.
 */
export const DIRECTORY_CACHE = {
  ttlMs: 15_000,
  /** About 10 kB each (20 entries): 20 MB at most. */
  maxEntries: 2_000,
};

export interface DirectoryCacheReader {
  userId: number;
  /** Staff read more of each profile: their pages never serve a member's, nor the reverse. */
  staff: boolean;
}

export class DirectoryCache extends MemberCache<object> {
  constructor(options = DIRECTORY_CACHE) {
    // Nothing is served until the announcements can be heard (followMemberChanges turns it on).
    super({ ...options, startsUnavailable: true });
  }

  /** The key of one read: the reader, what they read, and the query's parameters in a fixed order. */
  static keyOf(reader: DirectoryCacheReader, what: string, query: Partial<MemberListQuery> = {}) {
    const parameters = Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `${reader.userId}:${reader.staff ? 's' : 'm'}:${what}:${JSON.stringify(parameters)}`;
  }
}
