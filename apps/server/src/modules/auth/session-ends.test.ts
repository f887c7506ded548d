import { randomBytes } from 'node:crypto';
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
import { setMemberRoles } from './service';

describe('sessions end at once (decision 0068)', () => {
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

// Two instances on one database without Redis: what happens on one counts on the other at its very
// next request, though the other had just authenticated the session (nothing of it is kept).
describe('sessions across instances', () => {
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
  it('ends a session logged out on the other instance', async () => {
    const me = await signedInMember(first.app);
    expect((await viewerOn(second, me.token)).data?.viewer?.databaseId).toBe(me.id);
    await first.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(me.token) });
    expect((await viewerOn(second, me.token)).errors?.[0]?.extensions.code).toBe('session_revoked');
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
    expect(await emailSeenOnSecond()).toBe(other.email);
  });
});
