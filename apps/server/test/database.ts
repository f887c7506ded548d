import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { databaseUrl, testEngine } from './engine';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a PostgreSQL database
 * cloned from the run's template. `close` drops it.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testEngine() === 'pglite') {
    const template = inject('pgliteTemplate');
    const database = await openDatabase({
      inMemory: true,
      ...(template ? { pgliteLoadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    // Nothing left to apply when the template loaded; still run, so a file never starts unmigrated.
    await database.migrate();
    return database;
  }
  const name = `attune_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: databaseUrl(name) });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A new PostgreSQL database for a server process started by a test: empty (as a fresh deployment
 * finds it) or cloned from the run's migrated template. `drop` removes it, ending its connections.
 */
export async function createPostgresDatabase(options: { migrated: boolean }) {
  const name = `attune_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${name}${options.migrated ? ` TEMPLATE ${inject('pgTemplate')}` : ''}`,
    );
  } finally {
    await admin.end();
  }
  return {
    name,
    url: databaseUrl(name),
    async drop() {
      const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
