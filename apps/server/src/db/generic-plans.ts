import type pg from 'pg';

/**
 * Each pool's companion whose connections always keep a prepared statement's generic plan
 * (decision 0035): client.ts opens both and pairs them here; prepared.ts runs named statements on
 * the companion. Its own module so that neither of the two imports the other.
 */
const genericPlanPools = new WeakMap<pg.Pool, pg.Pool>();

/** Makes executeNamed run what it is given for `pool` on `generic` (db/client.ts opens both). */
export function useGenericPlanPool(pool: pg.Pool, generic: pg.Pool): void {
  genericPlanPools.set(pool, generic);
}

/** The pool executeNamed uses for `pool` (tests count the statements sent on both). */
export const genericPlanPoolOf = (pool: pg.Pool): pg.Pool => genericPlanPools.get(pool) ?? pool;
