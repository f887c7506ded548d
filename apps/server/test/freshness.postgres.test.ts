import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, LISTEN_HEARTBEAT, type Database } from '../src/db/client';
import {
  authorNameSeen,
  eventually,
  setFirstName,
  writePost,
} from '../src/modules/users/member-changes.test-helpers';
import {
  bearer,
  createTestApp,
  graphql,
  logIn,
  signedInMember,
  updateProfile,
  type TestApp,
} from './app';
import { createPostgresDatabase } from './database';

/**
 * One way to stay fresh (decision 0066), on PostgreSQL: every cache follows the database's
 * announcements and serves nothing while its listening connection is not heard; sessions and
 * roles are read on every request (decision 0068), so a change made on one instance, without
 * Redis, is obeyed by another at its very next request.
 */

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * A TCP proxy in front of PostgreSQL that can stop forwarding the traffic of the listening
 * connections (their application_name ends with "(listen)"), leaving them open: a half-open
 * connection, as a dead host or a dropped route makes, which reports no error at all.
 */
async function startProxy(target: URL) {
  interface Pipe {
    client: Socket;
    upstream: Socket;
    listening: boolean;
  }
  const pipes = new Set<Pipe>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const pipe: Pipe = { client, upstream, listening: false };
    pipes.add(pipe);
    let first = true;
    client.on('data', (chunk) => {
      // The start-up message, sent in the clear, names the connection.
      if (first) pipe.listening = chunk.toString('latin1').includes('(listen)');
      first = false;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      pipes.delete(pipe);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: url.toString(),
    /** Stops forwarding both ways on every listening connection open now; new ones pass. */
    silenceListeners() {
      let silenced = 0;
      for (const pipe of pipes) {
        if (!pipe.listening) continue;
        pipe.client.pause();
        pipe.upstream.pause();
        // Nothing read from now on is written either: the peer's bytes stay unsent.
        pipe.listening = false;
        silenced += 1;
      }
      return silenced;
    },
    async close() {
      for (const pipe of pipes) {
        pipe.client.destroy();
        pipe.upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
/** The test's own connections, straight to PostgreSQL: changes made "outside the app". */
let direct: Database;

beforeAll(async () => {
  created = await createPostgresDatabase({ migrated: true });
  direct = await openDatabase({ databaseUrl: created.url });
});
afterAll(async () => {
  await direct?.close();
  await created?.drop();
});

const setRoles = (member: { id: number }, roles: string[]) =>
  direct.db.execute(
    sql`update users set roles = ${`{${roles.join(',')}}`}::text[] where id = ${member.id}`,
  );

/** Only a super_admin principal sees another member's e-mail: it shows the roles the request ran with. */
const emailSeen = async (instance: TestApp, viewer: Member, member: Member) =>
  (
    await graphql<{ user: { email: string | null } | null }>(
      instance.app,
      'query($id: ID!) { user(id: $id) { email } }',
      { id: String(member.id) },
      bearer(viewer.token),
    )
  ).body.data?.user?.email;

/** Every cache of one instance that follows the database's announcements serves again. */
const serving = (instance: TestApp) => eventually(async () => instance.app.postCards.available);

describe('one instance whose listening connections fail', () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let proxied: Database;
  let t: TestApp;
  let member: Member;
  let admin: Member;
  /** The member's post, whose card (cards.ts) is what this instance keeps about them. */
  let postId: number;
  const card = () => t.app.postCards.getCard(postId)?.output.author.name;

  beforeAll(async () => {
    proxy = await startProxy(new URL(created.url));
    // The app reaches PostgreSQL only through the proxy.
    proxied = await openDatabase({ databaseUrl: proxy.url });
    t = await createTestApp({ REDIS_URL: '' }, { database: proxied });
    [member, admin] = [await signedInMember(t.app), await signedInMember(t.app)];
    postId = await writePost(t.app, member);
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
    await proxy?.close();
  });

  /**
   * Reads the member's post (its card kept, with their name) and uses a super_admin session (read
   * anew on every request, decision 0068: the roles it carries show that nothing of it is kept).
   */
  async function keepBoth(firstName: string) {
    await setFirstName(direct, member.id, firstName);
    await setRoles(admin, ['super_admin', 'member']);
    expect(await serving(t)).toBe(true);
    expect(await eventually(async () => (await authorNameSeen(t.app, member)) === firstName)).toBe(
      true,
    );
    expect(await eventually(async () => (await emailSeen(t, admin, member)) === member.email)).toBe(
      true,
    );
    // Read until kept: an announcement of the changes above that arrives during a read keeps that
    // read from being stored (lib/member-cache.ts), and the next read stores it.
    expect(
      await eventually(async () => {
        await authorNameSeen(t.app, member);
        return card() === firstName;
      }),
    ).toBe(true);
  }

  it('serves nothing once the listener’s backend is killed, and nothing stale after', async () => {
    await keepBoth('Amara');

    // As a failover would: the server ends every listening connection of this database.
    await direct.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name like '%(listen)'`,
    );
    expect(await eventually(async () => !t.app.postCards.available)).toBe(true);
    // Changed while nobody listens: no announcement will ever come.
    await setFirstName(direct, member.id, 'Bettina');
    await setRoles(admin, ['member']);
    expect(await authorNameSeen(t.app, member)).toBe('Bettina');
    expect(await emailSeen(t, admin, member)).toBeNull();

    // Listening again: kept and served again, and announcements are heard.
    expect(await serving(t)).toBe(true);
    await authorNameSeen(t.app, member);
    expect(card()).toBe('Bettina');
    await setRoles(admin, ['super_admin', 'member']);
    expect(await eventually(async () => (await emailSeen(t, admin, member)) === member.email)).toBe(
      true,
    );
  });

  it('serves nothing past the heartbeat’s limit when the listening connection goes silent', async () => {
    await keepBoth('Chiara');

    // Half-open: the listening connections stay open, and nothing passes either way.
    expect(proxy.silenceListeners()).toBeGreaterThan(0);
    const silenced = performance.now();
    // Changed meanwhile: the announcements are sent, and stay in the silent connections.
    await setFirstName(direct, member.id, 'Dagny');
    await setRoles(admin, ['member']);

    await sleep(LISTEN_HEARTBEAT.limitMs + 300 - (performance.now() - silenced));
    // Whether the listener has connected again (and the caches started afresh) or not yet,
    // nothing kept before is served, and the next reads see the changes.
    expect(card()).toBeUndefined();
    expect(await authorNameSeen(t.app, member)).toBe('Dagny');
    expect(await emailSeen(t, admin, member)).toBeNull();
    expect(performance.now() - silenced).toBeLessThan(LISTEN_HEARTBEAT.limitMs + 2_000);

    // A new listening connection passes the proxy: the caches serve again.
    expect(await serving(t)).toBe(true);
    await authorNameSeen(t.app, member);
    expect(card()).toBe('Dagny');
  });

  it('serves nothing after the process stood still past the limit, before any timer ran', async () => {
    await keepBoth('Elif');

    // Busy for longer than the limit: no heartbeat is sent or heard, and no timer runs.
    const until = performance.now() + LISTEN_HEARTBEAT.limitMs + 200;
    while (performance.now() < until);
    // Still in the same turn of the event loop: only the caches' own check can refuse.
    expect(card()).toBeUndefined();

    expect(await serving(t)).toBe(true);
    expect(await authorNameSeen(t.app, member)).toBe('Elif');
  });
});

// Two instances on one database and no Redis: only the database tells one what the other did.
describe('two instances without Redis: B obeys what A did at the very next request', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // One secret, as instances behind one load balancer share: a token works on both.
    const env = { AUTH_SECRET: randomBytes(32).toString('base64url'), REDIS_URL: '' };
    a = await createTestApp(env, { database: direct });
    b = await createTestApp(env, { database: direct });
    expect(a.app.pubsub.kind).toBe('memory');
    expect(await serving(a)).toBe(true);
    expect(await serving(b)).toBe(true);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const overviewOn = (instance: TestApp, who: Member) =>
    instance.app.inject({
      method: 'GET',
      url: '/api/staff/overview',
      headers: bearer(who.token),
    });
  const viewerOn = async (instance: TestApp, token: string) =>
    (
      await graphql<{ viewer: { databaseId: number } | null }>(
        instance.app,
        '{ viewer { databaseId } }',
        {},
        bearer(token),
      )
    ).body;
  const revoked = (body: Awaited<ReturnType<typeof viewerOn>>) =>
    (body as { errors?: { extensions: { code: string } }[] }).errors?.[0]?.extensions.code;

  it('a staff member demoted through A loses the role on B', async () => {
    const admin = await signedInMember(a.app);
    const staff = await signedInMember(a.app);
    await setRoles(admin, ['super_admin', 'member']);
    await setRoles(staff, ['medel_user', 'member']);
    // B keeps the staff member's session with the role.
    expect(await eventually(async () => (await overviewOn(b, staff)).statusCode === 200)).toBe(
      true,
    );

    const demoted = await a.app.inject({
      method: 'PUT',
      url: `/api/staff/members/${staff.id}/roles`,
      payload: { role: 'medel_user', granted: false },
      headers: bearer(admin.token),
    });
    expect(demoted.statusCode).toBe(200);
    expect((await overviewOn(b, staff)).statusCode).toBe(403);
  });

  it('a member suspended through A is signed out on B', async () => {
    const admin = await signedInMember(a.app);
    const member = await signedInMember(a.app);
    await setRoles(admin, ['super_admin', 'member']);
    expect(await eventually(async () => (await overviewOn(a, admin)).statusCode === 200)).toBe(
      true,
    );
    expect((await viewerOn(b, member.token)).data?.viewer?.databaseId).toBe(member.id);

    const suspended = await a.app.inject({
      method: 'PUT',
      url: `/api/staff/members/${member.id}/suspension`,
      payload: { suspended: true, note: 'test' },
      headers: bearer(admin.token),
    });
    expect(suspended.statusCode).toBe(200);
    expect(revoked(await viewerOn(b, member.token))).toBe('session_revoked');
  });

  it('a session logged out on A ends on B', async () => {
    const member = await signedInMember(a.app);
    expect((await viewerOn(b, member.token)).data?.viewer?.databaseId).toBe(member.id);
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(member.token),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(revoked(await viewerOn(b, member.token))).toBe('session_revoked');
  });

  it('a password changed on A ends the other devices’ sessions on B', async () => {
    const member = await signedInMember(a.app);
    const otherDevice = await logIn(a.app, member.email, member.password);
    expect((await viewerOn(b, otherDevice.authToken)).data?.viewer?.databaseId).toBe(member.id);
    const changed = await updateProfile(a.app, member.token, {
      password: 'a-brand-new-passphrase-7',
      currentPassword: member.password,
    });
    expect(changed.statusCode).toBe(200);
    expect(revoked(await viewerOn(b, otherDevice.authToken))).toBe('session_revoked');
    // The device that made the change keeps its session, on both.
    expect((await viewerOn(b, member.token)).data?.viewer?.databaseId).toBe(member.id);
  });
});
