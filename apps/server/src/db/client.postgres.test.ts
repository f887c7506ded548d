import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/database';
import { openDatabase, type Database } from './client';
import { executeNamed } from './prepared';

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
