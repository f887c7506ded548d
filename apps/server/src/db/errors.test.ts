import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from '../../test/database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from './client';
import { classifyDatabaseError, redactError } from './errors';

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$secret-hash-value';

describe('database errors', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const failure = async (query: ReturnType<typeof sql>) =>
    database.db.execute(query).then(
      () => expect.unreachable(),
      (error: unknown) => error,
    );

  it('names refused values as the client’s mistake, on this engine', async () => {
    expect(classifyDatabaseError(await failure(sql`select ${'a\u0000b'}::text`))).toBe(
      'invalid_input',
    );
    expect(classifyDatabaseError(await failure(sql`select ${2 ** 40}::int`))).toBe('invalid_input');
    expect(classifyDatabaseError(await failure(sql`select ${'abc'}::int`))).toBe('invalid_input');
    expect(classifyDatabaseError(await failure(sql`select * from no_such_table`))).toBeUndefined();
  });

  it('names a lost or unreachable database as unavailable', () => {
    const terminated = Object.assign(
      new Error('terminating connection due to administrator command'),
      { code: '57P01' },
    );
    expect(classifyDatabaseError(new Error('Failed query', { cause: terminated }))).toBe(
      'unavailable',
    );
    expect(classifyDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(
      'unavailable',
    );
    expect(
      classifyDatabaseError(Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' })),
    ).toBe('unavailable');
  });

  it('keeps parameters and row values out of the redacted copy', async () => {
    const error = await failure(sql`select ${SECRET}::int`);
    const text = JSON.stringify(redactError(error));
    expect(text).not.toContain('secret-hash-value');
    expect(text).toContain('22P02');
    expect(text).toContain('select $1::int');
  });
});

describe('the server log', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'attune-log-'));
    const config = loadConfig({
      LOCAL_MODE: '1',
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      SEED_DEMO: '0',
      WEB_DIST_DIR: join(tmpdir(), 'attune-no-web-build'),
    });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp(config, { database, logger: { level: 'info', stream } });
    // A failing query with a secret parameter, as a bug in a route would run it.
    // Declared public: undeclared routes are refused before their handler (decision 0028).
    app.get('/test/failing-query', { config: { access: 'public' } }, async () => {
      await database.db.execute(
        sql`insert into users (email, password_hash) values (${'x@example.com'}, ${SECRET}), (null, ${SECRET})`,
      );
      return {};
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs a failed query without its parameters or row values', async () => {
    const response = await app.inject('/test/failing-query');
    expect(response.statusCode).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toContain('insert into users');
    expect(logged).not.toContain('secret-hash-value');
    expect(logged).not.toContain('x@example.com');
  });
});
