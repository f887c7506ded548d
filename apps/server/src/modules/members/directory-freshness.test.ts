import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEALTH_CONSENT_VERSION,
  MemberListOutput,
  type MemberSuggestionsOutput,
} from '@attune/contract';
import { setMemberRoles } from '../auth/service';
import {
  bearer,
  callAs,
  createTestApp,
  signedInMember,
  type TestApp,
  updateProfile,
} from '../../../test/app';

// Every directory page is decided by its statement on each read (decision 0067). These tests read a
// page, change something about a member on it, and read the same page again: it must never still
// show what changed.
describe('member directory freshness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_IP_MULTIPLIER: '100' });
  });
  afterAll(() => t.close());

  type Member = Awaited<ReturnType<typeof signedInMember>>;
  /** A member with a display name no other test uses, and what the directory filters on. */
  async function named(prefix: string, values: object = {}) {
    const who = await signedInMember(t.app);
    const nickname = `${prefix} ${who.id}`;
    // The directory lists members with a first name (spec §5); hearing details need consent.
    const saved = await updateProfile(t.app, who.token, {
      nickname,
      firstName: prefix.split(' ')[1],
      healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
      ...values,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { ...who, nickname };
  }
  const list = async (reader: Member, query: Record<string, string>) => {
    const response = await t.app.inject({
      url: '/api/connection/list-users',
      query,
      headers: bearer(reader.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    // The page is written as JSON text (decision 0035): exactly the contract's shape, nothing more.
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body: unknown = response.json();
    expect(MemberListOutput.parse(body)).toEqual(body);
    return (body as MemberListOutput).items;
  };

  it('drops a member at once when a member on it blocks the reader, renames or hides a value', async () => {
    const reader = await signedInMember(t.app);
    const search = { search: 'Quillon' };
    const ana = await named('Quillon Ana', { country: 'AT' });
    const ben = await named('Quillon Ben', { country: 'AT' });
    const cleo = await named('Quillon Cleo', { country: 'AT' });
    const byCountry = { ...search, country: 'AT' };
    expect((await list(reader, search)).map((entry) => entry.nickname)).toEqual([
      ana.nickname,
      ben.nickname,
      cleo.nickname,
    ]);
    expect(await list(reader, byCountry)).toHaveLength(3);

    // Ana blocks the reader: gone from both pages on the very next read.
    const blocked = await callAs(t.app, 'POST', '/api/connection/block', ana, {
      userId: reader.id,
    });
    expect(blocked.statusCode).toBe(200);
    expect((await list(reader, search)).map((entry) => entry.id)).toEqual([ben.id, cleo.id]);

    // Ben takes another name: the page shows it.
    const renamed = `Quillon Bruno ${ben.id}`;
    expect((await updateProfile(t.app, ben.token, { nickname: renamed })).statusCode).toBe(200);
    expect((await list(reader, search)).map((entry) => entry.nickname)).toEqual([
      renamed,
      cleo.nickname,
    ]);

    // Cleo lets only herself see her country: the country filter no longer finds her.
    const hidden = await updateProfile(t.app, cleo.token, {
      country: 'AT',
      visibility: { country: 'only_me' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await list(reader, byCountry)).map((entry) => entry.id)).toEqual([ben.id]);
    const [cleoEntry] = (await list(reader, search)).filter((entry) => entry.id === cleo.id);
    expect(cleoEntry?.country).toBe('');
  });

  it('shows a change made straight in the database', async () => {
    const reader = await signedInMember(t.app);
    const dora = await named('Zephyrine Dora');
    expect(await list(reader, { search: 'Zephyrine' })).toHaveLength(1);
    // Another instance (or an operator) changes the name straight in the database.
    await t.database.db.execute(
      sql`update users set nickname = ${`Zephyrine Dorothea ${dora.id}`} where id = ${dora.id}`,
    );
    expect((await list(reader, { search: 'Zephyrine' }))[0]?.nickname).toBe(
      `Zephyrine Dorothea ${dora.id}`,
    );
  });

  it('shows at once what a catalogue change what the entries show', async () => {
    const reader = await signedInMember(t.app);
    await named('Catalina Eve', { country: 'ES', region: 'Madrid' });
    const region = async () => (await list(reader, { search: 'Catalina' }))[0]?.region;
    expect(await region()).toBe('Madrid');
    // Renaming a field rewrites every entry (migration 0028) without touching a member's row.
    const rename = (from: string, to: string) =>
      t.database.db.execute(
        sql`update profile_fields set name = ${to} where group_id = 1 and name = ${from}`,
      );
    try {
      await rename('Region', 'Area of residence');
      await expect.poll(region).toBe('');
    } finally {
      await rename('Area of residence', 'Region');
    }
    await expect.poll(region).toBe('Madrid');
  });

  it("leaves out of the reader's suggestions someone they connect with someone suggested", async () => {
    const reader = await named('Suggestus Reader', { country: 'PT' });
    const eva = await named('Suggestus Eva', { country: 'PT' });
    const suggestions = async () =>
      (
        (
          await t.app.inject({
            url: '/api/connection/suggestions',
            headers: bearer(reader.token),
          })
        ).json() as MemberSuggestionsOutput
      ).items.map((entry) => entry.id);
    expect(await suggestions()).toContain(eva.id);
    const asked = await callAs(t.app, 'POST', '/api/social/friends', reader, { friend_id: eva.id });
    expect(asked.statusCode).toBe(200);
    // A member with a request pending is no longer a suggestion.
    expect(await suggestions()).not.toContain(eva.id);
  });

  // A change one member makes concerns the other as much: the other's next page shows it.
  it("shows the other member's relation at once when a member asks, accepts or blocks", async () => {
    const reader = await named('Relatus Reader');
    const fia = await named('Relatus Fia', { country: 'NO' });
    const fiaEntry = async () =>
      (await list(reader, { search: 'Relatus Fia' })).find((entry) => entry.id === fia.id);
    expect(await fiaEntry()).toMatchObject({ isFriend: 3, country: 'NO' });

    const asked = await callAs(t.app, 'POST', '/api/social/friends', fia, { friend_id: reader.id });
    expect(asked.statusCode).toBe(200);
    expect(await fiaEntry()).toMatchObject({ isFriend: 4, isPending: true });

    const accepted = await callAs(t.app, 'POST', '/api/connection/accept-friend', reader, {
      userId: fia.id,
    });
    expect(accepted.statusCode).toBe(200);
    expect(await fiaEntry()).toMatchObject({ isFriend: 1, isConnected: true });

    // Fia lets only her connections see her country: the reader, connected, still does.
    const hidden = await updateProfile(t.app, fia.token, {
      country: 'NO',
      visibility: { country: 'connections' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await fiaEntry()).toMatchObject({ country: 'NO' });
    const stranger = await named('Relatus Stranger');
    expect((await list(stranger, { search: 'Relatus Fia' }))[0]).toMatchObject({ country: '' });

    await list(reader, { search: 'Relatus' });
    const blocked = await callAs(t.app, 'POST', '/api/connection/block', fia, {
      userId: reader.id,
    });
    expect(blocked.statusCode).toBe(200);
    expect(await fiaEntry()).toBeUndefined();
  });

  // Members' entries are shared by readers who stand to them the same way (decision 0035).
  it('shares an entry only among readers who may see the same of it', async () => {
    const fay = await named('Entrelac Fay', { country: 'ES', region: 'Madrid' });
    const hidden = await updateProfile(t.app, fay.token, {
      visibility: { country: 'connections', region: 'staff' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const stranger = await signedInMember(t.app);
    const friend = await signedInMember(t.app);
    const staff = await signedInMember(t.app);
    await setMemberRoles(t.app.auth, staff.id, ['medel_user']);
    await t.database.db.execute(
      sql`insert into friendships (requester_id, addressee_id, status, accepted_at)
        values (${fay.id}, ${friend.id}, 'accepted', now())`,
    );
    const search = { search: 'Entrelac' };
    const fayAs = async (reader: Member) =>
      (await list(reader, search)).find((e) => e.id === fay.id);
    // Each reads in turn, so each later one could only be wrong by taking an earlier one's entry.
    for (let round = 0; round < 2; round += 1) {
      expect(await fayAs(stranger)).toMatchObject({ country: '', region: '', isFriend: 3 });
      expect(await fayAs(friend)).toMatchObject({ country: 'ES', region: '', isFriend: 1 });
      expect(await fayAs(staff)).toMatchObject({ country: '', region: 'Madrid', isFriend: 3 });
    }
  });

  it("shows a member's changed entry to every reader", async () => {
    const gil = await named('Entremets Gil', { headline: 'First words' });
    const first = await signedInMember(t.app);
    const second = await signedInMember(t.app);
    expect((await list(first, { search: 'Entremets' }))[0]?.headline).toBe('First words');
    const changed = await updateProfile(t.app, gil.token, { headline: 'Second words' });
    expect(changed.statusCode, changed.body).toBe(200);
    // A reader who never read the page before gets the new entry, not the one kept for others.
    expect((await list(second, { search: 'Entremets' }))[0]?.headline).toBe('Second words');
    expect((await list(first, { search: 'Entremets G' }))[0]?.headline).toBe('Second words');
  });

  // A filtered page tests the reader's connections in its statement: a connection who changes a
  // value leaves or joins the reader's next page at once, whatever page it is.
  it("follows a connection's changed value on a filtered page", async () => {
    const fia = await named('Circulus Fia', { country: 'LI' });
    const hidden = await updateProfile(t.app, fia.token, {
      visibility: { country: 'connections' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const reader = await signedInMember(t.app);
    const asked = await callAs(t.app, 'POST', '/api/social/friends', reader, { friend_id: fia.id });
    expect(asked.statusCode).toBe(200);
    const accepted = await callAs(t.app, 'POST', '/api/connection/accept-friend', fia, {
      userId: reader.id,
    });
    expect(accepted.statusCode).toBe(200);
    // Each read starts at a cursor of its own, a later page than the first.
    let reads = 0;
    const listsFia = async () => {
      reads += 1;
      const cursor = Buffer.from(JSON.stringify(['circulus', reads])).toString('base64url');
      return (await list(reader, { country: 'LI', cursor })).some((entry) => entry.id === fia.id);
    };
    expect(await listsFia()).toBe(true);
    expect(await listsFia()).toBe(true);
    const stranger = await signedInMember(t.app);
    expect((await list(stranger, { country: 'LI' })).map((entry) => entry.id)).not.toContain(
      fia.id,
    );

    const moved = await updateProfile(t.app, fia.token, { country: 'LU' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await listsFia()).toBe(false);
    const back = await updateProfile(t.app, fia.token, { country: 'LI' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await listsFia()).toBe(true);
  });
});
