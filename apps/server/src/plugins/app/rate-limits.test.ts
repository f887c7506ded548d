import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MUTATION } from '@attune/contract';
import { openTestDatabase } from '../../../test/database';
import {
  createTestApp,
  graphql,
  post,
  signUp,
  TEST_TOKENS,
  uniqueEmail,
  type TestApp,
} from '../../../test/app';
import type { Database } from '../../db/client';
import { sql } from 'drizzle-orm';
import { failureDelayMs, KNOWN_ADDRESS_DELAY_MS } from '../../modules/auth/service';
import { rateLimited } from './rate-limits';

describe('the rate-limited answer', () => {
  it('gives the wait in whole minutes, rounded up, and the exact seconds in Retry-After', () => {
    expect(rateLimited(1)).toMatchObject({
      code: 'rate_limited',
      status: 429,
      message: 'Too many attempts. Please wait 1 minute and try again.',
      params: { minutes: 1 },
      headers: { 'retry-after': '1' },
    });
    expect(rateLimited(60_000)).toMatchObject({ params: { minutes: 1 } });
    expect(rateLimited(11 * 60_000 + 1)).toMatchObject({
      message: 'Too many attempts. Please wait 12 minutes and try again.',
      params: { minutes: 12 },
      headers: { 'retry-after': '661' },
    });
  });
});

describe('rate limits answer 429 with Retry-After', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('limits send-code per e-mail', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i += 1)
      expect((await post(t.app, '/api/send2facode', { email })).status).toBe(200);
    const limited = await post(t.app, '/api/send2facode', { email });
    expect(limited.status).toBe(429);
    // The window is 15 minutes and began a moment ago: the member is told to wait 15 minutes.
    expect(limited.body).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait 15 minutes and try again.',
      data: { status: 429, params: { minutes: 15 } },
    });
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });

  it('limits validate per e-mail', async () => {
    const email = uniqueEmail();
    let last = 0;
    for (let i = 0; i < 16; i += 1)
      last = (
        await post(t.app, '/api/validate2facode', {
          email,
          code: '123456',
          is_reset_password: false,
        })
      ).status;
    expect(last).toBe(429);
  });

  it('limits failed logins per member, but successful ones do not count', async () => {
    const member = await signUp(t.app);
    for (let i = 0; i < 12; i += 1) {
      const ok = await graphql(t.app, LOGIN_MUTATION, {
        input: { username: member.email, password: member.password },
      });
      expect(ok.status).toBe(200);
    }
    for (let i = 0; i < 10; i += 1)
      await graphql(t.app, LOGIN_MUTATION, {
        input: { username: member.email, password: 'wrong-password' },
      });
    const limited = await graphql(t.app, LOGIN_MUTATION, {
      input: { username: member.email, password: member.password },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.errors?.[0]?.extensions).toEqual({
      code: 'rate_limited',
      status: 429,
      params: { minutes: 15 },
    });
  });

  it('limits recover per e-mail', async () => {
    const email = uniqueEmail();
    const headers = { authorization: `Bearer ${TEST_TOKENS.recover}` };
    for (let i = 0; i < 5; i += 1)
      expect((await post(t.app, '/api/recoverpassword', { email }, headers)).status).toBe(200);
    expect((await post(t.app, '/api/recoverpassword', { email }, headers)).status).toBe(429);
  });

  it('limits per IP across e-mails', async () => {
    let status = 0;
    for (let i = 0; i < 31 && status !== 429; i += 1)
      status = (await post(t.app, '/api/send2facode', { email: uniqueEmail() }, {})).status;
    expect(status).toBe(429);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/send2facode',
      payload: { email: uniqueEmail() },
      remoteAddress: '10.9.8.7',
    });
    expect(other.statusCode).toBe(200);
  });
});

