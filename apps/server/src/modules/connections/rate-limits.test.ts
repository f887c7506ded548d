import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MEMBER_REPORT_REASONS } from '@attune/contract';
import {
  callAs,
  type CallArgs,
  createTestApp,
  signedInMember,
  type TestApp,
  codeOf,
  signedInMembers,
} from '../../../test/app';
import { RATE_LIMITS } from '../../plugins/app/rate-limits';

describe('connection requests and reports are limited per member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callAs(t.app, ...args);
  /** A member id nobody has: the request is refused (404) but still counts. */
  const nobody = 2_000_000_000;

  it('refuses the request past the hourly limit, refused ones included, for that member only', async () => {
    const [sender, other, addressee] = await signedInMembers(t.app, 3);
    const limit = RATE_LIMITS['friend-request:account'].points;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const refused = await call('POST', '/api/social/friends', sender, { friend_id: nobody });
      expect(refused.statusCode).toBe(404);
    }
    const limited = await call('POST', '/api/social/friends', sender, {
      friend_id: addressee.id,
    });
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited)).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was sent: the addressee has no request waiting.
    const theirs = await call('GET', '/api/connection/my-friends', addressee);
    expect(theirs.json()).toMatchObject({ incoming: [] });
    // Another member is not held back by the first one's count.
    const allowed = await call('POST', '/api/social/friends', other, { friend_id: addressee.id });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses a report past the hourly limit; a visitor is refused before anything counts', async () => {
    const [reporter, reported] = await Promise.all([signedInMember(t.app), signedInMember(t.app)]);
    const report = (userId: number) =>
      call('POST', '/api/connection/report', reporter, {
        userId,
        reason: MEMBER_REPORT_REASONS[0],
        details: 'Keeps sending me the same message.',
      });
    expect(
      (await call('POST', '/api/connection/report', null, { userId: reported.id })).statusCode,
    ).toBe(401);
    const limit = RATE_LIMITS['member-report:account'].points;
    for (let attempt = 0; attempt < limit - 1; attempt += 1) {
      expect((await report(nobody)).statusCode).toBe(404);
    }
    expect((await report(reported.id)).statusCode).toBe(200);
    const limited = await report(reported.id);
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited)).toBe('rate_limited');
    const stored = (await t.database.db.execute(
      sql`select count(*) as count from member_reports where reporter_id = ${reporter.id}`,
    )) as unknown as { rows: { count: string | number }[] };
    expect(Number(stored.rows[0]!.count)).toBe(1);
  });
});
