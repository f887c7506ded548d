import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { databaseUrl, testEngine } from './engine';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    /** A migrated PGlite data directory (tarball file), cloned by each test file. */
    pgliteTemplate: string;
  }
}

/**
 * Migrates one template database per run; each test file then clones it instead of migrating its
 * own: on PostgreSQL with CREATE DATABASE … TEMPLATE, on PGlite by starting from a dump of a
 * migrated data directory.
 */
export default async function setup(project: TestProject) {
  if (testEngine() !== 'postgres') {
    project.provide('pgTemplate', '');
    const database = await openDatabase({ inMemory: true });
    await database.migrate();
    const dir = mkdtempSync(join(tmpdir(), 'attune-pglite-template-'));
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await (await database.snapshot!()).arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide('pgliteTemplate', '');
  const template = `attune_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(template) });
  await database.migrate();
  await database.close();
  project.provide('pgTemplate', template);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}
