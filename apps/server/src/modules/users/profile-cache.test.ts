import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, graphql, signedInMember, type TestApp } from '../../../test/app';
import * as connections from '../connections/service';
import type { MemberProfileRow } from './repository';
import { applyMembersNotification, ProfileCache } from './profile-cache';
import {
  eventually,
  setFirstName,
  USER_QUERY,
  type UserAnswer,
} from './profile-cache.test-helpers';

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
