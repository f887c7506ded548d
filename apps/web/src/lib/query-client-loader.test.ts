import { describe, expect, it, vi } from 'vitest';

describe('loadQueryClient', () => {
  it('creates the one query client on first use and hands out the same one after', async () => {
    // A fresh copy of the module: test files share one module registry (isolate: false).
    vi.resetModules();
    const { loadedQueryClient, loadQueryClient, provideQueryClient } =
      await import('./query-client-loader');
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
