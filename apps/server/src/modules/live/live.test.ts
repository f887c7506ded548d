import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COOKIE_NAMES, WS_CLOSE, type ServerEvent } from '@attune/contract';
import {
  bearer,
  callAs,
  createTestApp,
  graphql,
  signedInMembers,
  type CallArgs,
  type TestApp,
} from '../../../test/app';
import * as connections from '../connections/service';

type Member = Awaited<ReturnType<typeof signedInMembers<1>>>[0];

let t: TestApp;
let base: string;
let ana: Member, ben: Member, emil: Member;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  [ana, ben, emil] = await signedInMembers(t.app, 3);
  await connections.seedConnection(t.database.db, ana.id, ben.id, 'accepted');
});
afterAll(() => t?.close());

const call = (...args: CallArgs) => callAs(t.app, ...args);

/** An open socket with every event it received, and ways to wait for one or for the close. */
class Client {
  readonly events: ServerEvent[] = [];
  readonly socket: WebSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: {
    test: (event: ServerEvent) => boolean;
    resolve: (event: ServerEvent) => void;
  }[] = [];

  constructor(options: { token?: string; cookie?: string; origin?: string } = {}) {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = `${COOKIE_NAMES.session}=${options.cookie}`;
    if (options.origin) headers.origin = options.origin;
    this.socket = new WebSocket(`${base}/ws`, { headers });
    this.closed = new Promise((resolve) =>
      this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      this.events.push(event);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(event)) return true;
        waiter.resolve(event);
        return false;
      });
    });
    if (options.token) {
      const token = options.token;
      this.socket.on('open', () => this.send({ type: 'auth', token }));
    }
  }

  send(frame: object) {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first event (already received or coming) that passes `test`, within 5 s. */
  next<T extends ServerEvent['type']>(
    type: T,
    test: (event: Extract<ServerEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ServerEvent, { type: T }>> {
    const matches = (event: ServerEvent): event is Extract<ServerEvent, { type: T }> =>
      event.type === type && test(event as Extract<ServerEvent, { type: T }>);
    const seen = this.events.find(matches);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} event within 5 s`)), 5_000);
      this.waiters.push({
        test: (event) => matches(event),
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event as Extract<ServerEvent, { type: T }>);
        },
      });
    });
  }

  close() {
    this.socket.close();
    return this.closed;
  }
}

/** A signed-in member's socket, ready (its channel is listened to). */
async function connected(member: Member) {
  const client = new Client({ token: member.token });
  await client.next('ready');
  return client;
}

async function send(who: Member, body: object) {
  await t.app.rateLimits.reset('chat-message:account', String(who.id));
  const response = await call('POST', '/api/social/messages', who, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { thread_id: number; id: number };
}

/** Waits a little for events that must not come. */
const quietly = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('signing in on the socket', () => {
  it('takes the session cookie that authwp sets, and sends the counts at once', async () => {
    const authwp = await t.app.inject({
      method: 'POST',
      url: '/api/authwp',
      headers: bearer(ana.token),
      payload: { email: ana.email },
    });
    expect(authwp.statusCode, authwp.body).toBe(200);
    const cookie = authwp.cookies.find((one) => one.name === COOKIE_NAMES.session)!.value;
    const client = new Client({ cookie });
    expect(await client.next('ready')).toEqual({ type: 'ready', userId: ana.id });
    const counts = await client.next('counts');
    expect(counts.counts).toEqual({
      messagesUnread: expect.any(Number),
      notificationsUnread: expect.any(Number),
    });
    await client.close();
  });

  it('takes the token in the first frame, and answers pings', async () => {
    const client = await connected(ben);
    client.send({ type: 'ping' });
    await client.next('pong');
    await client.close();
  });

  it('refuses an expired token, a wrong one and a socket that never signs in', async () => {
    const claims = await t.app.auth.tokens.verify(ana.token, 'access');
    const expired = await t.app.auth.tokens.signSession(
      ana.id,
      claims.sessionId,
      new Date(Date.now() - 60_000),
    );
    for (const client of [new Client({ cookie: expired }), new Client({ token: 'not-a-token' })]) {
      expect((await client.closed).code).toBe(WS_CLOSE.unauthorized);
      expect(client.events.some((event) => event.type === 'ready')).toBe(false);
    }
    const silent = new Client();
    await new Promise((resolve) => silent.socket.on('open', resolve));
    silent.send({ type: 'typing', threadId: 1 });
    expect((await silent.closed).code).toBe(WS_CLOSE.unauthorized);
  });

  it('refuses a page of another site (Origin)', async () => {
    const foreign = new Client({ token: ana.token, origin: 'https://evil.example' });
    const failure = await new Promise<string>((resolve) =>
      foreign.socket.on('unexpected-response', (_request, response) =>
        resolve(String(response.statusCode)),
      ),
    );
    expect(failure).toBe('403');
    const own = new Client({ token: ana.token, origin: base.replace('ws:', 'http:') });
    await own.next('ready');
    await own.close();
  });

  it('closes a frame over 64 KB with 1009', async () => {
    const client = await connected(ana);
    client.send({ type: 'ping', padding: 'x'.repeat(65 * 1024) });
    expect((await client.closed).code).toBe(1009);
  });

  it('closes the socket when its session ends', async () => {
    const [leaving] = await signedInMembers(t.app, 1);
    const client = await connected(leaving!);
    const logout = await call('POST', '/api/logout', leaving!);
    expect(logout.statusCode).toBe(200);
    expect((await client.closed).code).toBe(WS_CLOSE.unauthorized);
  });
});

describe('live events', () => {
  it('delivers a message, the counts and the read receipt to the conversation only', async () => {
    const [anaSocket, benSocket, emilSocket] = await Promise.all([
      connected(ana),
      connected(ben),
      connected(emil),
    ]);
    const message = await send(ana, {
      recipients: [ben.id],
      message: 'Bist du da?',
      client_id: 'ana-phone-0001',
    });
    const received = await benSocket.next(
      'message.new',
      (event) => event.message.id === message.id,
    );
    expect(received).toMatchObject({
      threadId: message.thread_id,
      message: { text: 'Bist du da?', senderId: ana.id },
    });
    // The sender's devices hear it too, with the client id their "Sending…" copy has.
    expect(
      await anaSocket.next('message.new', (event) => event.message.id === message.id),
    ).toMatchObject({ clientId: 'ana-phone-0001' });
    await benSocket.next('counts', (event) => event.counts.messagesUnread > 0);

    const read = await call('POST', `/api/messages/${message.thread_id}/read`, ben);
    expect(read.statusCode).toBe(200);
    expect(
      await anaSocket.next('message.read', (event) => event.threadId === message.thread_id),
    ).toMatchObject({ userId: ben.id, lastReadMessageId: message.id });

    // Typing reaches the others in the conversation, never an outsider.
    benSocket.send({ type: 'typing', threadId: message.thread_id });
    expect(await anaSocket.next('typing')).toMatchObject({
      threadId: message.thread_id,
      member: { id: ben.id },
    });
    emilSocket.send({ type: 'typing', threadId: message.thread_id });
    await quietly();
    expect(anaSocket.events.filter((event) => event.type === 'typing')).toHaveLength(1);
    expect(
      emilSocket.events.some(
        (event) => event.type === 'message.new' || event.type === 'message.read',
      ),
    ).toBe(false);
    await Promise.all([anaSocket.close(), benSocket.close(), emilSocket.close()]);
  });

  it('sends nothing to a member who blocked the writer, and stops their typing', async () => {
    const [one, two] = await signedInMembers(t.app, 2);
    await connections.seedConnection(t.database.db, one!.id, two!.id, 'accepted');
    const thread = await send(one!, { recipients: [two!.id], message: 'Hallo' });
    const [oneSocket, twoSocket] = await Promise.all([connected(one!), connected(two!)]);
    await call('POST', '/api/connection/block', two!, { userId: one!.id });
    oneSocket.send({ type: 'typing', threadId: thread.thread_id });
    const refused = await call('POST', '/api/social/messages', one!, {
      thread_id: thread.thread_id,
      message: 'Noch da?',
    });
    expect(refused.statusCode).toBe(404);
    await quietly();
    expect(
      twoSocket.events.some((event) => event.type === 'typing' || event.type === 'message.new'),
    ).toBe(false);
    await Promise.all([oneSocket.close(), twoSocket.close()]);
  });

  it('tells a member of a new notification as it happens', async () => {
    const [asker, asked] = await signedInMembers(t.app, 2);
    const socket = await connected(asked!);
    const request = await call('POST', '/api/social/friends', asker!, { friend_id: asked!.id });
    expect(request.statusCode, request.body).toBeLessThan(300);
    const notice = await socket.next('notification.new');
    expect(notice.notification).toMatchObject({
      kind: 'friend_request',
      read: false,
      actor: { id: asker!.id },
    });
    await socket.next('counts', (event) => event.counts.notificationsUnread === 1);
    // Marking it read elsewhere updates this socket's counts.
    await call('POST', '/api/notification/notifications', asked!, {});
    await socket.next('counts', (event) => event.counts.notificationsUnread === 0);
    await socket.close();
  });

  it('resumes: a client back online is sent what it missed since its last event', async () => {
    const first = await send(ana, { recipients: [ben.id], message: 'Vorher' });
    const later: number[] = [];
    for (const text of ['Eins', 'Zwei'])
      later.push((await send(ana, { recipients: [ben.id], message: text })).id);
    const client = await connected(ben);
    client.send({ type: 'resume', since: first.id });
    for (const id of later) await client.next('message.new', (event) => event.message.id === id);
    expect(
      client.events
        .filter((event) => event.type === 'message.new')
        .map((event) => event.message.id),
    ).toEqual(later);
    await client.close();
  });

  it('keeps GraphQL and REST to the same rule as the socket: no foreign conversation', async () => {
    const thread = await send(ana, { recipients: [ben.id], message: 'Nur für Ben' });
    const foreign = await call('GET', `/api/messages/${thread.thread_id}`, emil);
    expect(foreign.statusCode).toBe(404);
    // GraphQL answers no conversation of others: the unread count is one's own only.
    const other = await graphql<{ user: { totalMessagesUnreadCount: number | null } }>(
      t.app,
      'query($id: ID!) { user(id: $id) { totalMessagesUnreadCount } }',
      { id: String(ben.id) },
      bearer(emil.token),
    );
    expect(other.body.data?.user.totalMessagesUnreadCount).toBeNull();
  });
});
