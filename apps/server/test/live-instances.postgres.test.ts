import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LOGIN_MUTATION, type ServerEvent } from '@attune/contract';
import { DEMO_PASSWORD } from '../src/modules/seed/demo';
import { createPostgresDatabase } from './database';
import { testEngine } from './engine';
import { startServer, type ServerProcess } from './server-process';

/**
 * Step 8 across real server processes on one PostgreSQL: a message sent through one instance
 * reaches a socket on another (Redis pub/sub), and messages acknowledged while the server is
 * killed again and again are each stored exactly once.
 */

const servers: ServerProcess[] = [];
// Every process of a test signs and checks tokens with the same secret, as a deployment's do.
const AUTH_SECRET = randomBytes(32).toString('base64url');
const dataDirs: string[] = [];
let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

async function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'attune-live-'));
  dataDirs.push(dataDir);
  const server = await startServer({
    DATABASE_URL: database!.url,
    DATA_DIR: dataDir,
    LOCAL_MODE: '1',
    RATE_LIMIT_IP_MULTIPLIER: '1000',
    AUTH_SECRET,
    ...env,
  });
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await database?.drop();
  database = undefined;
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

async function logIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: LOGIN_MUTATION,
      variables: { input: { username, password: DEMO_PASSWORD } },
    }),
  });
  const body = (await response.json()) as { data: { login: { authToken: string } } };
  return body.data.login.authToken;
}

async function idOf(base: string, token: string): Promise<number> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ viewer { databaseId } }' }),
  });
  return ((await response.json()) as { data: { viewer: { databaseId: number } } }).data.viewer
    .databaseId;
}

const sendMessage = (base: string, token: string, body: object) =>
  fetch(`${base}/api/social/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

describe.runIf(testEngine() === 'postgres' && Boolean(process.env.REDIS_URL))(
  'two instances behind one Redis',
  () => {
    it('delivers a message sent through instance A to a socket on instance B', async () => {
      database = await createPostgresDatabase({ migrated: true });
      const prefix = `attune-scale-${randomBytes(4).toString('hex')}`;
      const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: prefix };
      const a = await start({ ...env, SEED_DEMO: '1' });
      const b = await start({ ...env, SEED_DEMO: '0' });
      const [memberToken, mentorToken] = await Promise.all([
        logIn(a.base, 'member'),
        logIn(b.base, 'mentor'),
      ]);
      const mentorId = await idOf(b.base, mentorToken);

      const socket = new WebSocket(`${b.base.replace('http:', 'ws:')}/ws`);
      const events: ServerEvent[] = [];
      const arrived = new Promise<ServerEvent>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message on instance B')), 10_000);
        socket.on('message', (data) => {
          const event = JSON.parse(data.toString()) as ServerEvent;
          events.push(event);
          if (event.type === 'message.new') {
            clearTimeout(timer);
            resolve(event);
          }
        });
      });
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: mentorToken })));
      await new Promise<void>((resolve) => {
        const check = () =>
          events.some((event) => event.type === 'ready') ? resolve() : setTimeout(check, 20);
        check();
      });

      const sent = await sendMessage(a.base, memberToken, {
        recipients: [mentorId],
        message: 'Über Instanz A',
      });
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: number };
      const event = await arrived;
      expect(event).toMatchObject({ type: 'message.new', message: { id, text: 'Über Instanz A' } });
      socket.close();
    }, 120_000);
  },
);

describe.runIf(testEngine() === 'postgres')('messages while the server is killed', () => {
  it('stores every acknowledged message exactly once', async () => {
    database = await createPostgresDatabase({ migrated: true });
    let server = await start({ SEED_DEMO: '1' });
    const token = await logIn(server.base, 'member');
    const mentorId = await idOf(server.base, await logIn(server.base, 'mentor'));

    const total = 36;
    const acknowledged = new Map<number, number>();
    let kills = 0;
    for (let number = 1; number <= total; number += 1) {
      const body = {
        recipients: [mentorId],
        message: `Nummer ${number}`,
        client_id: `durable-${number}`,
      };
      // Every ninth message, the process is killed while the request is on its way.
      const request = sendMessage(server.base, token, body).catch(() => null);
      if (number % 9 === 0) {
        kills += 1;
        await server.kill();
      }
      let response = await request;
      // A client that got no answer sends the same message again (same client_id) once the
      // server is back: it is then stored once, whichever attempt the server took.
      while (!response || response.status !== 201) {
        if (!server.running()) server = await start({ SEED_DEMO: '0' });
        response = await sendMessage(server.base, token, body).catch(() => null);
      }
      acknowledged.set(number, ((await response.json()) as { id: number }).id);
    }
    expect(kills).toBe(4);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ client_id: string; id: number; body: string }>(
        `select client_id, id, body from chat_messages where client_id like 'durable-%'`,
      );
      expect(rows).toHaveLength(total);
      for (const [number, id] of acknowledged) {
        const stored = rows.filter((row) => row.client_id === `durable-${number}`);
        expect(stored, `message ${number}`).toEqual([
          { client_id: `durable-${number}`, id, body: `Nummer ${number}` },
        ]);
      }
    } finally {
      await client.end();
    }
  }, 240_000);
});
