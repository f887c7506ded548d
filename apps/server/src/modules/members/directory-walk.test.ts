import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInMember, type TestApp } from '../../../test/app';
import { friendshipColumn } from '../connections/service';
import {
  directoryQuery,
  findFieldIndex,
  run,
  type DirectoryCursor,
  type DirectoryFilters,
  type DirectoryRow,
  type DirectoryViewer,
} from './repository';
import { insertMember } from './test-members';

/**
 * A filtered page without a search first tests the next members in name order one by one, and
 * collects the filters' sets from the value indexes only when that walk does not fill the page
 * (decision 0033). Whichever step finds a member, the pages must be the same: walks of 1, 2 and 5
 * members force the set step on this small community, the default walk never reaches it, and the
 * trigram path (a search every member here matches) is the reference.
 */
let t: TestApp;
let viewer: DirectoryViewer;

const COUNTRIES = ['DE', 'ES', 'AT', 'DE', 'GB'];
const DEVICES = ['cochlear-implant', 'hearing-aid', 'cochlear-implant', 'bimodal'];
const LANGUAGES = ['de', 'es,en', 'en', 'de,en', 'es'];
const INTERESTS = ['music', 'travel,cooking', 'music,travel', 'sports'];
const VISIBILITIES = [null, 'members', 'only_me', 'connections', null, 'staff'];

beforeAll(async () => {
  t = await createTestApp();
  const me = await signedInMember(t.app);
  viewer = { id: me.id, staff: false, fields: await findFieldIndex(t.database.db) };
  const ids: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const visibility = VISIBILITIES[i % VISIBILITIES.length]!;
    const withVisibility = (value: string): string | [string, string] =>
      visibility ? [value, visibility] : value;
    ids.push(
      await insertMember(t.database.db, {
        nickname: `wlk-${String((i * 17) % 40).padStart(2, '0')}`,
        firstName: 'Walker',
        roles: i % 6 === 0 ? ['member', 'mentor'] : ['member'],
        values: {
          country: withVisibility(COUNTRIES[i % COUNTRIES.length]!),
          'device type': withVisibility(DEVICES[i % DEVICES.length]!),
          'speaking languages': withVisibility(LANGUAGES[i % LANGUAGES.length]!),
          interests: withVisibility(INTERESTS[i % INTERESTS.length]!),
        },
      }),
    );
  }
  // A few connections (whose 'connections' values the viewer sees) and blocks either way.
  for (const other of [ids[3]!, ids[6]!, ids[9]!, ids[12]!, ids[21]!])
    await t.database.db.execute(
      sql`insert into friendships (requester_id, addressee_id, status)
        values (${viewer.id}, ${other}, 'accepted')`,
    );
  await t.database.db.execute(
    sql`insert into blocks (blocker_id, blocked_id) values (${viewer.id}, ${ids[0]!}), (${ids[4]!}, ${viewer.id})`,
  );
});
afterAll(() => t?.close());

/** Every member the filters list, page by page (`pageSize` per page), in order. */
async function everyPage(filters: DirectoryFilters, pageSize: number, walk?: number) {
  const seen: number[] = [];
  let after: DirectoryCursor | undefined;
  for (let pages = 0; pages < 50; pages += 1) {
    const rows = await run<DirectoryRow>(
      t.database.db,
      directoryQuery(viewer, filters, after, pageSize, friendshipColumn, walk),
    );
    seen.push(...rows.map((row) => row.id));
    const last = rows.at(-1);
    if (rows.length < pageSize || !last) return seen;
    after = { key: last.sortKey, id: last.id };
  }
  throw new Error('more pages than members');
}

describe('filtered directory pages: the bounded walk and the set read agree', () => {
  const cases: Record<string, DirectoryFilters> = {
    'a country': { country: 'DE' },
    'country + device': { country: 'ES', deviceType: 'cochlear-implant' },
    'device (connections by default)': { deviceType: 'cochlear-implant' },
    'a broad comma list': { speakingLanguages: ['en', 'de', 'es'] },
    'interests + country': { interests: ['music', 'cooking'], country: 'AT' },
    'role + language': { role: 'mentor', speakingLanguages: ['es'] },
    'nobody matches': { country: 'DE', speakingLanguages: ['es'], deviceType: 'bimodal' },
  };

  it.each(Object.entries(cases))('%s', async (_name, filters) => {
    const reference = await everyPage({ ...filters, search: 'wlk-' }, 100);
    if (_name !== 'nobody matches') expect(reference.length).toBeGreaterThan(0);
    for (const walk of [1, 2, 5, undefined])
      for (const pageSize of [3, 21])
        expect(
          await everyPage(filters, pageSize, walk),
          `walk ${walk}, pages of ${pageSize}`,
        ).toEqual(reference);
  });
});
