import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MUTATION, VIEWER_QUERY } from '@attune/contract';
import { DEMO_PASSWORD } from '../src/modules/seed/demo';
import { createPostgresDatabase } from './database';
import { testEngine } from './engine';
import { startServer, type ServerProcess } from './server-process';

interface Answer {
  status: number;
  retryAfter: string | null;
}

/**
 * A restart or failover of PostgreSQL ends every connection, idle or in use. The server must stay
 * up, answer 503 with Retry-After while the database is away, and serve again by itself.
 */
describe.runIf(testEngine() === 'postgres')('PostgreSQL backends terminated under load', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: ServerProcess;
  let dataDir: string;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
    dataDir = mkdtempSync(join(tmpdir(), 'attune-failover-'));
    server = await startServer({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOCAL_MODE: '1',
      SEED_DEMO: '1',
      RATE_LIMIT_IP_MULTIPLIER: '1000',
    });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await admin?.end();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const response = await fetch(`${server.base}${path}`, init).catch(() => undefined);
    if (!response) return { status: 0, retryAfter: null };
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  };
  const gql = (query: string, variables: object, token?: string) =>
    call('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });

  it('stays up, answers 503 with Retry-After meanwhile, and recovers without a restart', async () => {
    const login = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: LOGIN_MUTATION,
        variables: { input: { username: 'member', password: DEMO_PASSWORD } },
      }),
    }).then((response) => response.json() as Promise<{ data: { login: { authToken: string } } }>);
    const token = login.data.login.authToken;

    const answers: Answer[] = [];
    let stop = false;
    let sent = 0;
    // Each worker mixes reads with writes in transactions (sign-up codes, sessions), so some
    // connections are checked out between two queries when their backend ends.
    const worker = async (id: number) => {
      for (let i = 0; !stop; i += 1) {
        sent += 1;
        const kind = (i + id) % 4;
        answers.push(
          kind === 0
            ? await gql(VIEWER_QUERY, {}, token)
            : kind === 1
              ? await call('/api/fetch-user', { headers: { authorization: `Bearer ${token}` } })
              : kind === 2
                ? await call('/api/send2facode', {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify({ email: `load-${id}-${i}@example.com` }),
                  })
                : await gql(LOGIN_MUTATION, {
                    input: { username: 'member', password: DEMO_PASSWORD },
                  }),
        );
      }
    };
    const workers = Array.from({ length: 8 }, (_, id) => worker(id));
    for (let round = 0; round < 5; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database.name],
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    stop = true;
    await Promise.all(workers);

    expect(server.running(), server.output()).toBe(true);
    expect(sent).toBeGreaterThan(40);
    const statuses = new Set(answers.map((answer) => answer.status));
    // Only successes and "come back later" (a login that failed while the database was away still
    // counts towards its limit, hence 429): no 500, no dropped connection.
    expect([...statuses].filter((status) => ![200, 429, 503].includes(status))).toEqual([]);
    expect(statuses.has(200)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 503))
      expect(answer.retryAfter).toBe('5');

    // Without a restart, the next requests are served again.
    const after = await gql(VIEWER_QUERY, {}, token);
    expect(after.status).toBe(200);
    expect((await call('/readyz')).status).toBe(200);
  }, 120_000);
});
