import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_QUERY, type ViewerResult } from '@attune/contract';
import type { Database } from '../../db/client';
import {
  bearer,
  createTestApp,
  graphql,
  logIn,
  signedInMember,
  type TestApp,
} from '../../../test/app';
import { openTestDatabase } from '../../../test/database';
import type { SessionWithRoles } from './repository';
import { SessionCache } from './session-cache';
import { setMemberRoles } from './service';

const session = (id: string, userId: number): SessionWithRoles => ({
  id,
  userId,
  createdAt: new Date(),
  lastUsedAt: new Date(),
  expiresAt: new Date(Date.now() + 60_000),
  revokedAt: null,
  revokedReason: null,
  userAgent: null,
  roles: ['member'],
});

/** A cache as the auth plugin makes it once the database's announcements can be heard. */
const listening = (options?: ConstructorParameters<typeof SessionCache>[0]) => {
  const cache = new SessionCache(options);
  cache.available = true;
  return cache;
};

describe('the session cache (decision 0030)', () => {
  it('keeps sessions and forgets one, or all of a member', () => {
    const cache = listening();
    cache.storeSession(cache.begin(), session('a', 1));
    cache.storeSession(cache.begin(), session('b', 1));
    cache.storeSession(cache.begin(), session('c', 2));
    expect(cache.get('a')?.userId).toBe(1);

    cache.forgetSession('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();

    cache.forgetMember(1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.userId).toBe(2);
  });

  it('never keeps a row read before an invalidation that arrived during the read', () => {
    const cache = listening();
    const before = cache.begin();
    // Another instance commits a logout and its message arrives while this read is under way.
    cache.forgetSession('a');
    cache.storeSession(before, session('a', 1));
    expect(cache.get('a')).toBeUndefined();
    // A read that starts afterwards is kept.
    cache.storeSession(cache.begin(), session('a', 1));
    expect(cache.get('a')).toBeDefined();
  });

  it('lets entries expire and stays within its size', async () => {
    const cache = listening({ ttlMs: 30, maxEntries: 2 });
    cache.storeSession(cache.begin(), session('a', 1));
    cache.storeSession(cache.begin(), session('b', 1));
    cache.storeSession(cache.begin(), session('c', 1));
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    await sleep(60);
    expect(cache.get('c')).toBeUndefined();
    // The member's index forgot them too: nothing left to forget.
    cache.forgetMember(1);
    expect(cache.size).toBe(0);
  });

  it('serves and keeps nothing until it can hear the announcements, nor while a channel it follows is not heard', () => {
    const cache = new SessionCache();
    cache.storeSession(cache.begin(), session('a', 1));
    expect(cache.get('a')).toBeUndefined();
    cache.available = true;
    let heard = true;
    cache.follow({ heard: () => heard });
    cache.storeSession(cache.begin(), session('a', 1));
    expect(cache.get('a')).toBeDefined();
    heard = false;
    expect(cache.get('a')).toBeUndefined();
    cache.storeSession(cache.begin(), session('b', 1));
    heard = true;
    expect(cache.get('b')).toBeUndefined();
  });
});

describe('cached sessions end at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const viewerOf = async (token: string) =>
    (await graphql<ViewerResult>(t.app, VIEWER_QUERY, {}, bearer(token))).body;

  it('on logout, though the session was just used', async () => {
    const me = await signedInMember(t.app);
    expect((await viewerOf(me.token)).data?.viewer?.databaseId).toBe(me.id);
    expect(t.app.auth.sessions.size).toBeGreaterThan(0);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(me.token) });
    expect((await viewerOf(me.token)).errors?.[0]?.extensions.code).toBe('session_revoked');
  });

  it('on a password change, for the other devices', async () => {
    const me = await signedInMember(t.app);
    const otherDevice = await logIn(t.app, me.email, me.password);
    expect((await viewerOf(otherDevice.authToken)).data?.viewer?.databaseId).toBe(me.id);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/update-profile',
      payload: { password: 'a-brand-new-passphrase-7', currentPassword: me.password },
      headers: bearer(me.token),
    });
    expect(changed.statusCode).toBe(200);
    expect((await viewerOf(otherDevice.authToken)).errors?.[0]?.extensions.code).toBe(
      'session_revoked',
    );
    expect((await viewerOf(me.token)).data?.viewer?.databaseId).toBe(me.id);
  });

  it('on deleting the account', async () => {
    const me = await signedInMember(t.app);
    const otherDevice = await logIn(t.app, me.email, me.password);
    expect((await viewerOf(otherDevice.authToken)).data?.viewer?.databaseId).toBe(me.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/delete-user',
      headers: bearer(me.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await viewerOf(otherDevice.authToken)).errors?.[0]?.extensions.code).toBe(
      'session_revoked',
    );
  });
});

// Two instances on one database, with or without Redis: what happens on one counts on the other,
// though the other had the session in its cache (the database announces it, migration 0030).
describe('cached sessions across instances', () => {
  let database: Database;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    const env = {
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      // No Redis: nothing but the database tells the other instance.
      REDIS_URL: '',
    };
    first = await createTestApp(env, { database });
    second = await createTestApp(env, { database });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  const viewerOn = async (instance: TestApp, token: string) =>
    (await graphql<ViewerResult>(instance.app, VIEWER_QUERY, {}, bearer(token))).body;
  /** The database's announcement reaches the other instance within moments. */
  const eventually = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 2_000;
    while (!(await check()) && Date.now() < deadline) await sleep(20);
    return check();
  };

  it('ends a session logged out on the other instance', async () => {
    const me = await signedInMember(first.app);
    expect((await viewerOn(second, me.token)).data?.viewer?.databaseId).toBe(me.id);
    await first.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(me.token) });
    expect(
      await eventually(
        async () =>
          (await viewerOn(second, me.token)).errors?.[0]?.extensions.code === 'session_revoked',
      ),
    ).toBe(true);
  });

  it('applies a role change made on the other instance', async () => {
    const admin = await signedInMember(first.app);
    const other = await signedInMember(first.app);
    // Only the principal's roles decide who sees another member's e-mail (the users policy).
    const emailSeenOnSecond = async () =>
      (
        await graphql<{ user: { email: string | null } }>(
          second.app,
          'query($id: ID!) { user(id: $id) { email } }',
          { id: String(other.id) },
          bearer(admin.token),
        )
      ).body.data?.user.email;
    expect(await emailSeenOnSecond()).toBeNull();
    await setMemberRoles(first.app.auth, admin.id, ['super_admin']);
    expect(await eventually(async () => (await emailSeenOnSecond()) === other.email)).toBe(true);
  });
});
