import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberSuggestionsOutput } from '@attune/contract';
import { bearer, createTestApp, signedInMember, type TestApp } from '../../../test/app';
import { insertMember, type MemberSeed } from './test-members';

let t: TestApp;
let viewer: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await signedInMember(t.app);
});
afterAll(() => t?.close());

const member = (seed: MemberSeed) => insertMember(t.database.db, seed);

const setOwn = (userId: number, name: string, value: string) =>
  t.database.db.execute(sql`
    insert into profile_values (user_id, field_id, value)
    select ${userId}::int, f.id, ${value} from profile_fields f
    where f.group_id = 1 and lower(f.name) = ${name}
    on conflict (user_id, field_id) do update set value = excluded.value`);

async function suggestions(token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/connection/suggestions',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as MemberSuggestionsOutput).items;
}

describe('people like you (GET /api/connection/suggestions)', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // The viewer: a cochlear implant, experienced, speaks de and en, lives in DE, likes music and travel.
    await setOwn(viewer.id, 'device type', 'cochlear-implant');
    await setOwn(viewer.id, 'stage', 'experienced');
    await setOwn(viewer.id, 'speaking languages', 'de,en');
    await setOwn(viewer.id, 'country', 'DE');
    await setOwn(viewer.id, 'interests', 'music,travel');
    // Device type and stage are health data ('connections' by default): made visible to members
    // where a member shares them with everyone.
    const open = (value: string): [string, string] => [value, 'members'];
    ids.twin = await member({
      nickname: 'sug-twin',
      firstName: 'Twin',
      values: {
        'device type': open('cochlear-implant'),
        stage: open('experienced'),
        'speaking languages': 'de',
        country: 'DE',
        interests: 'music,travel',
      },
    });
    ids.device = await member({
      nickname: 'sug-device',
      firstName: 'Device',
      values: { 'device type': open('cochlear-implant'), country: 'AT' },
    });
    ids.country = await member({
      nickname: 'sug-country',
      firstName: 'Country',
      values: { country: 'DE' },
    });
    // Shares everything, but keeps it to their connections: nothing counts.
    ids.hidden = await member({
      nickname: 'sug-hidden',
      firstName: 'Hidden',
      values: {
        'device type': 'cochlear-implant',
        stage: 'experienced',
        'speaking languages': ['de', 'connections'],
        country: ['DE', 'only_me'],
        interests: ['music', 'only_me'],
      },
    });
    ids.nothing = await member({
      nickname: 'sug-nothing',
      firstName: 'Nothing',
      values: { country: 'ES', interests: 'cooking' },
    });
    for (const name of ['connected', 'asked', 'askedMe', 'blocked', 'blockedMe']) {
      ids[name] = await member({
        nickname: `sug-${name}`,
        firstName: name,
        values: { 'device type': open('cochlear-implant'), country: 'DE' },
      });
    }
    await t.database.db.execute(sql`insert into friendships (requester_id, addressee_id, status)
      values (${viewer.id}, ${ids.connected}, 'accepted'), (${viewer.id}, ${ids.asked}, 'pending'),
             (${ids.askedMe}, ${viewer.id}, 'pending')`);
    await t.database.db.execute(sql`insert into blocks (blocker_id, blocked_id)
      values (${viewer.id}, ${ids.blocked}), (${ids.blockedMe}, ${viewer.id})`);
  });

  it('ranks by what is shared and visible, and says what counted', async () => {
    const items = await suggestions(viewer.token);
    expect(items.map((item) => [item.nickname, item.shared])).toEqual([
      ['sug-twin', ['deviceType', 'stage', 'speakingLanguages', 'country', 'interests']],
      ['sug-device', ['deviceType']],
      ['sug-country', ['country']],
    ]);
    expect(items[0]).toMatchObject({ id: ids.twin, isFriend: 3, country: 'DE' });
  });

  it('leaves out the viewer, connections, requests either way and blocks either way', async () => {
    const shown = new Set((await suggestions(viewer.token)).map((item) => item.id));
    for (const name of [
      'connected',
      'asked',
      'askedMe',
      'blocked',
      'blockedMe',
      'hidden',
      'nothing',
    ])
      expect(shown.has(ids[name]!), name).toBe(false);
    expect(shown.has(viewer.id)).toBe(false);
  });

  it('suggests no one to a member who has shared nothing', async () => {
    const newcomer = await signedInMember(t.app);
    expect(await suggestions(newcomer.token)).toEqual([]);
  });
});
