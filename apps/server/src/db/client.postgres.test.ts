import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/database';
import { openDatabase, type Database } from './client';
import { executeNamed, executeShaped, type Bound } from './prepared';

let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
let database: Database;

beforeAll(async () => {
  created = await createPostgresDatabase({ migrated: true });
  database = await openDatabase({
    databaseUrl: created.url,
    pool: {
      max: 3,
      statementTimeoutMs: 300,
      idleInTransactionTimeoutMs: 4_000,
      applicationName: 'attune-pool-test',
    },
  });
});

afterAll(async () => {
  await database?.close();
  await created?.drop();
});

const setting = async (name: string) => {
  const result = await database.db.execute(sql`select current_setting(${name}) as value`);
  return (result as unknown as { rows: { value: string }[] }).rows[0]!.value;
};

describe('PostgreSQL pool settings (DATABASE_* variables)', () => {
  it('gives every pooled connection the configured timeouts and application name', async () => {
    expect(await setting('statement_timeout')).toBe('300ms');
    expect(await setting('idle_in_transaction_session_timeout')).toBe('4s');
    expect(await setting('application_name')).toBe('attune-pool-test');
    expect(database.poolStats?.().max).toBe(3);
  });

  it("runs executeNamed's statements with their generic plans, and only those", async () => {
    const [named] = await executeNamed<{ value: string }>(
      database.db,
      sql`select current_setting('plan_cache_mode') as value, ${1}::int as one`,
    );
    expect(named?.value).toBe('force_generic_plan');
    expect(await setting('plan_cache_mode')).toBe('auto');
  });

  it('builds a shaped statement once per shape and runs it with each call’s values', async () => {
    const built: string[] = [];
    const build = (input: { from: Bound<number>; below?: Bound<number>; step: number }) => {
      built.push(JSON.stringify(input));
      return sql`select n from generate_series(${input.from}::int, 20, ${sql.raw(String(input.step))}) n
        where ${input.below ? sql`n < ${input.below}::int` : sql`true`} order by n`;
    };
    const run = async (input: Parameters<typeof build>[0]) =>
      (
        await executeShaped<typeof input, { n: number }>(database.db, build, input, [
          'from',
          'below',
        ])
      ).map((row) => row.n);

    expect(await run({ from: 1, step: 5 })).toEqual([1, 6, 11, 16]);
    expect(await run({ from: 3, step: 5 })).toEqual([3, 8, 13, 18]);
    expect(await run({ from: 3, below: 10, step: 5 })).toEqual([3, 8]);
    expect(await run({ from: 2, below: 13, step: 5 })).toEqual([2, 7, 12]);
    // A falsy value stays in the shape as it is, as `input.below ? …` reads it.
    expect(await run({ from: 2, below: 0, step: 5 })).toEqual([2, 7, 12, 17]);
    // What is not a value (the step, written into the text) is part of the shape.
    expect(await run({ from: 1, step: 10 })).toEqual([1, 11]);
    // One build per shape, each with placeholders for its values; never one per call.
    expect(built).toHaveLength(4);
    expect(built[0]).toBe('{"from":{"name":"from"},"step":5}');
    expect(built[1]).toBe('{"from":{"name":"from"},"below":{"name":"below"},"step":5}');
  });

  it('ends a statement that runs longer than statement_timeout', async () => {
    await expect(database.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '57014' }),
    });
    // The pool still answers afterwards.
    expect(await database.ping()).toBe(true);
  });

  it('runs start-up work without the statement timeout (waiting for the lock, migrating)', async () => {
    await expect(database.withStartupLock(() => database.migrate())).resolves.toBeUndefined();
  });
});
