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
