import { describe, expect, it } from 'vitest';
import { MemberCache } from './member-cache';

const cache = (maxEntries = 100) => new MemberCache<{ n: number }>({ ttlMs: 60_000, maxEntries });

describe('MemberCache', () => {
  it('forgets every value filed under a member, whether it has one value or several', () => {
    const values = cache();
    values.store(values.begin(), 'a', { n: 1 }, [1]);
    values.store(values.begin(), 'b', { n: 2 }, [1, 2]);
    values.store(values.begin(), 'c', { n: 3 }, [2]);
    values.store(values.begin(), 'd', { n: 4 }, [3]);
    values.forgetMembers([1]);
    expect([values.get('a'), values.get('b'), values.get('c')]).toEqual([
      undefined,
      undefined,
      { n: 3 },
    ]);
    values.forgetMembers([2, 3]);
    expect([values.get('c'), values.get('d'), values.size]).toEqual([undefined, undefined, 0]);
  });

  it('files a value stored again under its new members only', () => {
    const values = cache();
    values.store(values.begin(), 'a', { n: 1 }, [1]);
    values.store(values.begin(), 'a', { n: 2 }, [2]);
    values.forgetMembers([1]);
    expect(values.get('a')).toEqual({ n: 2 });
    values.forgetMembers([2]);
    expect(values.get('a')).toBeUndefined();
  });

  it('keeps forgetting the right values after older ones were pushed out', () => {
    const values = cache(2);
    values.store(values.begin(), 'a', { n: 1 }, [1]);
    values.store(values.begin(), 'b', { n: 2 }, [1]);
    values.store(values.begin(), 'c', { n: 3 }, [2]);
    expect(values.get('a')).toBeUndefined();
    values.store(values.begin(), 'a', { n: 4 }, [2]);
    values.forgetMembers([1]);
    expect([values.get('a'), values.get('b'), values.get('c')]).toEqual([
      { n: 4 },
      undefined,
      { n: 3 },
    ]);
  });

  it('never keeps a value read before an invalidation, and keeps nothing while unavailable', () => {
    const values = cache();
    const generation = values.begin();
    values.forgetMembers([9]);
    values.store(generation, 'a', { n: 1 }, [1]);
    expect(values.get('a')).toBeUndefined();
    values.available = false;
    values.store(values.begin(), 'b', { n: 2 }, [1]);
    expect(values.get('b')).toBeUndefined();
    values.available = true;
    values.store(values.begin(), 'b', { n: 2 }, [1]);
    expect(values.get('b')).toEqual({ n: 2 });
  });

  it('keeps nothing from the start when it starts unavailable, until it is made available', () => {
    const values = new MemberCache<{ n: number }>({
      ttlMs: 60_000,
      maxEntries: 10,
      startsUnavailable: true,
    });
    expect(values.available).toBe(false);
    values.store(values.begin(), 'a', { n: 1 }, [1]);
    expect(values.get('a')).toBeUndefined();
    values.available = true;
    values.store(values.begin(), 'a', { n: 1 }, [1]);
    expect([values.available, values.get('a')]).toEqual([true, { n: 1 }]);
  });
});
