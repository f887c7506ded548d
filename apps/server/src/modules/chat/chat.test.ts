import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxOutput, ThreadOutput } from '@attune/contract';
import {
  bearer,
  callAs,
  codeOf,
  createTestApp,
  graphql,
  mailsTo,
  signedInMembers,
  updateProfile,
  type CallArgs,
  type TestApp,
} from '../../../test/app';
import * as connections from '../connections/service';

type Member = Awaited<ReturnType<typeof signedInMembers<1>>>[0];

let t: TestApp;
let ana: Member, ben: Member, cleo: Member, dora: Member, emil: Member, finn: Member;

beforeAll(async () => {
  t = await createTestApp();
  [ana, ben, cleo, dora, emil, finn] = await signedInMembers(t.app, 6);
  // Ana is connected with Ben and Dora; the others are strangers to her.
  await connections.seedConnection(t.database.db, ana.id, ben.id, 'accepted');
  await connections.seedConnection(t.database.db, dora.id, ana.id, 'accepted');
});
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t.app, ...args);

let serial = 0;
/** Sends a message as `who` (past the per-minute limit, which has a test of its own). */
async function send(who: Member, body: object) {
  await t.app.rateLimits.reset('chat-message:account', String(who.id));
  return call('POST', '/api/social/messages', who, body);
}
async function sent(who: Member, body: object) {
  const response = await send(who, { message: `Hallo ${(serial += 1)}`, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { thread_id: number; id: number };
}
const inbox = async (who: Member, query = '') => {
  const response = await call('GET', `/api/messages${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InboxOutput;
};
const history = async (who: Member, threadId: number, query = '') => {
  const response = await call('GET', `/api/messages/${threadId}${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ThreadOutput;
};

describe('conversations between connections', () => {
  it('a message reaches the inbox with its unread count, and reading it clears the count', async () => {
    const first = await sent(ana, { recipients: [ben.id], message: 'Wie geht es dem Prozessor?' });
    const second = await sent(ana, { recipients: [ben.id], message: 'Und dem Akku?' });
    // The one conversation of two members is found again.
    expect(second.thread_id).toBe(first.thread_id);

    const bens = await inbox(ben);
    const entry = bens.items.find((item) => item.id === first.thread_id)!;
    expect(entry.unreadCount).toBe(2);
    expect(entry.lastMessage).toMatchObject({
      id: second.id,
      text: 'Und dem Akku?',
      senderId: ana.id,
    });
    expect(entry.participants.map((member) => member.id)).toEqual([ana.id]);
    expect(entry.canReply).toBe(true);
    expect(bens.totalUnread).toBeGreaterThanOrEqual(2);
    // The sender has read what they wrote.
    expect((await inbox(ana)).items.find((item) => item.id === first.thread_id)!.unreadCount).toBe(
      0,
    );

    // The profile's totalMessagesUnreadCount, on one's own profile only.
    const own = await graphql<{ viewer: { totalMessagesUnreadCount: number } }>(
      t.app,
      '{ viewer { totalMessagesUnreadCount } }',
      {},
      bearer(ben.token),
    );
    expect(own.body.data?.viewer.totalMessagesUnreadCount).toBe(bens.totalUnread);
    const other = await graphql<{ user: { totalMessagesUnreadCount: number | null } }>(
      t.app,
      'query($id: ID!) { user(id: $id) { totalMessagesUnreadCount } }',
      { id: String(ben.id) },
      bearer(ana.token),
    );
    expect(other.body.data?.user.totalMessagesUnreadCount).toBeNull();

    const page = await history(ben, first.thread_id);
    expect(page.messages.map((message) => message.id)).toEqual([second.id, first.id]);
    expect(page.readMarkers).toEqual([{ userId: ana.id, lastReadMessageId: second.id }]);

    const read = await call('POST', `/api/messages/${first.thread_id}/read`, ben);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ threadId: first.thread_id, lastReadMessageId: second.id });
    expect((await inbox(ben)).items.find((item) => item.id === first.thread_id)!.unreadCount).toBe(
      0,
    );
    // Ana's read receipt: Ben has read up to her last message.
    expect((await history(ana, first.thread_id)).readMarkers).toEqual([
      { userId: ben.id, lastReadMessageId: second.id },
    ]);
  });

  it('pages the history by cursor, newest first', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 32; i += 1) ids.push((await sent(dora, { recipients: [ana.id] })).id);
    const threadId = (await sent(dora, { recipients: [ana.id] })).thread_id;
    const first = await history(ana, threadId);
    expect(first.messages).toHaveLength(30);
    expect(first.nextCursor).not.toBeNull();
    const second = await history(ana, threadId, `?cursor=${first.nextCursor}`);
    const all = [...first.messages, ...second.messages].map((message) => message.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(1)).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
  });

  it('keeps a retry with the same client id to one stored message', async () => {
    const body = { recipients: [ben.id], message: 'Nur einmal, bitte', client_id: 'retry-abc-123' };
    const first = await sent(ana, body);
    const again = await sent(ana, body);
    expect(again).toEqual(first);
    const page = await history(ben, first.thread_id);
    expect(page.messages.filter((message) => message.text === 'Nur einmal, bitte')).toHaveLength(1);
  });

  it('writes to several members in a new conversation of their own', async () => {
    const group = await sent(ana, {
      recipients: [ben.id, dora.id],
      message: 'Treffen am Samstag?',
    });
    const pair = await sent(ana, { recipients: [ben.id] });
    expect(group.thread_id).not.toBe(pair.thread_id);
    for (const member of [ben, dora]) {
      const entry = (await inbox(member)).items.find((item) => item.id === group.thread_id)!;
      expect(entry.participants.map((one) => one.id).sort()).toEqual(
        [ana.id, ben.id, dora.id].filter((id) => id !== member.id).sort(),
      );
    }
    // Dora answers into the thread; Ben sees it.
    const reply = await sent(dora, { thread_id: group.thread_id, message: 'Gern!' });
    expect(reply.thread_id).toBe(group.thread_id);
    expect((await history(ben, group.thread_id)).messages[0]!.text).toBe('Gern!');
  });

  it('finds conversations by the other member’s name, accents and case ignored', async () => {
    const renamed = await updateProfile(t.app, dora.token, { firstName: `Dóra${dora.id}` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await sent(ana, { recipients: [dora.id] });
    const found = await inbox(ana, `?search=${encodeURIComponent(`DORA${dora.id}`)}`);
    expect(found.items.length).toBeGreaterThan(0);
    for (const item of found.items)
      expect(item.participants.some((member) => member.id === dora.id)).toBe(true);
    expect((await inbox(ana, '?search=nobody-has-this-name')).items).toEqual([]);
  });

  it('pages the inbox ten at a time', async () => {
    const [talker, ...others] = await signedInMembers(t.app, 12);
    for (const other of others) {
      await connections.seedConnection(t.database.db, talker!.id, other.id, 'accepted');
      await sent(talker!, { recipients: [other.id] });
    }
    const first = await inbox(talker!);
    expect(first.items).toHaveLength(10);
    const second = await inbox(talker!, `?cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    // Newest first: the last one written heads the first page.
    expect(first.items[0]!.participants[0]!.id).toBe(others.at(-1)!.id);
  });
});

describe('who may write to whom', () => {
  it('refuses strangers by default, and lets them write once the member allows everyone', async () => {
    const refused = await send(ana, { recipients: [cleo.id], message: 'Hallo' });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'messages_not_accepted']);
    // Nothing was kept of the refused attempt.
    expect((await inbox(cleo)).items).toEqual([]);

    const setting = await call('PATCH', '/api/messages/settings', cleo, {
      messagesFrom: 'everyone',
    });
    expect(setting.statusCode, setting.body).toBe(200);
    expect((await call('GET', '/api/messages/settings', cleo)).json()).toEqual({
      messagesFrom: 'everyone',
    });
    const allowed = await sent(ana, { recipients: [cleo.id] });
    // Cleo answers although Ana takes messages from connections only: Ana wrote first.
    await sent(cleo, { thread_id: allowed.thread_id });
    await sent(cleo, { recipients: [ana.id] });
  });

  it('lets members who share a group write when the member chose so', async () => {
    await call('PATCH', '/api/messages/settings', finn, { messagesFrom: 'shared_group' });
    const before = await send(emil, { recipients: [finn.id], message: 'Hallo' });
    expect(codeOf(before)).toBe('messages_not_accepted');
    await t.app.rateLimits.reset('group-create:account', String(finn.id));
    const created = await call('POST', '/api/social/groups', finn, {
      name: 'Cochlea Nord',
      status: 'public',
    });
    const groupId = (created.json() as { id: number }).id;
    await call('POST', `/api/social/groups/${groupId}/members`, emil, { user_id: emil.id });
    await sent(emil, { recipients: [finn.id] });
  });

  it('refuses an unknown setting value and oneself', async () => {
    const bad = await call('PATCH', '/api/messages/settings', ana, { messagesFrom: 'nobody' });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'validation_failed']);
    const self = await send(ana, { recipients: [ana.id], message: 'Ich' });
    expect([self.statusCode, codeOf(self)]).toEqual([400, 'cannot_message_self']);
    const missing = await send(ana, { recipients: [999_999], message: 'Hallo' });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'not_found']);
    const empty = await send(ana, { recipients: [ben.id], message: '   ' });
    expect([empty.statusCode, codeOf(empty)]).toEqual([400, 'content_required']);
    const long = await send(ana, { recipients: [ben.id], message: 'x'.repeat(4001) });
    expect([long.statusCode, codeOf(long)]).toEqual([400, 'validation_failed']);
    const nobody = await send(ana, { message: 'An niemanden' });
    expect([nobody.statusCode, codeOf(nobody)]).toEqual([400, 'validation_failed']);
  });

  it('takes only an image the sender uploaded', async () => {
    const foreign = await send(ana, {
      recipients: [ben.id],
      image: { url: `/media/posts/${ben.id}/abcdefabcdef.webp`, width: 10, height: 10 },
    });
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([400, 'validation_failed']);
    const outside = await send(ana, {
      recipients: [ben.id],
      image: { url: 'https://example.com/x.webp', width: 10, height: 10 },
    });
    expect(outside.statusCode).toBe(400);
    const own = await sent(ana, {
      recipients: [ben.id],
      message: '',
      image: { url: `/media/posts/${ana.id}/abcdefabcdef.webp`, width: 10, height: 12 },
    });
    const page = await history(ben, own.thread_id);
    expect(page.messages[0]).toMatchObject({
      id: own.id,
      text: '',
      image: { url: `/media/posts/${ana.id}/abcdefabcdef.webp`, width: 10, height: 12 },
    });
  });

  it('stops messages both ways once one blocks the other', async () => {
    const [one, two] = await signedInMembers(t.app, 2);
    await connections.seedConnection(t.database.db, one!.id, two!.id, 'accepted');
    const thread = await sent(one!, { recipients: [two!.id] });
    const block = await call('POST', '/api/connection/block', two!, { userId: one!.id });
    expect(block.statusCode, block.body).toBe(200);
    // The blocked member hears "no such member"; the one who blocked, that they did.
    const blocked = await send(one!, { thread_id: thread.thread_id, message: 'Hallo?' });
    expect([blocked.statusCode, codeOf(blocked)]).toEqual([404, 'not_found']);
    const blocker = await send(two!, { recipients: [one!.id], message: 'Hallo?' });
    expect([blocker.statusCode, codeOf(blocker)]).toEqual([403, 'messages_blocked']);
    expect((await inbox(one!)).items.find((item) => item.id === thread.thread_id)!.canReply).toBe(
      false,
    );
  });

  it('limits messages per minute', async () => {
    const [fast, friend] = await signedInMembers(t.app, 2);
    await connections.seedConnection(t.database.db, fast!.id, friend!.id, 'accepted');
    let last = 0;
    for (let i = 0; i <= 60; i += 1) {
      last = (
        await call('POST', '/api/social/messages', fast!, {
          recipients: [friend!.id],
          message: `m${i}`,
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('a conversation is its participants’ only', () => {
  it('answers 404 to anyone else, by every route, and 401 to visitors', async () => {
    const { thread_id: threadId } = await sent(ana, { recipients: [ben.id], message: 'Privat' });
    for (const [method, url, body] of [
      ['GET', `/api/messages/${threadId}`, undefined],
      ['POST', `/api/messages/${threadId}/read`, undefined],
      ['DELETE', `/api/messages/${threadId}`, undefined],
      ['POST', '/api/social/messages', { thread_id: threadId, message: 'Ich auch!' }],
    ] as const) {
      await t.app.rateLimits.reset('chat-message:account', String(emil.id));
      const other = await call(method, url, emil, body);
      expect([other.statusCode, codeOf(other)], `${method} ${url}`).toEqual([404, 'not_found']);
      const visitor = await call(method, url, null, body);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await inbox(emil)).items.some((item) => item.id === threadId)).toBe(false);
    expect((await history(ben, threadId)).messages.map((message) => message.text)).not.toContain(
      'Ich auch!',
    );
    for (const url of [
      '/api/messages',
      '/api/social/messages',
      '/api/live/counts',
      '/api/messages/settings',
    ])
      expect((await call('GET', url, null)).statusCode).toBe(401);
  });

  it('deletes a conversation for one member only, until someone writes again', async () => {
    const [one, two] = await signedInMembers(t.app, 2);
    await connections.seedConnection(t.database.db, one!.id, two!.id, 'accepted');
    const old = await sent(one!, { recipients: [two!.id], message: 'Alt' });
    const removed = await call('DELETE', `/api/messages/${old.thread_id}`, one!);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await inbox(one!)).items).toEqual([]);
    expect((await inbox(two!)).items).toHaveLength(1);
    const fresh = await sent(two!, { recipients: [one!.id], message: 'Neu' });
    expect(fresh.thread_id).toBe(old.thread_id);
    const page = await history(one!, old.thread_id);
    expect(page.messages.map((message) => message.text)).toEqual(['Neu']);
    expect((await history(two!, old.thread_id)).messages.map((message) => message.text)).toEqual([
      'Neu',
      'Alt',
    ]);
  });
});

describe('automatic response and mail', () => {
  it('sends the automatic response once a day per conversation', async () => {
    const [away, writer] = await signedInMembers(t.app, 2);
    await connections.seedConnection(t.database.db, away!.id, writer!.id, 'accepted');
    const saved = await updateProfile(t.app, away!.token, {
      enableAutomaticResponse: 'yes',
      automaticResponse: 'Ich bin bis Montag im Urlaub.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = await sent(writer!, { recipients: [away!.id] });
    // The response is unread for the writer.
    expect((await inbox(writer!)).items[0]!.unreadCount).toBe(1);
    await sent(writer!, { recipients: [away!.id] });
    const page = await history(writer!, first.thread_id);
    const automatic = page.messages.filter((message) => message.automatic);
    expect(automatic).toHaveLength(1);
    expect(automatic[0]).toMatchObject({
      senderId: away!.id,
      text: 'Ich bin bis Montag im Urlaub.',
    });
  });

  it('mails once per conversation until it is read, and not when switched off', async () => {
    const [reader, writer, quiet] = await signedInMembers(t.app, 3);
    await connections.seedConnection(t.database.db, reader!.id, writer!.id, 'accepted');
    await connections.seedConnection(t.database.db, quiet!.id, writer!.id, 'accepted');
    const subjects = async (who: Member) =>
      (await mailsTo(t.app, who.email)).filter((mail) => /message/i.test(mail.subject));
    const thread = await sent(writer!, { recipients: [reader!.id] });
    await sent(writer!, { recipients: [reader!.id] });
    await sent(writer!, { recipients: [reader!.id] });
    expect(await subjects(reader!)).toHaveLength(1);
    await call('POST', `/api/messages/${thread.thread_id}/read`, reader!);
    await sent(writer!, { recipients: [reader!.id] });
    const mails = await subjects(reader!);
    expect(mails).toHaveLength(2);
    // The text of the message stays out of the mail; the link opens the conversation.
    expect(mails[0]!.text).not.toContain('Hallo');
    expect(mails[0]!.text).toContain(`/chat?thread=${thread.thread_id}`);

    const off = await call('PATCH', '/api/notifications/preferences', quiet!, {
      key: 'new_message',
      value: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await sent(writer!, { recipients: [quiet!.id] });
    expect(await subjects(quiet!)).toEqual([]);
  });
});
