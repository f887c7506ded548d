import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPostgresDatabase } from '../../../test/database';
import { openDatabase } from '../../db/client';
import { digestsTo, waitingReader } from './jobs.test-helpers';

describe('the queue on PostgreSQL (graphile-worker)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
    // Two instances, each with its runner, on one database.
    for (let i = 0; i < 2; i += 1) {
      const shared = await openDatabase({ databaseUrl: database.url });
      apps.push(
        await createTestApp({ JOBS: '1', DATABASE_URL: database.url }, { database: shared }),
      );
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
      await app.database.close();
    }
    await database?.drop();
  });

  it('runs a job once, though two instances take jobs from the queue', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const reader = await waitingReader(first, 'es');
    await first.app.jobs!.runNow('weekly_digest');
    await second.app.jobs!.runNow('weekly_digest');
    const mails = await digestsTo(first, reader);
    expect(mails.map((mail) => mail.subject)).toEqual(['Su semana en Attune']);
    const jobs = (await first.database.db.execute(
      sql`select count(*)::int as pending from graphile_worker.jobs`,
    )) as unknown as { rows: { pending: number }[] };
    expect(jobs.rows[0]!.pending).toBe(0);
  });
});
