import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { bearer, createTestApp, graphql, signedInMember, type TestApp } from '../../../test/app';
import { openTestDatabase } from '../../../test/database';
import { testEngine } from '../../../test/engine';
import * as connections from '../connections/service';
import type { MemberProfileRow } from './repository';
import { applyMembersNotification, ProfileCache } from './profile-cache';

const profile = (id: number): MemberProfileRow =>
  ({ user: { id }, fields: [], friendship: null }) as unknown as MemberProfileRow;

describe('the profile cache (decision 0031)', () => {
  it('forgets a profile when either member changes: the one shown or the one looking', () => {
    const cache = new ProfileCache();
    cache.available = true;
    cache.storeProfile(cache.begin(), 1, profile(2));
    cache.storeProfile(cache.begin(), 3, profile(4));
    cache.storeProfile(cache.begin(), 5, profile(6));
    expect(cache.getProfile(1, 2)).toBeDefined();

    cache.forgetMembers([2]);
    expect(cache.getProfile(1, 2)).toBeUndefined();
    cache.forgetMembers([3]);
    expect(cache.getProfile(3, 4)).toBeUndefined();
    expect(cache.getProfile(5, 6)).toBeDefined();
  });

  it('reads the announcements of migration 0006: ids, everything, or anything else as everything', () => {
    const cache = new ProfileCache();
    cache.available = true;
    const fill = () => [1, 2, 3].forEach((id) => cache.storeProfile(cache.begin(), 9, profile(id)));

    fill();
    applyMembersNotification(cache, '1,2');
    expect([1, 2, 3].map((id) => Boolean(cache.getProfile(9, id)))).toEqual([false, false, true]);
    applyMembersNotification(cache, '*');
    expect(cache.size).toBe(0);
    fill();
    applyMembersNotification(cache, 'not ids');
    expect(cache.size).toBe(0);
  });

  it('serves and keeps nothing while it cannot hear the announcements', () => {
    const cache = new ProfileCache();
    cache.storeProfile(cache.begin(), 1, profile(2));
    expect(cache.getProfile(1, 2)).toBeUndefined();
    cache.available = true;
    cache.storeProfile(cache.begin(), 1, profile(2));
    expect(cache.getProfile(1, 2)).toBeDefined();
    // Losing the connection empties it: whatever changes meanwhile is never announced.
    cache.available = false;
    cache.available = true;
    expect(cache.getProfile(1, 2)).toBeUndefined();
  });
});

const USER_QUERY = `query($id: ID!) { user(id: $id) { firstName isFriend totalFriendCount } }`;
interface UserAnswer {
  user: { firstName: string; isFriend: number; totalFriendCount: number } | null;
}

/** Announcements come through the database after the commit: within moments. */
async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 3_000;
  while (!(await check()) && Date.now() < deadline) await sleep(20);
  return check();
}

const setFirstName = (database: Database, id: number, firstName: string) =>
  database.db.execute(sql`update users set first_name = ${firstName} where id = ${id}`);

describe('kept profiles follow the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const userAs = async (token: string, id: number) =>
    (await graphql<UserAnswer>(t.app, USER_QUERY, { id: String(id) }, bearer(token))).body.data
      ?.user;

  it('keeps a profile it read, and forgets it when a change made outside the app is committed', async () => {
    const viewer = await signedInMember(t.app);
    const member = await signedInMember(t.app);
    expect(t.app.profileCache.available).toBe(true);
    await userAs(viewer.token, member.id);
    expect(t.app.profileCache.getProfile(viewer.id, member.id)).toBeDefined();

    // As a script or another instance would: straight into the database.
    await setFirstName(t.app.database, member.id, 'Ingrid');
    expect(
      await eventually(async () => (await userAs(viewer.token, member.id))?.firstName === 'Ingrid'),
    ).toBe(true);
  });

  it('shows a new connection on both sides, with both counts', async () => {
    const first = await signedInMember(t.app);
    const second = await signedInMember(t.app);
    expect(await userAs(first.token, second.id)).toMatchObject({ isFriend: 3 });
    expect(await userAs(second.token, second.id)).toMatchObject({ totalFriendCount: 0 });

    await connections.seedConnection(t.app.database.db, first.id, second.id, 'accepted');
    expect(
      await eventually(async () => {
        const seen = await userAs(first.token, second.id);
        return seen?.isFriend === 1 && seen.totalFriendCount === 1;
      }),
    ).toBe(true);
    expect(await userAs(second.token, second.id)).toMatchObject({ totalFriendCount: 1 });
  });

  it("shows the member their own change at their next request, and reads the database in the change's request", async () => {
    const me = await signedInMember(t.app);
    await userAs(me.token, me.id);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/update-profile',
      payload: { firstName: 'Bärbel' },
      headers: bearer(me.token),
    });
    expect(changed.statusCode).toBe(200);
    expect(t.app.profileCache.getProfile(me.id, me.id)).toBeUndefined();
    expect((await userAs(me.token, me.id))?.firstName).toBe('Bärbel');
  });
});

describe.runIf(testEngine() === 'postgres')('kept profiles on PostgreSQL', () => {
  let database: Database;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    // One secret, as instances behind one load balancer share: a token works on both.
    const env = { AUTH_SECRET: randomBytes(32).toString('base64url') };
    first = await createTestApp(env, { database });
    second = await createTestApp(env, { database });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  const userOn = async (instance: TestApp, token: string, id: number) =>
    (await graphql<UserAnswer>(instance.app, USER_QUERY, { id: String(id) }, bearer(token))).body
      .data?.user;

  it('applies a change made through the other instance, though it had the profile in memory', async () => {
    const viewer = await signedInMember(first.app);
    const member = await signedInMember(first.app);
    await userOn(first, viewer.token, member.id);
    expect(first.app.profileCache.getProfile(viewer.id, member.id)).toBeDefined();

    const changed = await second.app.inject({
      method: 'PUT',
      url: '/api/update-profile',
      payload: { firstName: 'Consuelo' },
      headers: bearer(member.token),
    });
    expect(changed.statusCode).toBe(200);
    expect(
      await eventually(
        async () => (await userOn(first, viewer.token, member.id))?.firstName === 'Consuelo',
      ),
    ).toBe(true);
  });

  it('reads the database while its listening connection is away, and listens again', async () => {
    const viewer = await signedInMember(first.app);
    const member = await signedInMember(first.app);
    await userOn(first, viewer.token, member.id);
    expect(first.app.profileCache.getProfile(viewer.id, member.id)).toBeDefined();

    // As a failover would: the server ends every listening connection.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name like '%(listen)'`,
    );
    expect(await eventually(async () => !first.app.profileCache.available)).toBe(true);
    // Changed while nobody listens: no announcement will ever come.
    await setFirstName(database, member.id, 'Radost');
    expect((await userOn(first, viewer.token, member.id))?.firstName).toBe('Radost');

    expect(await eventually(async () => first.app.profileCache.available)).toBe(true);
    await userOn(first, viewer.token, member.id);
    expect(first.app.profileCache.getProfile(viewer.id, member.id)?.user.firstName).toBe('Radost');
    await setFirstName(database, member.id, 'Zofia');
    expect(
      await eventually(
        async () => (await userOn(first, viewer.token, member.id))?.firstName === 'Zofia',
      ),
    ).toBe(true);
  });
});
