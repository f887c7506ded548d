import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { databaseUrl, testEngine } from './engine';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

/**
 * On PostgreSQL, migrates one template database per run; each test file then clones it
 * (CREATE DATABASE … TEMPLATE), which takes milliseconds instead of a migration per file.
 */
export default async function setup(project: TestProject) {
  if (testEngine() !== 'postgres') {
    project.provide('pgTemplate', '');
    return;
  }
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
