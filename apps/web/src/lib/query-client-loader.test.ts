import { describe, expect, it } from 'vitest';
import { loadedQueryClient, loadQueryClient, provideQueryClient } from './query-client-loader';

describe('loadQueryClient', () => {
  it('creates the one query client on first use and hands out the same one after', async () => {
    expect(loadedQueryClient()).toBeUndefined();
    const [first, second] = await Promise.all([loadQueryClient(), loadQueryClient()]);
    expect(first).toBe(second);
    expect(loadedQueryClient()).toBe(first);
    expect(first.getDefaultOptions().queries?.staleTime).toBe(60_000);
    await expect(provideQueryClient({ context: { loadQueryClient } })).resolves.toEqual({
      queryClient: first,
    });
  });
});
