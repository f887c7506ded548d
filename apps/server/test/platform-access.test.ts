import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestApp, signUp, uniqueEmail, type TestApp } from './app';
import { openTestDatabase } from './database';
import { testEngine } from './engine';
import { startServer } from './server-process';

/** The settings of a real deployment (LOCAL_MODE off); SMTP points nowhere, mail just waits. */
const DEPLOYMENT = {
  LOCAL_MODE: '0',
  PUBLIC_URL: 'https://community.example.org',
  SMTP_URL: 'smtp://127.0.0.1:1',
};

/** Sends sign-up codes to new addresses, each "from" another address in X-Forwarded-For. */
async function sendCodesWithRotatedAddresses(t: TestApp, count: number, remoteAddress?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/send2facode',
      payload: { email: uniqueEmail() },
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('X-Forwarded-For', () => {
  // 30 codes per address per 15 minutes (decision 0005).
  it('is ignored by default, also outside local mode: rotating it does not escape the limit', async () => {
    const t = await createTestApp(DEPLOYMENT);
    try {
      const statuses = await sendCodesWithRotatedAddresses(t, 31);
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('names the client only when it comes from a configured proxy', async () => {
    const t = await createTestApp({ ...DEPLOYMENT, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    try {
      // From the proxy (inject's peer is 127.0.0.1): each forwarded address has its own count.
      expect(await sendCodesWithRotatedAddresses(t, 31)).not.toContain(429);
      // From anyone else, the header is the client's own words: the peer's address counts.
      const direct = await sendCodesWithRotatedAddresses(t, 31, '203.0.113.50');
      expect(direct[30]).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('trusts the nearest hops with a hop count', async () => {
    const t = await createTestApp({ ...DEPLOYMENT, TRUST_PROXY: '1' });
    try {
      // One hop: the address the proxy appended (the last one) is the client; entries a client
      // wrote before it do not matter.
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/send2facode',
          payload: { email: uniqueEmail() },
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 192.0.2.1` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses[30]).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('local mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows the dev outbox to this machine only, judged by the socket, not by headers', async () => {
    const { email } = await signUp(t.app);
    const local = await t.app.inject('/dev/mail.json');
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain(email);
    for (const request of [
      { url: '/dev/mail.json', remoteAddress: '203.0.113.9' },
      { url: '/dev/mail', remoteAddress: '192.168.1.20' },
      {
        url: '/dev/mail.json',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1', host: 'localhost' },
      },
      // A reverse proxy on this machine forwards other people's requests: still no.
      { url: '/dev/mail.json', headers: { 'x-forwarded-for': '203.0.113.9' } },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode, JSON.stringify(request)).toBe(404);
      expect(response.body).not.toContain(email);
    }
  });

  it('builds /config.json from paths, never from the Host header', async () => {
    const response = await t.app.inject({
      url: '/config.json',
      headers: { host: 'evil.example:666' },
    });
    expect(response.body).not.toContain('evil.example');
    expect(response.json()).toMatchObject({
      graphqlUrl: '/graphql',
      restUrl: '/api',
      socialUrl: '/api/social',
    });
  });

  it('answers GraphQL introspection and the API docs', async () => {
    const introspection = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ __schema { queryType { name } } }' },
    });
    expect(introspection.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    expect((await t.app.inject('/api/docs/json')).statusCode).toBe(200);
  });

  it('serves /metrics to this machine: durations by route pattern, event-loop lag', async () => {
    await t.app.inject({ method: 'POST', url: '/api/social/members/48151623/avatar' });
    const metrics = await t.app.inject('/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_bucket\{[^}]*route="\/api\/social\/members\/:id\/avatar"/,
    );
    expect(metrics.body).not.toContain('48151623');
    expect(metrics.body).toContain('nodejs_eventloop_lag_seconds');
    if (testEngine() === 'postgres')
      expect(metrics.body).toMatch(/attune_db_pool_connections\{state="total"\} \d+/);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(
      404,
    );
  });
});

describe('outside local mode', () => {
  let t: TestApp;
  const token = randomBytes(24).toString('hex');
  beforeAll(async () => {
    t = await createTestApp({ ...DEPLOYMENT, METRICS_TOKEN: token });
  });
  afterAll(() => t.close());

  it('serves /metrics only with the METRICS_TOKEN bearer, even to this machine', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token' } }))
        .statusCode,
    ).toBe(401);
    const scraped = await t.app.inject({
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('http_request_duration_seconds');
  });

  it('turns introspection and the API docs off', async () => {
    const introspection = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ __schema { queryType { name } } }' },
    });
    expect(introspection.statusCode).toBe(400);
    expect(introspection.json().errors[0].message).toMatch(/introspection/i);
    expect((await t.app.inject('/api/docs')).statusCode).toBe(404);
    expect((await t.app.inject('/api/docs/json')).statusCode).toBe(404);
  });
});

describe('the default listening address in local mode', () => {
  it('is this machine only: localhost over IPv4 answers, the network address does not', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'attune-host-'));
    const server = await startServer({ DATA_DIR: dataDir, HOST: '', LOCAL_MODE: '1' });
    try {
      const port = new URL(server.base).port;
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect((await fetch(`http://localhost:${port}/healthz`)).status).toBe(200);
      const external = Object.values(networkInterfaces())
        .flat()
        .find((address) => address && address.family === 'IPv4' && !address.internal);
      if (external) {
        const reached = await fetch(`http://${external.address}:${port}/healthz`).then(
          () => true,
          () => false,
        );
        expect(reached).toBe(false);
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(Boolean(process.env.REDIS_URL))('REDIS_KEY_PREFIX', () => {
  it('prefixes the rate-limit keys in Redis', async () => {
    const prefix = `attune-test-${randomBytes(4).toString('hex')}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'attune-redis-'));
    const database = await openTestDatabase();
    const app = await buildApp(
      loadConfig({
        LOCAL_MODE: '1',
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(32).toString('base64url'),
        REDIS_URL: process.env.REDIS_URL!,
        REDIS_KEY_PREFIX: prefix,
        SEED_DEMO: '0',
        WEB_DIST_DIR: join(tmpdir(), 'attune-no-web-build'),
      }),
      { database, logger: false },
    );
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      await app.inject({
        method: 'POST',
        url: '/api/send2facode',
        payload: { email: uniqueEmail() },
      });
      const keys = await redis.keys(`${prefix}:*`);
      expect(keys.some((key) => key.startsWith(`${prefix}:rl:send-code:`))).toBe(true);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
