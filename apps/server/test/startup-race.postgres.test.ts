import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths';
import { createPostgresDatabase } from './database';
import { testEngine } from './engine';

/** Runs test/fixtures/prepare-database.ts in a child process; resolves with its exit code and output. */
function prepareInChild(databaseUrl: string, startAt: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/prepare-database.ts'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, START_AT: String(startAt) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

/**
 * Two instances starting at the same moment on a fresh PostgreSQL database: both must come up,
 * with the migrations applied once and each demo member created once.
 */
describe.runIf(testEngine() === 'postgres')('instances starting together', () => {
  const databases: { drop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  it('take turns at migrations and demo seeding', async () => {
    for (let round = 0; round < 2; round += 1) {
      const database = await createPostgresDatabase({ migrated: false });
      databases.push(database);
      // Both children load first (tsx takes a while), then start the work at the same instant.
      const startAt = Date.now() + 4_000;
      const results = await Promise.all([
        prepareInChild(database.url, startAt),
        prepareInChild(database.url, startAt),
      ]);
      for (const result of results) {
        expect(result.output).toContain('prepared');
        expect(result.code, result.output).toBe(0);
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const admins = await client.query(
          `select count(*)::int as n from users where username = 'admin'`,
        );
        expect(admins.rows[0].n).toBe(1);
        const migrations = await client.query(
          'select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations',
        );
        expect(migrations.rows[0].n).toBe(migrations.rows[0].distinct_n);
      } finally {
        await client.end();
      }
    }
  }, 120_000);
});
