import { describe, expect, it } from 'vitest';
import { FeedCandidates, FeedSourceCache, type SourceList } from './feed-sources';

const complete = (...ids: number[]): SourceList => ({ ids, complete: true });
const partial = (...ids: number[]): SourceList => ({ ids, complete: false });

describe('a feed’s candidates merged from its sources (decision 0052)', () => {
  it('gives each id once, newest first, below the cursor', () => {
    const candidates = new FeedCandidates([complete(9, 5, 2), complete(8, 5, 1), complete()], 9);
    expect(candidates.take(3)).toEqual([8, 5, 2]);
    expect(candidates.exhausted).toBe(false);
    expect(candidates.take(3)).toEqual([1]);
    expect(candidates.exhausted).toBe(true);
    expect(candidates.take(3)).toEqual([]);
  });

  it('stops where a source with older posts than it keeps stops being known', () => {
    // The second source keeps 7 and 6 of more: below 6, its older posts are unknown, so 4 and 3
    // cannot be given (its own 5 might come between them).
    const candidates = new FeedCandidates([complete(10, 4, 3), partial(7, 6)]);
    expect(candidates.take(10)).toEqual([10, 7, 6]);
    expect(candidates.take(10)).toEqual([]);
    expect(candidates.exhausted).toBe(false);
    // A cursor below what is known gives nothing: the page is read from the database.
    expect(new FeedCandidates([complete(10, 4, 3), partial(7, 6)], 5).take(10)).toEqual([]);
  });

  it('finds the cursor’s place in every list', () => {
    const ids = Array.from({ length: 200 }, (_, index) => 1000 - index * 3);
    for (const beforeId of [1001, 1000, 999, 700, 403, 402, 1]) {
      const expected = ids.filter((id) => id < beforeId).slice(0, 5);
      expect(new FeedCandidates([complete(...ids)], beforeId).take(5), String(beforeId)).toEqual(
        expected,
      );
    }
  });
});

describe('the feeds’ sources in memory (decision 0052)', () => {
  it('works pages out only while both channels can be heard', () => {
    const cache = new FeedSourceCache();
    expect(cache.available).toBe(false);
    cache.available = true;
    expect(cache.available).toBe(false);
    cache.hear(true);
    expect(cache.available).toBe(true);
    cache.hear(false);
    expect(cache.available).toBe(false);
  });
});