// With REDIS_URL (as on CI), two app instances share their counters through Redis.
describe.runIf(Boolean(process.env.REDIS_URL))('rate limits shared through Redis', () => {
  let database: Database;
  let first: TestApp;
  let second: TestApp;
  const prefix = `attune-test-shared:${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    database = await openTestDatabase();
    first = await createTestApp({ RATE_LIMIT_PREFIX: prefix }, { database });
    second = await createTestApp({ RATE_LIMIT_PREFIX: prefix }, { database });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it('counts attempts made on either instance', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i += 1) {
      const instance = i % 2 === 0 ? first : second;
      expect((await post(instance.app, '/api/send2facode', { email })).status).toBe(200);
    }
    expect((await post(first.app, '/api/send2facode', { email })).status).toBe(429);
    expect((await post(second.app, '/api/send2facode', { email })).status).toBe(429);
  });
});

describe('login throttling (decision 0021)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** One login from an address; resolves to the answer's status and how long it took. */
  const logInFrom = async (address: string, username: string, password: string) => {
    const started = performance.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: LOGIN_MUTATION, variables: { input: { username, password } } },
      remoteAddress: address,
    });
    const body = response.json() as { data: unknown; errors?: { extensions: { code: string } }[] };
    return {
      status: response.statusCode,
      code: body.errors?.[0]?.extensions.code ?? null,
      ms: performance.now() - started,
    };
  };
  let addressCounter = 0;
  const newAddress = () =>
    `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

  it('counts the username and the e-mail of one member together', async () => {
    const member = await signUp(t.app);
    const [row] = (
      (await t.database.db.execute(
        sql`select username from users where id = ${member.id}`,
      )) as unknown as { rows: { username: string }[] }
    ).rows;
    const address = newAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await logInFrom(address, member.email, 'wrong-password')).code).toBe('login_failed');
      expect((await logInFrom(address, row!.username, 'wrong-password')).code).toBe('login_failed');
    }
    expect((await logInFrom(address, row!.username.toUpperCase(), 'wrong')).code).toBe(
      'rate_limited',
    );
  });

  it("does not let a stranger's failures lock the member out", async () => {
    const member = await signUp(t.app);
    const stranger = newAddress();
    for (let i = 0; i < 10; i += 1)
      expect((await logInFrom(stranger, member.email, 'wrong-password')).code).toBe('login_failed');
    // The stranger's address is blocked, even with the right password …
    expect((await logInFrom(stranger, member.email, member.password)).code).toBe('rate_limited');
    // … the member, from their own address, is not.
    expect((await logInFrom(newAddress(), member.email, member.password)).status).toBe(200);
  });

  it('slows the answers after three failures from one address, more with each one', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 9].map(failureDelayMs)).toEqual([
      0, 0, 0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
  });

  it('waits before checking the password once an address has failed three times', async () => {
    // Waits at a tenth of their real length: 100 ms, 200 ms, 400 ms for the 4th, 5th, 6th failure.
    const slow = await createTestApp({ RATE_LIMIT_DELAY_SCALE: '0.1' });
    try {
      const member = await signUp(slow.app);
      const attempt = async (password: string) => {
        const started = performance.now();
        const response = await slow.app.inject({
          method: 'POST',
          url: '/graphql',
          payload: {
            query: LOGIN_MUTATION,
            variables: { input: { username: member.email, password } },
          },
        });
        return { status: response.statusCode, ms: performance.now() - started };
      };
      const times: number[] = [];
      for (let i = 0; i < 6; i += 1) times.push((await attempt('wrong-password')).ms);
      expect(times[3]).toBeGreaterThanOrEqual(100);
      expect(times[4]).toBeGreaterThanOrEqual(200);
      expect(times[5]).toBeGreaterThanOrEqual(400);
      // A success forgets the address's failures: the next typo is answered without a wait.
      expect((await attempt(member.password)).status).toBe(200);
      expect((await attempt('wrong-password')).ms).toBeLessThan(times[5]! - 300);
    } finally {
      await slow.close();
    }
  });

  it('past the account ceiling, refuses new addresses but only slows a known one', async () => {
    const member = await signUp(t.app);
    const home = newAddress();
    expect((await logInFrom(home, member.email, member.password)).status).toBe(200);
    // Many addresses fail, each below its own limit, until the account's ceiling (50 an hour).
    for (let a = 0; a < 5; a += 1) {
      const attacker = newAddress();
      for (let i = 0; i < 10; i += 1) await logInFrom(attacker, member.email, 'wrong-password');
    }
    const elsewhere = await logInFrom(newAddress(), member.email, member.password);
    expect(elsewhere.code).toBe('rate_limited');
    const atHome = await logInFrom(home, member.email, member.password);
    expect(atHome.status).toBe(200);
    expect(atHome.code).toBeNull();
    expect(atHome.ms).toBeGreaterThanOrEqual(KNOWN_ADDRESS_DELAY_MS * 0.01);
  });

  it('throttles a name without an account the same way', async () => {
    const address = newAddress();
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 10; i += 1)
      expect((await logInFrom(address, nobody, 'wrong-password')).code).toBe('login_failed');
    expect((await logInFrom(address, nobody, 'wrong-password')).code).toBe('rate_limited');
    expect((await logInFrom(newAddress(), nobody, 'wrong-password')).code).toBe('login_failed');
  });
});
