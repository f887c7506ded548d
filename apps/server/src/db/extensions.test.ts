import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import type { Database } from './client';

// Runs on the engine of the test run: PGlite, and PostgreSQL in the PostgreSQL suite.
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

describe('search extensions (pg_trgm, unaccent), created by the migrations', () => {
  it('are installed', async () => {
    const { names } = await one<{ names: string[] }>(
      sql`select array_agg(extname::text order by extname) as names from pg_extension where extname in ('pg_trgm', 'unaccent')`,
    );
    expect(names).toEqual(['pg_trgm', 'unaccent']);
  });

  it('similarity() measures trigram likeness', async () => {
    const row = await one<{ same: number; close: number; far: number; matches: boolean }>(
      sql`select similarity('Müller', 'Müller') as same, similarity('Schneider', 'Schnieder') as close,
        similarity('Schneider', 'Ana') as far, 'Hörgerät' % 'Hoergeraet' as matches`,
    );
    expect(Number(row.same)).toBe(1);
    expect(Number(row.close)).toBeGreaterThan(0.3);
    expect(Number(row.far)).toBe(0);
    expect(typeof row.matches).toBe('boolean');
  });

  it('unaccent() and the indexable f_unaccent() fold accents', async () => {
    const row = await one<{ plain: string; wrapped: string; volatility: string }>(
      sql`select unaccent('Señora Müller, Côte d''Ivoire') as plain, f_unaccent('Ångström É') as wrapped,
        (select provolatile::text from pg_proc where proname = 'f_unaccent') as volatility`,
    );
    expect(row.plain).toBe("Senora Muller, Cote d'Ivoire");
    expect(row.wrapped).toBe('Angstrom E');
    expect(row.volatility).toBe('i');
  });

  it('a trigram index over f_unaccent(lower(nickname)) can be built (step 6 search)', async () => {
    await database.db.execute(
      sql`create index probe_users_nickname_trgm on users using gin (f_unaccent(lower(nickname)) gin_trgm_ops)`,
    );
    await database.db.execute(sql`drop index probe_users_nickname_trgm`);
  });
});
