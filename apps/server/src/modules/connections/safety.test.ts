import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  FRIEND_STATUS,
  MEMBER_REPORT_REASONS,
  type BlockList,
  type MyFriends,
} from '@attune/contract';
import {
  bearer,
  callAs,
  type CallArgs,
  createTestApp,
  graphql,
  signedInMember,
  type TestApp,
  codeOf,
} from '../../../test/app';
import { notificationsOf } from '../notifications/service';

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe('safety: blocks, reports', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Dozens of members sign up from one test address: the per-address sign-up limits are raised.
    t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  });
  afterAll(() => t.close());

  const member = () => signedInMember(t.app);
  const call = (...args: CallArgs) => callAs(t.app, ...args);
  const ask = (from: Member, to: { id: number }) =>
    call('POST', '/api/social/friends', from, { friend_id: to.id });
  const accept = (by: Member, other: { id: number }) =>
    call('POST', '/api/connection/accept-friend', by, { userId: other.id });
  const block = (by: Member | null, other: { id: number }) =>
    call('POST', '/api/connection/block', by, { userId: other.id });
  const unblock = (by: Member | null, other: { id: number }) =>
    call('POST', '/api/connection/unblock', by, { userId: other.id });
  const listOf = async (who: Member) =>
    (await call('GET', '/api/connection/my-friends', who)).json() as MyFriends;
  const blocksOf = async (who: Member) =>
    ((await call('GET', '/api/connection/blocks', who)).json() as BlockList).blocks;
  const empty = { friends: [], incoming: [], outgoing: [] };
  const named = async (who: Member) => {
    const nickname = `Member ${who.id}`;
    expect((await call('PUT', '/api/update-profile', who, { nickname })).statusCode).toBe(200);
    return nickname;
  };
  /** Whether `viewer` finds `other`'s profile by id, by display name and through GraphQL. */
  const sees = async (viewer: Member, other: Member, nickname: string) => {
    const byId = await call('GET', `/api/user?id=${other.id}`, viewer);
    const byName = await call('GET', `/api/users/nickname/${encodeURIComponent(nickname)}`, viewer);
    const byGraph = await graphql<{ user: { databaseId: number } | null }>(
      t.app,
      'query($id: ID!) { user(id: $id) { databaseId } }',
      { id: String(other.id) },
      bearer(viewer.token),
    );
    const found = [
      byId.statusCode === 200,
      byName.statusCode === 200,
      Boolean(byGraph.body.data?.user),
    ];
    expect(new Set(found).size, `${viewer.id} → ${other.id}: ${found}`).toBe(1);
    if (!found[0]) expect(codeOf(byId)).toBe('not_found');
    return found[0];
  };

  it('hides both members from each other and ends their connection; unblocking shows them again', async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    const [anaName, benName] = [await named(ana), await named(ben)];
    expect((await ask(ana, ben)).statusCode).toBe(200);
    expect((await accept(ben, ana)).statusCode).toBe(200);
    expect(await sees(ben, ana, anaName)).toBe(true);

    const blocked = await block(ana, ben);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ message: 'Member blocked.' });
    expect(await listOf(ana)).toEqual(empty);
    expect(await listOf(ben)).toEqual(empty);
    expect(await sees(ben, ana, anaName)).toBe(false);
    expect(await sees(ana, ben, benName)).toBe(false);
    // Others still see both; each still sees themselves.
    expect(await sees(cleo, ana, anaName)).toBe(true);
    expect(await sees(cleo, ben, benName)).toBe(true);
    const own = await graphql<{ viewer: { databaseId: number } }>(
      t.app,
      '{ viewer { databaseId } }',
      {},
      bearer(ben.token),
    );
    expect(own.body.data?.viewer.databaseId).toBe(ben.id);
    expect((await call('GET', '/api/fetch-user', ben)).statusCode).toBe(200);
    const counts = await t.database.db.execute(
      sql`select friend_count from users where id in (${ana.id}, ${ben.id})`,
    );
    expect(
      (counts as unknown as { rows: { friend_count: number }[] }).rows.map((row) =>
        Number(row.friend_count),
      ),
    ).toEqual([0, 0]);

    // Neither can ask: the blocked member hears "not found", as for their profile.
    const fromBen = await ask(ben, ana);
    expect([fromBen.statusCode, codeOf(fromBen)]).toEqual([404, 'not_found']);
    const fromAna = await ask(ana, ben);
    expect([fromAna.statusCode, codeOf(fromAna)]).toEqual([403, 'blocked']);

    expect((await blocksOf(ana)).map((entry) => [entry.databaseId, entry.nickname])).toEqual([
      [ben.id, benName],
    ]);
    expect(await blocksOf(ben)).toEqual([]);
    // Blocking again changes nothing; Ben may block Ana too, and unblocking one leaves the other.
    expect((await block(ana, ben)).statusCode).toBe(200);
    expect((await block(ben, ana)).statusCode).toBe(200);
    expect((await unblock(ana, ben)).statusCode).toBe(200);
    expect(await sees(ana, ben, benName)).toBe(false);
    expect(codeOf(await ask(ana, ben))).toBe('not_found');
    expect((await unblock(ben, ana)).statusCode).toBe(200);
    expect((await unblock(ben, ana)).statusCode).toBe(200);
    expect(await blocksOf(ana)).toEqual([]);

    expect(await sees(ana, ben, benName)).toBe(true);
    expect(await sees(ben, ana, anaName)).toBe(true);
    const again = await ask(ben, ana);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isFriend: FRIEND_STATUS.requestSent });
  });

  it('ends a pending request either way, with its notification', async () => {
    for (const blocker of ['addressee', 'requester'] as const) {
      const [ana, ben] = [await member(), await member()];
      expect((await ask(ana, ben)).statusCode).toBe(200);
      expect((await notificationsOf(t.database.db, ben.id)).length).toBe(1);
      const [by, other] = blocker === 'addressee' ? [ben, ana] : [ana, ben];
      expect((await block(by, other)).statusCode).toBe(200);
      expect(await listOf(ana)).toEqual(empty);
      expect(await listOf(ben)).toEqual(empty);
      expect(await notificationsOf(t.database.db, ben.id)).toEqual([]);
      const answer = await call('POST', '/api/connection/accept-friend', ben, { userId: ana.id });
      expect(codeOf(answer)).toBe('friend_request_not_found');
    }
  });

  it('refuses to block oneself or nobody, and every safety route to a visitor', async () => {
    const ana = await member();
    const self = await block(ana, ana);
    expect([self.statusCode, codeOf(self)]).toEqual([400, 'cannot_block_self']);
    const unknown = await block(ana, { id: 2_000_000_000 });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'not_found']);
    const selfUnblock = await unblock(ana, ana);
    expect([selfUnblock.statusCode, codeOf(selfUnblock)]).toEqual([400, 'cannot_block_self']);
    for (const path of ['block', 'unblock'])
      for (const body of [{}, { userId: 'x' }, { userId: 0 }, { friend_id: ana.id + 1 }]) {
        const response = await call('POST', `/api/connection/${path}`, ana, body);
        expect([response.statusCode, codeOf(response)], `${path} ${JSON.stringify(body)}`).toEqual([
          400,
          'validation_failed',
        ]);
      }
    for (const response of [
      await block(null, ana),
      await unblock(null, ana),
      await call('GET', '/api/connection/blocks', null),
      await call('POST', '/api/connection/report', null, { userId: ana.id, reason: 'spam' }),
    ])
      expect(response.statusCode).toBe(401);
    expect(await blocksOf(ana)).toEqual([]);
  });

  it('stores a report with its reason, details required for other', async () => {
    const [ana, ben] = [await member(), await member()];
    const report = (body: object) => call('POST', '/api/connection/report', ana, body);
    const rows = async () =>
      (
        (await t.database.db.execute(
          sql`select reporter_id, reported_id, reason, details, status from member_reports where reporter_id = ${ana.id} order by id`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows;

    const saved = await report({ userId: ben.id, reason: 'harassment' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: 'Thank you. Our team will look at your report.' });
    expect(
      (await report({ userId: ben.id, reason: 'other', details: '  Odd messages  ' })).statusCode,
    ).toBe(200);

    const missing = await report({ userId: ben.id, reason: 'other', details: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation_failed',
      data: { params: { field: 'details' } },
    });
    expect((await report({ userId: ben.id, reason: 'rude' })).statusCode).toBe(400);
    for (const body of [{ reason: 'spam' }, { userId: 'x', reason: 'spam' }, { userId: ben.id }]) {
      const refused = await report(body);
      expect([refused.statusCode, codeOf(refused)], JSON.stringify(body)).toEqual([
        400,
        'validation_failed',
      ]);
    }
    expect(
      (await report({ userId: ben.id, reason: 'spam', details: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    const self = await report({ userId: ana.id, reason: 'spam' });
    expect([self.statusCode, codeOf(self)]).toEqual([400, 'cannot_report_self']);
    const unknown = await report({ userId: 2_000_000_000, reason: 'spam' });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'not_found']);

    // A member who blocked someone may still report them.
    expect((await block(ana, ben)).statusCode).toBe(200);
    expect((await report({ userId: ben.id, reason: 'spam' })).statusCode).toBe(200);

    expect(await rows()).toEqual([
      {
        reporter_id: ana.id,
        reported_id: ben.id,
        reason: 'harassment',
        details: '',
        status: 'open',
      },
      {
        reporter_id: ana.id,
        reported_id: ben.id,
        reason: 'other',
        details: 'Odd messages',
        status: 'open',
      },
      { reporter_id: ana.id, reported_id: ben.id, reason: 'spam', details: '', status: 'open' },
    ]);
    expect(MEMBER_REPORT_REASONS).toContain('other');
  });
});
