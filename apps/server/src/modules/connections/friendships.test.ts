import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  FRIEND_STATUS,
  HEALTH_CONSENT_VERSION,
  type FriendshipChange,
  type MyFriends,
} from '@attune/contract';
import {
  callAs,
  type CallArgs,
  createTestApp,
  mailsTo,
  signedInMember,
  type TestApp,
  codeOf,
} from '../../../test/app';
import { statementsSent } from '../../../test/statements';
import { notificationsOf } from '../notifications/service';

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe('friendships: request, accept, reject, cancel, remove', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Dozens of members sign up from one test address: the per-address sign-up limits are raised.
    t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  });
  afterAll(() => t.close());

  const member = () => signedInMember(t.app);
  const call = (...args: CallArgs) => callAs(t.app, ...args);
  const ask = (from: Member | null, to: { id: number }) =>
    call('POST', '/api/social/friends', from, { friend_id: to.id });
  const answer = (
    action: 'accept' | 'reject' | 'cancel',
    by: Member | null,
    other: { id: number },
  ) => call('POST', `/api/connection/${action}-friend`, by, { userId: other.id });
  const remove = (by: Member | null, other: { id: number }) =>
    call('DELETE', `/api/social/friends/${other.id}`, by);
  const listOf = async (who: Member) => {
    const response = await call('GET', '/api/connection/my-friends', who);
    expect(response.statusCode).toBe(200);
    return response.json() as MyFriends;
  };
  const idsIn = (list: MyFriends) => ({
    friends: list.friends.map((entry) => entry.databaseId),
    incoming: list.incoming.map((entry) => entry.databaseId),
    outgoing: list.outgoing.map((entry) => entry.databaseId),
  });
  const kindsFor = async (who: { id: number }) =>
    (await notificationsOf(t.database.db, who.id)).map((row) => [row.kind, row.actorId]);
  const isFriendIn = async (viewer: Member, other: { id: number }) =>
    ((await call('GET', `/api/user?id=${other.id}`, viewer)).json() as { isFriend: number })
      .isFriend;
  const setLanguage = (who: Member, language: string) =>
    call('PATCH', '/api/users/preferred-language', who, { language });
  const setSwitch = (who: Member, key: string, value: boolean) =>
    call('PATCH', '/api/notifications/preferences', who, { key, value });
  const named = async (who: Member, nickname: string) =>
    expect((await call('PUT', '/api/update-profile', who, { nickname })).statusCode).toBe(200);

  it('sends a request: pending both ways, a notification and an e-mail for the addressee', async () => {
    const [ana, ben] = [await member(), await member()];
    await named(ana, `Ana ${ana.id}`);

    const sent = await ask(ana, ben);
    expect(sent.statusCode).toBe(200);
    const change = sent.json() as FriendshipChange;
    expect(change).toMatchObject({
      message: 'Connection request sent.',
      userId: ben.id,
      isFriend: FRIEND_STATUS.requestSent,
      friendship: { initiator_id: ana.id, friend_id: ben.id, is_confirmed: false },
    });

    expect(idsIn(await listOf(ana))).toEqual({ friends: [], incoming: [], outgoing: [ben.id] });
    const bens = await listOf(ben);
    expect(idsIn(bens)).toEqual({ friends: [], incoming: [ana.id], outgoing: [] });
    expect(bens.incoming[0]).toMatchObject({
      nickname: `Ana ${ana.id}`,
      isFriend: FRIEND_STATUS.requestReceived,
    });
    expect(await isFriendIn(ana, ben)).toBe(FRIEND_STATUS.requestSent);
    expect(await isFriendIn(ben, ana)).toBe(FRIEND_STATUS.requestReceived);

    expect(await kindsFor(ben)).toEqual([['friend_request', ana.id]]);
    expect(await kindsFor(ana)).toEqual([]);
    const [mail] = await mailsTo(t.app, ben.email);
    expect(mail?.subject).toBe(`Ana ${ana.id} would like to connect with you on Attune`);
    expect(mail?.text).toContain('/en/connections');
    expect(await mailsTo(t.app, ana.email)).toHaveLength(1); // only the sign-up code
  });

  it('accepts: connected both ways, the sender notified and mailed in their language', async () => {
    const [ana, ben] = [await member(), await member()];
    await named(ben, `Ben ${ben.id}`);
    await setLanguage(ana, 'es');
    expect((await ask(ana, ben)).statusCode).toBe(200);

    const accepted = await answer('accept', ben, ana);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      userId: ana.id,
      isFriend: FRIEND_STATUS.connected,
      friendship: { initiator_id: ana.id, friend_id: ben.id, is_confirmed: true },
    });
    expect(idsIn(await listOf(ana))).toEqual({ friends: [ben.id], incoming: [], outgoing: [] });
    expect(idsIn(await listOf(ben))).toEqual({ friends: [ana.id], incoming: [], outgoing: [] });
    expect((await listOf(ana)).friends[0]?.isFriend).toBe(FRIEND_STATUS.connected);
    expect(await isFriendIn(ana, ben)).toBe(FRIEND_STATUS.connected);
    expect(await isFriendIn(ben, ana)).toBe(FRIEND_STATUS.connected);

    // Ben's notice of the request is answered; Ana hears of the acceptance.
    expect(await kindsFor(ben)).toEqual([]);
    expect(await kindsFor(ana)).toEqual([['friend_accepted', ben.id]]);
    const [mail] = await mailsTo(t.app, ana.email);
    expect(mail?.subject).toBe(`Ben ${ben.id} ha aceptado su solicitud de contacto`);
    expect(mail?.text).toContain('/es/connections');
    expect(mail?.html).toContain('lang="es"');
  });

  it('respects the e-mail switches: the notification is kept, the mail is not sent', async () => {
    const [ana, ben] = [await member(), await member()];
    await setLanguage(ben, 'de');
    await setSwitch(ben, 'friend_request', false);
    await setSwitch(ana, 'friend_accepted', false);
    const mailsBefore = async () => [
      (await mailsTo(t.app, ana.email)).length,
      (await mailsTo(t.app, ben.email)).length,
    ];
    const before = await mailsBefore();

    expect((await ask(ana, ben)).statusCode).toBe(200);
    expect((await answer('accept', ben, ana)).statusCode).toBe(200);
    expect(await mailsBefore()).toEqual(before);
    expect(await kindsFor(ana)).toEqual([['friend_accepted', ben.id]]);

    // With the switch on again, Ben's mails come in German.
    await setSwitch(ben, 'friend_request', true);
    const carla = await member();
    await named(carla, `Carla ${carla.id}`);
    expect((await ask(carla, ben)).statusCode).toBe(200);
    const [mail] = await mailsTo(t.app, ben.email);
    expect(mail?.subject).toBe(`Carla ${carla.id} möchte sich auf Attune mit Ihnen verbinden`);
    expect(mail?.text).toContain('/de/connections');
  });

  it('rejects: the sender is told in their language, and may ask again later', async () => {
    const [ana, ben] = [await member(), await member()];
    await named(ben, `Ben ${ben.id}`);
    await setLanguage(ana, 'de');
    expect((await ask(ana, ben)).statusCode).toBe(200);
    const rejected = await answer('reject', ben, ana);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      isFriend: FRIEND_STATUS.notConnected,
      friendship: null,
    });
    expect(idsIn(await listOf(ana))).toEqual({ friends: [], incoming: [], outgoing: [] });
    expect(idsIn(await listOf(ben))).toEqual({ friends: [], incoming: [], outgoing: [] });
    // Ben's notice of the request is answered; Ana learns what became of it.
    expect(await kindsFor(ben)).toEqual([]);
    expect(await kindsFor(ana)).toEqual([['friend_request_declined', ben.id]]);
    const [mail] = await mailsTo(t.app, ana.email);
    expect(mail?.subject).toBe(`Zu Ihrer Kontaktanfrage an Ben ${ben.id}`);
    expect(mail?.text).toContain(
      `Ben ${ben.id} hat Ihre Kontaktanfrage auf Attune nicht angenommen.`,
    );
    expect(mail?.text).toContain('/de/connections');

    expect((await ask(ana, ben)).statusCode).toBe(200);
    // A request already answered cannot be answered again.
    expect((await answer('reject', ben, ana)).statusCode).toBe(200);
    for (const action of ['accept', 'reject'] as const) {
      const late = await answer(action, ben, ana);
      expect([late.statusCode, codeOf(late)]).toEqual([404, 'friend_request_not_found']);
    }
    expect(codeOf(await answer('cancel', ana, ben))).toBe('friend_request_not_found');
  });

  it('cancels: the addressee’s notice of the request gives way to a notice that it was withdrawn', async () => {
    const [ana, ben] = [await member(), await member()];
    await named(ana, `Ana ${ana.id}`);
    await setLanguage(ben, 'es');
    expect((await ask(ana, ben)).statusCode).toBe(200);
    const cancelled = await answer('cancel', ana, ben);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ friendship: null, isFriend: 3 });
    expect(idsIn(await listOf(ben))).toEqual({ friends: [], incoming: [], outgoing: [] });
    expect(await kindsFor(ben)).toEqual([['friend_request_withdrawn', ana.id]]);
    expect(await kindsFor(ana)).toEqual([]);
    expect(await isFriendIn(ben, ana)).toBe(FRIEND_STATUS.notConnected);
    const [mail] = await mailsTo(t.app, ben.email);
    expect(mail?.subject).toBe(`Ana ${ana.id} ha retirado su solicitud de contacto`);
    expect(mail?.text).toContain('/es/connections');

    // A withdrawn request cannot be answered or withdrawn again.
    for (const response of [
      await answer('accept', ben, ana),
      await answer('reject', ben, ana),
      await answer('cancel', ana, ben),
    ])
      expect([response.statusCode, codeOf(response)]).toEqual([404, 'friend_request_not_found']);
    expect((await kindsFor(ben)).length).toBe(1);
  });

  it('removes a connection from either side; the other member is told', async () => {
    for (const side of ['requester', 'addressee'] as const) {
      const [ana, ben] = [await member(), await member()];
      await named(ana, `Ana ${ana.id}`);
      await named(ben, `Ben ${ben.id}`);
      expect((await ask(ana, ben)).statusCode).toBe(200);
      expect((await answer('accept', ben, ana)).statusCode).toBe(200);
      const [by, other] = side === 'requester' ? [ana, ben] : [ben, ana];
      const removed = await remove(by, other);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ userId: other.id, friendship: null, isFriend: 3 });
      expect(idsIn(await listOf(ana)).friends).toEqual([]);
      expect(idsIn(await listOf(ben)).friends).toEqual([]);
      expect(await isFriendIn(other, by)).toBe(FRIEND_STATUS.notConnected);
      const count = await t.database.db.execute(
        sql`select friend_count from users where id in (${ana.id}, ${ben.id})`,
      );
      expect(
        (count as unknown as { rows: { friend_count: number }[] }).rows.map((row) =>
          Number(row.friend_count),
        ),
      ).toEqual([0, 0]);
      // Oldest first: the end of the connection comes last (after Ana's notice that Ben accepted).
      expect((await kindsFor(other)).at(-1)).toEqual(['connection_ended', by.id]);
      expect((await kindsFor(by)).map(([kind]) => kind)).not.toContain('connection_ended');
      const [mail] = await mailsTo(t.app, other.email);
      expect(mail?.subject).toBe(
        `${side === 'requester' ? 'Ana' : 'Ben'} ${by.id} ended your connection on Attune`,
      );
      expect(codeOf(await remove(by, other))).toBe('not_connected');
      expect(codeOf(await remove(other, by))).toBe('not_connected');
    }
  });

  it('tells of declines, withdrawals and ends without mail when the member switched those e-mails off', async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    await setSwitch(ana, 'friend_accepted', false); // answers to Ana's requests, ends of hers
    await setSwitch(ben, 'friend_request', false); // requests to Ben, and their withdrawal
    const mailCounts = async () => [
      (await mailsTo(t.app, ana.email)).length,
      (await mailsTo(t.app, ben.email)).length,
    ];
    const before = await mailCounts();

    expect((await ask(ana, ben)).statusCode).toBe(200);
    expect((await answer('cancel', ana, ben)).statusCode).toBe(200);
    expect((await ask(ana, ben)).statusCode).toBe(200);
    expect((await answer('reject', ben, ana)).statusCode).toBe(200);
    expect((await ask(ana, cleo)).statusCode).toBe(200);
    expect((await answer('accept', cleo, ana)).statusCode).toBe(200);
    expect((await remove(cleo, ana)).statusCode).toBe(200);

    expect(await mailCounts()).toEqual(before);
    expect((await kindsFor(ana)).map(([kind]) => kind)).toEqual([
      'friend_request_declined',
      'friend_accepted',
      'connection_ended',
    ]);
    expect(await kindsFor(ben)).toEqual([['friend_request_withdrawn', ana.id]]);
  });

  it('refuses every move of the wrong party, of a third member and of a visitor', async () => {
    const [ana, ben, eve] = [await member(), await member(), await member()];
    expect((await ask(ana, ben)).statusCode).toBe(200);

    // The sender cannot answer their own request; the addressee cannot withdraw it.
    for (const response of [await answer('accept', ana, ben), await answer('reject', ana, ben)]) {
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('not_your_request');
    }
    const cancel = await answer('cancel', ben, ana);
    expect(cancel.statusCode).toBe(403);
    expect(codeOf(cancel)).toBe('not_your_request');
    // A pending request is not a connection to remove.
    expect((await remove(ana, ben)).statusCode).toBe(404);
    expect(codeOf(await remove(ben, ana))).toBe('not_connected');

    // A third member has no request with either of them.
    for (const action of ['accept', 'reject', 'cancel'] as const)
      for (const other of [ana, ben]) {
        const response = await answer(action, eve, other);
        expect(response.statusCode, `${action} ${other.id}`).toBe(404);
        expect(codeOf(response)).toBe('friend_request_not_found');
      }
    expect(codeOf(await remove(eve, ana))).toBe('not_connected');

    // A visitor: 401 everywhere.
    for (const response of [
      await ask(null, ben),
      await answer('accept', null, ana),
      await answer('reject', null, ana),
      await answer('cancel', null, ben),
      await remove(null, ben),
      await call('GET', '/api/connection/my-friends', null),
    ])
      expect(response.statusCode).toBe(401);

    // Nothing changed.
    expect(idsIn(await listOf(ana))).toEqual({ friends: [], incoming: [], outgoing: [ben.id] });
    expect(idsIn(await listOf(ben))).toEqual({ friends: [], incoming: [ana.id], outgoing: [] });
    expect(idsIn(await listOf(eve))).toEqual({ friends: [], incoming: [], outgoing: [] });

    // Once they are connected, neither a third member nor a visitor can end or answer anything.
    expect((await answer('accept', ben, ana)).statusCode).toBe(200);
    const noticesBefore = [await kindsFor(ana), await kindsFor(ben)];
    for (const other of [ana, ben]) {
      expect(codeOf(await remove(eve, other))).toBe('not_connected');
      for (const action of ['accept', 'reject', 'cancel'] as const)
        expect(codeOf(await answer(action, eve, other))).toBe('friend_request_not_found');
      expect((await remove(null, other)).statusCode).toBe(401);
    }
    expect(idsIn(await listOf(ana)).friends).toEqual([ben.id]);
    expect(idsIn(await listOf(ben)).friends).toEqual([ana.id]);
    expect([await kindsFor(ana), await kindsFor(ben)]).toEqual(noticesBefore);
    expect(await kindsFor(eve)).toEqual([]);
  });

  it('refuses malformed bodies and paths on every friendship route, changing nothing', async () => {
    const [ana, ben] = [await member(), await member()];
    expect((await ask(ana, ben)).statusCode).toBe(200);
    for (const action of ['accept', 'reject', 'cancel'] as const)
      for (const body of [
        {},
        { userId: 'x' },
        { userId: 0 },
        { userId: 1.5 },
        { friend_id: ana.id },
      ]) {
        const response = await call('POST', `/api/connection/${action}-friend`, ben, body);
        expect(
          [response.statusCode, codeOf(response)],
          `${action} ${JSON.stringify(body)}`,
        ).toEqual([400, 'validation_failed']);
      }
    for (const id of ['abc', '0', '-3', '1.5']) {
      const response = await call('DELETE', `/api/social/friends/${id}`, ana);
      expect(response.statusCode, id).toBe(400);
    }
    expect(idsIn(await listOf(ana))).toEqual({ friends: [], incoming: [], outgoing: [ben.id] });
    expect(idsIn(await listOf(ben))).toEqual({ friends: [], incoming: [ana.id], outgoing: [] });
    expect(await kindsFor(ben)).toEqual([['friend_request', ana.id]]);
  });

  it('refuses duplicate, reverse, self, already connected, answered and unknown requests', async () => {
    const [ana, ben] = [await member(), await member()];
    expect((await ask(ana, ben)).statusCode).toBe(200);

    const again = await ask(ana, ben);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'friend_request_exists']);
    const reverse = await ask(ben, ana);
    expect([reverse.statusCode, codeOf(reverse)]).toEqual([409, 'friend_request_received']);
    const self = await ask(ana, ana);
    expect([self.statusCode, codeOf(self)]).toEqual([400, 'cannot_befriend_self']);
    const unknown = await ask(ana, { id: 2_000_000_000 });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'not_found']);
    for (const body of [
      {},
      { friend_id: 'x' },
      { friend_id: 0 },
      { friend_id: -1 },
      { userId: ben.id },
    ]) {
      const response = await call('POST', '/api/social/friends', ana, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const selfAnswer = await answer('accept', ana, ana);
    expect([selfAnswer.statusCode, codeOf(selfAnswer)]).toEqual([404, 'friend_request_not_found']);

    expect((await answer('accept', ben, ana)).statusCode).toBe(200);
    for (const response of [
      await ask(ana, ben),
      await ask(ben, ana),
      await answer('accept', ben, ana),
    ])
      expect([response.statusCode, codeOf(response)]).toEqual([409, 'already_connected']);
    for (const response of [await answer('cancel', ana, ben), await answer('reject', ben, ana)])
      expect(codeOf(response)).toBe('already_connected');

    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from friendships where ${ana.id} in (requester_id, addressee_id)`,
    );
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
    expect(await kindsFor(ben)).toEqual([]);
    expect(await kindsFor(ana)).toEqual([['friend_accepted', ben.id]]);
  });

  it('creates one request when the same pair asks at the same time, either way', async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    const same = await Promise.all(Array.from({ length: 5 }, () => ask(ana, ben)));
    expect(same.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);

    const crossed = await Promise.all([ask(ana, cleo), ask(cleo, ana)]);
    expect(crossed.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(crossed.map(codeOf).filter(Boolean)).toEqual(['friend_request_received']);

    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from friendships where ${ana.id} in (requester_id, addressee_id)`,
    );
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(2);
    expect((await kindsFor(ben)).length).toBe(1);
  });

  it('honours who may send requests: everyone, shared group (ana shares none with ben) and nobody', async () => {
    const [ana, ben] = [await member(), await member()];
    const settings = (who: Member) =>
      call('GET', '/api/connection/settings', ben === who ? ben : who);
    expect((await settings(ben)).json()).toEqual({ requestsFrom: 'everyone' });

    for (const requestsFrom of ['nobody', 'shared_group'] as const) {
      const saved = await call('PATCH', '/api/connection/settings', ben, { requestsFrom });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ requestsFrom });
      expect((await settings(ben)).json()).toEqual({ requestsFrom });
      const refused = await ask(ana, ben);
      expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'requests_not_accepted']);
    }
    expect(await kindsFor(ben)).toEqual([]);

    // Ben, who accepts no requests, may still ask; Ana's answer to his request is "accept it".
    expect((await ask(ben, ana)).statusCode).toBe(200);
    expect(codeOf(await ask(ana, ben))).toBe('friend_request_received');
    expect((await answer('accept', ana, ben)).statusCode).toBe(200);

    for (const body of [{ requestsFrom: 'some' }, {}, { requestsFrom: null }]) {
      const refused = await call('PATCH', '/api/connection/settings', ben, body);
      expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'validation_failed']);
    }
    expect((await settings(ben)).json()).toEqual({ requestsFrom: 'shared_group' });
    expect(
      (await call('PATCH', '/api/connection/settings', null, { requestsFrom: 'nobody' }))
        .statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/connection/settings', null)).statusCode).toBe(401);
    expect(
      (await call('PATCH', '/api/connection/settings', ben, { requestsFrom: 'everyone' }))
        .statusCode,
    ).toBe(200);
    const carla = await member();
    expect((await ask(carla, ben)).statusCode).toBe(200);
  });

  it('lists each member only with what they let the viewer see', async () => {
    const [ana, ben] = [await member(), await member()];
    const saved = await call('PUT', '/api/update-profile', ben, {
      nickname: `Ben ${ben.id}`,
      firstName: 'Benedikt',
      headline: 'Hello all', // members
      leftEar: 'cochlear-implant', // connections
      healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
    });
    expect(saved.statusCode).toBe(200);
    expect((await ask(ana, ben)).statusCode).toBe(200);

    const pending = (await listOf(ana)).outgoing[0]!;
    expect(pending).toMatchObject({
      databaseId: ben.id,
      name: 'Benedikt',
      nickname: `Ben ${ben.id}`,
      headline: 'Hello all',
      roles: ['member'],
      isFriend: FRIEND_STATUS.requestSent,
      avatar: { url: null },
    });
    const fields = () => pending.extendedProfile[0]!.fields.map((field) => field.name);
    expect(pending.extendedProfile[0]!.group_name).toBe('Base');
    expect(fields()).toContain('Headline');
    expect(fields()).not.toContain('Left ear');
    expect(JSON.stringify(pending)).not.toContain('cochlear-implant');
    expect(JSON.stringify(pending)).not.toContain(ben.email);

    expect((await answer('accept', ben, ana)).statusCode).toBe(200);
    const friend = (await listOf(ana)).friends[0]!;
    expect(friend.extendedProfile[0]!.fields).toContainEqual({
      name: 'Left ear',
      type: 'selectbox',
      value: 'cochlear-implant',
    });
  });

  it('reads the list in a fixed number of queries, however many members it holds', async () => {
    const counted = async (who: Member) => {
      let size = 0;
      const statements = await statementsSent(t.database.db, async () => {
        const list = await listOf(who);
        size = list.friends.length + list.incoming.length + list.outgoing.length;
      });
      // The read's own statements: not the mail worker's rounds on the same pool (it polls the
      // outbox on its own timer, and the requests above queued mail), nor the session check.
      const queries = statements.filter(
        (text) => !text.includes('mail_outbox') && !text.includes('"sessions"'),
      ).length;
      return { queries, size };
    };
    const [few, many] = [await member(), await member()];
    const others: Member[] = [];
    for (let index = 0; index < 8; index += 1) others.push(await member());
    expect((await ask(few, others[0]!)).statusCode).toBe(200);
    for (const [index, other] of others.entries()) {
      expect((await ask(index % 2 ? many : other, index % 2 ? other : many)).statusCode).toBe(200);
      if (index % 3 === 0)
        expect(
          (await answer('accept', index % 2 ? other : many, index % 2 ? many : other)).statusCode,
        ).toBe(200);
    }
    await listOf(few); // warm the instance; count the next visits
    await listOf(many);
    const one = await counted(few);
    const eight = await counted(many);
    expect(one.size).toBe(1);
    expect(eight.size).toBe(8);
    // The friendships, the field definitions (read with every profile read, decision 0068), then
    // every member in them at once.
    expect(one.queries).toBe(3);
    expect(eight.queries).toBe(one.queries);
  });

  it('documents every friendship and safety path in the OpenAPI document', async () => {
    type Operation = {
      summary?: string;
      requestBody?: { content: Record<string, { schema: { properties?: object } }> };
      responses: Record<string, unknown>;
    };
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const expected: [string, string, string | null][] = [
      ['/api/social/friends', 'post', 'friend_id'],
      ['/api/social/friends/{id}', 'delete', null],
      ['/api/connection/accept-friend', 'post', 'userId'],
      ['/api/connection/reject-friend', 'post', 'userId'],
      ['/api/connection/cancel-friend', 'post', 'userId'],
      ['/api/connection/my-friends', 'get', null],
      ['/api/connection/block', 'post', 'userId'],
      ['/api/connection/unblock', 'post', 'userId'],
      ['/api/connection/blocks', 'get', null],
      ['/api/connection/report', 'post', 'reason'],
      ['/api/connection/settings', 'get', null],
      ['/api/connection/settings', 'patch', 'requestsFrom'],
      ['/api/connection/list-users', 'get', null],
      ['/api/social/members', 'get', null],
      ['/api/connection/suggestions', 'get', null],
    ];
    for (const [path, method, field] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '401']),
      );
      if (field)
        expect(
          Object.keys(operation?.requestBody?.content['application/json']?.schema.properties ?? {}),
        ).toContain(field);
    }
  });
});
