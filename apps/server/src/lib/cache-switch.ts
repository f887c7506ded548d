/**
 * The in-memory caches a benchmark may switch off one at a time, so that what each one gains is
 * measured on the same build (`npm run bench` with BENCH_CACHES=1; decision 0068). Set through
 * ATTUNE_CACHES_OFF, a comma list of these names or `all`, read once at start; never set in
 * production, where every cache is on.
 */
export const CACHE_NAMES = ['cards', 'shapes'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

const switchedOff = new Set(
  (process.env.ATTUNE_CACHES_OFF ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

/** Whether the cache `name` keeps anything in this process. */
export const cacheOn = (name: CacheName): boolean =>
  !switchedOff.has('all') && !switchedOff.has(name);
