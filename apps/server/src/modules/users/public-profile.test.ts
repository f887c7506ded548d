import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HEALTH_CONSENT_VERSION, type PublicProfile } from '@attune/contract';
import {
  bearer,
  createTestApp,
  signedInMember,
  type TestApp,
  updateProfile,
} from '../../../test/app';

const consent = { healthConsent: { accepted: true as const, version: HEALTH_CONSENT_VERSION } };

describe('public profiles (users/nickname and user)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const member = () => signedInMember(t.app);
  const update = (token: string, body: object) => updateProfile(t.app, token, body);
  const byNickname = (token: string | null, nickname: string) =>
    t.app.inject({
      url: `/api/users/nickname/${encodeURIComponent(nickname)}`,
      headers: token ? bearer(token) : {},
    });
  const byId = (token: string | null, id: number | string) =>
    t.app.inject({ url: `/api/user?id=${id}`, headers: token ? bearer(token) : {} });
  const field = (profile: PublicProfile, name: string) =>
    profile.extendedProfile.find((entry) => entry.name === name);

  it('finds a member by display name with a space and an accent, in any case', async () => {
    const owner = await member();
    const viewer = await member();
    const nickname = `José María ${owner.id}`;
    expect((await update(owner.token, { nickname })).statusCode).toBe(200);

    for (const typed of [nickname, nickname.toUpperCase(), ` ${nickname.toLowerCase()} `]) {
      const answer = await byNickname(viewer.token, typed);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ id: owner.id, databaseId: owner.id, nickname });
    }
  });

  it('leaves out what the member hid from this viewer, by name and by id alike', async () => {
    const owner = await member();
    const stranger = await member();
    const friend = await member();
    await t.database.db.execute(
      sql`insert into friendships (requester_id, addressee_id, status, accepted_at) values (${owner.id}, ${friend.id}, 'accepted', now())`,
    );
    const nickname = `Hidden Owner ${owner.id}`;
    const saved = await update(owner.token, {
      nickname,
      headline: 'Hello all', // members
      leftEar: 'cochlear-implant', // connections by default
      journey: 'sudden',
      visibility: { journey: 'only_me' },
      ...consent,
    });
    expect(saved.statusCode).toBe(200);

    for (const answer of [
      await byNickname(stranger.token, nickname),
      await byId(stranger.token, owner.id),
    ]) {
      expect(answer.statusCode).toBe(200);
      const profile = answer.json() as PublicProfile;
      expect(field(profile, 'Headline')).toMatchObject({
        value: { raw: 'Hello all' },
        visibility: null,
      });
      expect(field(profile, 'Left ear')).toBeUndefined();
      expect(field(profile, 'Journey')).toBeUndefined();
      expect(answer.body).not.toContain('cochlear-implant');
      expect(answer.body).not.toContain('sudden');
      expect(profile).toMatchObject({
        email: null,
        capabilities: [],
        jwtAuthExpiration: null,
        isFriend: 3,
      });
    }

    const asFriend = (await byNickname(friend.token, nickname)).json() as PublicProfile;
    expect(field(asFriend, 'Left ear')?.value.raw).toBe('cochlear-implant');
    expect(field(asFriend, 'Journey')).toBeUndefined();
    expect(asFriend.isFriend).toBe(1);

    const asOwner = (await byId(owner.token, owner.id)).json() as PublicProfile;
    expect(field(asOwner, 'Journey')).toMatchObject({ visibility: 'only_me' });
    expect(asOwner.email).toBe(owner.email);
  });

  it('finds a member without a display name by their username', async () => {
    const quiet = await member();
    const viewer = await member();
    const { username, nickname } = (await byId(viewer.token, quiet.id)).json() as PublicProfile;
    expect(nickname).toBe('');
    const answer = await byNickname(viewer.token, username);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: quiet.id, username });
  });

  it("answers 404 'User ID not found' for nobody, 400 for a bad id, 401 when signed out", async () => {
    const viewer = await member();
    for (const answer of [
      await byNickname(viewer.token, 'Nobody Has This Name 1f9'),
      await byId(viewer.token, 2_000_000_000),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'not_found', message: 'User ID not found' });
    }
    for (const id of ['abc', '0', '-3', '99999999999', '']) {
      const answer = await byId(viewer.token, id);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await byNickname(null, 'Anyone')).statusCode).toBe(401);
    expect((await byId(null, viewer.id)).statusCode).toBe(401);
  });

  it('documents both paths in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    const nicknamePath = document.paths['/api/users/nickname/{nickname}'];
    const userPath = document.paths['/api/user'];
    expect(Object.keys(nicknamePath?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '404']),
    );
    expect(Object.keys(userPath?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '404']),
    );
  });
});

describe('display names that would clash with profile addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const update = (token: string, body: object) => updateProfile(t.app, token, body);
  const check = (token: string, name: string) =>
    t.app.inject({
      url: `/api/users/check/nickname/${encodeURIComponent(name)}`,
      headers: bearer(token),
    });

  it('refuses the names of pages under /profile and other reserved names, saving nothing', async () => {
    const me = await signedInMember(t.app);
    // Full-width letters are stored as plain ones ("ＡＤＭＩＮ" would become "ADMIN").
    for (const nickname of [
      'settings',
      ' Start ',
      'ADMIN',
      'ＡＤＭＩＮ',
      'ｓｅｔｔｉｎｇｓ',
      'member-abcd2345',
      '..',
    ]) {
      const answer = await update(me.token, { nickname, headline: 'Changed' });
      expect(answer.statusCode, nickname).toBe(400);
      expect(answer.json(), nickname).toMatchObject({ code: 'nickname_reserved' });
    }
    const me2 = await t.app.inject({ url: '/api/fetch-user', headers: bearer(me.token) });
    expect(me2.json()).toMatchObject({ nickname: '' });
    expect(JSON.stringify(me2.json())).not.toContain('Changed');
  });

  it("refuses another member's username as display name, and the check says it exists", async () => {
    const first = await signedInMember(t.app);
    const second = await signedInMember(t.app);
    const { username } = (
      await t.app.inject({ url: '/api/fetch-user', headers: bearer(first.token) })
    ).json() as { username: string };
    // Older accounts have usernames of any form (decision 0023): make this one such a name.
    const oldStyle = `anna.${first.id}`;
    await t.database.db.execute(
      sql`update users set username = ${oldStyle} where id = ${first.id}`,
    );
    expect(username).toMatch(/^member-/);

    const taken = await update(second.token, { nickname: oldStyle.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'nickname_taken' });
    expect((await check(second.token, oldStyle)).json()).toEqual({ exists: true });
    // The member's own username stays free for them.
    expect((await check(first.token, oldStyle)).json()).toEqual({ exists: false });
    expect((await update(first.token, { nickname: oldStyle })).statusCode).toBe(200);
  });
});
