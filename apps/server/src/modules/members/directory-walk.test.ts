import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInMember, type TestApp } from '../../../test/app';
import { ensureProfileFields } from '../users/service';
import { executeShaped } from '../../db/prepared';
import {
  run,
  type DirectoryCursor,
  type DirectoryFilters,
  type DirectoryRecord,
  type DirectoryViewer,
} from './repository';
import {
  DIRECTORY_PAGE_VALUES,
  directoryPageInput,
  directoryPageQuery,
  directoryQuery,
  directoryRestQuery,
  directoryStatements,
  readInTurn,
  type DirectoryPageInput,
  type DirectoryRead,
  type DirectoryStatements,
} from './directory-pages-repository';
import { directoryViewer } from './service';
import { insertMember } from './test-members';

/**
 * A filtered page without a search first tests the next members in name order one by one, and
 * collects the filters' sets from the value indexes only when that walk does not fill the page
 * (decision 0033); filters of one value each, for a member, intersect their facet stretches
 * instead (decision 0053). Whichever way finds a member, the pages must be the same: walks of 1,
 * 2 and 5 members force the set step on this small community, the default walk never reaches it,
 * and the trigram path (a search every member here matches) is the reference.
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
        values (${me.id}, ${other}, 'accepted')`,
    );
  await t.database.db.execute(
    sql`insert into blocks (blocker_id, blocked_id) values (${me.id}, ${ids[0]!}), (${ids[4]!}, ${me.id})`,
  );
  viewer = await memberViewer(me.id);
});

/** A member as the directory's reader (their relations are read by each statement). */
const memberViewer = (userId: number): Promise<DirectoryViewer> =>
  directoryViewer(t.database.db, { userId, capabilities: [] });
afterAll(() => t?.close());

/** Up to `limit` members of a page, from its statements as the service runs them. */
const readPage = (statements: DirectoryStatements, limit: number) =>
  readInTurn(statements, limit, (statement) => run<DirectoryRecord>(t.database.db, statement));

/** The id of a field of group 1 by its lower-cased name. */
const fieldIdOf = async (name: string) =>
  (
    await run<{ id: number }>(
      t.database.db,
      sql`select id from profile_fields where group_id = 1 and lower(name) = ${name}`,
    )
  )[0]!.id;

/** Every member the filters list, page by page (`pageSize` per page), in order. */
async function everyPage(filters: DirectoryFilters, pageSize: number, walk?: number) {
  const seen: number[] = [];
  let after: DirectoryCursor | undefined;
  for (let pages = 0; pages < 50; pages += 1) {
    const rows = await readPage(directoryQuery(viewer, filters, after, pageSize, walk), pageSize);
    seen.push(...rows.map((row) => row.id));
    const last = rows.at(-1);
    if (rows.length < pageSize || !last) return seen;
    after = { key: last.sortKey, id: last.id };
  }
  throw new Error('more pages than members');
}

/** Walks of 1, 2, 5 and the default number of members, in pages of 3 and 21, all give `reference`. */
async function expectEveryWalkToGive(filters: DirectoryFilters, reference: number[]) {
  for (const walk of [1, 2, 5, undefined])
    for (const pageSize of [3, 21])
      expect(
        await everyPage(filters, pageSize, walk),
        `walk ${walk}, pages of ${pageSize}`,
      ).toEqual(reference);
}

describe('filtered directory pages: the bounded walk and the set read agree', () => {
  const cases: Record<string, DirectoryFilters> = {
    'a country': { country: 'DE' },
    'country + device': { country: 'ES', deviceType: 'cochlear-implant' },
    'device (connections by default)': { deviceType: 'cochlear-implant' },
    'a broad comma list': { speakingLanguages: ['en', 'de', 'es'] },
    'one language and a country (two facet stretches)': {
      speakingLanguages: ['en'],
      country: 'DE',
    },
    'one interest': { interests: ['travel'] },
    'interests + country': { interests: ['music', 'cooking'], country: 'AT' },
    'role + language': { role: 'mentor', speakingLanguages: ['es'] },
    'country + device + a language (a pair stretch and one more)': {
      country: 'ES',
      deviceType: 'cochlear-implant',
      speakingLanguages: ['en'],
    },
    'nobody matches': { country: 'DE', speakingLanguages: ['es'], deviceType: 'bimodal' },
  };

  it.each(Object.entries(cases))('%s', async (_name, filters) => {
    const reference = await everyPage({ ...filters, search: 'wlk-' }, 100);
    if (_name !== 'nobody matches') expect(reference.length).toBeGreaterThan(0);
    await expectEveryWalkToGive(filters, reference);
  });
});

describe('pages built once per shape (decisions 0054, 0055)', () => {
  const shapedPage = (input: DirectoryPageInput) => directoryPageQuery(input);
  const shapedRest = (input: DirectoryPageInput) => directoryRestQuery(input);
  /** A page read as the service reads it: each of its statements built once per shape. */
  const readShaped = (input: DirectoryPageInput) =>
    readInTurn(directoryStatements(input, shapedPage, shapedRest), input.limit, (build) =>
      executeShaped<DirectoryPageInput, DirectoryRecord>(
        t.database.db,
        build,
        input,
        DIRECTORY_PAGE_VALUES,
      ),
    );

  it.each(
    Object.entries({
      'the plain list': {},
      'a country': { country: 'DE' },
      'country + device': { country: 'ES', deviceType: 'cochlear-implant' },
      'one language': { speakingLanguages: ['en'] },
      'a broad comma list': { speakingLanguages: ['en', 'de', 'es'] },
      'a search': { search: 'wlk-1' },
      'a short search': { search: 'wl' },
      'a role': { role: 'mentor' },
      'role + language': { role: 'mentor', speakingLanguages: ['es'] },
      'search + country': { search: 'walker', country: 'DE' },
    } satisfies Record<string, DirectoryFilters>),
  )(
    '%s: answer what the page built with its values answers, for every value and reader',
    async (_name, filters) => {
      // On PostgreSQL each statement's text is built once per shape, with placeholders, and each
      // call fills them: the same shapes answer each cursor and two members and staff here, and a
      // walk of 2 members sends the second statement too.
      const other = await memberViewer((await signedInMember(t.app)).id);
      const staff = { ...viewer, staff: true };
      for (const reader of [viewer, other, staff])
        for (const after of [undefined, { key: 'wlk-10', id: 0 }, { key: 'wlk-25', id: 0 }])
          for (const walk of [2, undefined]) {
            const input = directoryPageInput(reader, 1, filters, after, 7, 'keys', walk);
            const shaped = await readShaped(input);
            const built = await readPage(
              directoryQuery(reader, filters, after, 7, walk, 'keys'),
              7,
            );
            expect(shaped, `${reader.staff ? 'staff' : reader.id} after ${after?.key}`).toEqual(
              built,
            );
          }
    },
  );

  it('read each kind of page its own way', () => {
    const staff = { ...viewer, staff: true };
    for (const [reader, filters, read] of [
      [viewer, {}, 'list'],
      [viewer, { role: 'mentor' }, 'list'],
      [viewer, { search: 'wl' }, 'list'],
      [viewer, { country: 'DE' }, 'stream'],
      [viewer, { country: 'DE', speakingLanguages: ['en'] }, 'stream'],
      [viewer, { country: 'DE', deviceType: 'bimodal', speakingLanguages: ['en'] }, 'stream'],
      [staff, { country: 'DE' }, 'walk'],
      [viewer, { speakingLanguages: ['en', 'de'] }, 'walk'],
      [viewer, { search: 'wlk' }, 'walk'],
      [viewer, { role: 'mentor', country: 'DE' }, 'walk'],
    ] as [DirectoryViewer, DirectoryFilters, DirectoryRead][])
      expect(directoryPageInput(reader, 1, filters, undefined, 7, 'keys').read).toBe(read);
  });
});

describe('searched directory pages: the walk in name order and the trigram read agree', () => {
  // The reference walks far enough to see every member in step 1; walks of 1, 2 and 5 members
  // leave the rest to the trigram index.
  const cases: Record<string, DirectoryFilters> = {
    'every member': { search: 'walker' },
    'accents and case folded': { search: 'WÄLKER' },
    'a part of the display names': { search: 'wlk-1' },
    'a search and a filter': { search: 'wlk-2', country: 'DE' },
    'a search and a role': { search: 'walker', role: 'mentor' },
    'nobody matches': { search: 'nobody-here' },
  };

  it.each(Object.entries(cases))('%s', async (name, filters) => {
    const reference = await everyPage(filters, 100, 100_000);
    if (name !== 'nobody matches') expect(reference.length).toBeGreaterThan(0);
    await expectEveryWalkToGive(filters, reference);
  });
});

describe('a filtered page and the display name', () => {
  it('lists a renamed member in their new place', async () => {
    const id = await insertMember(t.database.db, {
      nickname: 'zz-late',
      firstName: 'Walker',
      values: { country: ['FI', 'members'] },
    });
    const page = async () =>
      (await readPage(directoryQuery(viewer, { country: 'FI' }, { key: 'm', id: 1 }, 21), 21)).map(
        (row) => row.id,
      );
    expect(await page()).toEqual([id]);
    // Now before the cursor: no longer on the page that starts after 'm'.
    await t.database.db.execute(sql`update users set nickname = 'Aa-Early' where id = ${id}`);
    expect(await page()).toEqual([]);
  });

  it('leaves out a member without a display name (never listed), and lists them once they choose one', async () => {
    const id = await insertMember(t.database.db, {
      nickname: '',
      firstName: 'Walker',
      values: { country: ['IS', 'members'] },
    });
    const page = () => readPage(directoryQuery(viewer, { country: 'IS' }, undefined, 21, 1), 21);
    expect(await page()).toEqual([]);
    await t.database.db.execute(sql`update users set nickname = 'named-now' where id = ${id}`);
    expect((await page()).map((row) => row.id)).toEqual([id]);
  });
});

describe("each member's directory values (migration 0010)", () => {
  const directoryValues = async (userId: number) =>
    (
      await run<{ values: [number, string, string | null][] }>(
        t.database.db,
        sql`select directory_values as values from users where id = ${userId}`,
      )
    )[0]!.values.map(([, value, visibility]) => [value, visibility]);

  it('follow every insert, change and removal of the profile values, emptied ones left out', async () => {
    const id = await insertMember(t.database.db, {
      nickname: 'values-kept',
      values: { country: ['PT', 'members'], stage: 'experienced', headline: '' },
    });
    expect(await directoryValues(id)).toEqual(
      expect.arrayContaining([
        ['PT', 'members'],
        ['experienced', null],
      ]),
    );
    expect(await directoryValues(id)).toHaveLength(2);
    await t.database.db.execute(
      sql`update profile_values set visibility = 'only_me' where user_id = ${id} and value = 'PT'`,
    );
    expect(await directoryValues(id)).toContainEqual(['PT', 'only_me']);
    await t.database.db.execute(
      sql`delete from profile_values where user_id = ${id} and value = 'experienced'`,
    );
    expect(await directoryValues(id)).toEqual([['PT', 'only_me']]);
  });
});

describe("each member's directory facets (migration 0011)", () => {
  const facetsOf = async (userId: number) =>
    (
      await run<{ facets: string[] }>(
        t.database.db,
        sql`select directory_facets as facets from users where id = ${userId}`,
      )
    )[0]!.facets;

  it('hold the values open to members or staff, each item of a list, and follow every change', async () => {
    const [country, stage, languages] = await Promise.all(
      ['country', 'stage', 'speaking languages'].map(fieldIdOf),
    );
    const id = await insertMember(t.database.db, {
      nickname: 'facets-kept',
      // Country open to members; stage's default is 'connections' (no facet) until set to
      // 'staff'; the languages list item by item; a text field never has one.
      values: {
        country: 'NO',
        stage: 'experienced',
        'speaking languages': 'no,en',
        headline: 'Hello, world',
      },
    });
    expect(await facetsOf(id)).toEqual(
      [`m${country}=NO`, `m${languages}~en`, `m${languages}~no`].sort(),
    );
    await t.database.db.execute(
      sql`update profile_values set visibility = 'staff' where user_id = ${id} and field_id = ${stage}`,
    );
    expect(await facetsOf(id)).toContain(`s${stage}=experienced`);
    await t.database.db.execute(
      sql`update profile_values set visibility = 'only_me' where user_id = ${id} and field_id = ${country}`,
    );
    expect(await facetsOf(id)).not.toContain(`m${country}=NO`);
    await t.database.db.execute(
      sql`delete from profile_values where user_id = ${id} and field_id = ${languages}`,
    );
    expect(await facetsOf(id)).toEqual([`s${stage}=experienced`]);
  });

  it("follow a field's default visibility, and are not rewritten when start-up writes the same", async () => {
    const stage = await fieldIdOf('stage');
    const id = await insertMember(t.database.db, {
      nickname: 'facets-default',
      values: { stage: 'considering' },
    });
    expect(await facetsOf(id)).toEqual([]);
    const setDefault = (visibility: string) =>
      t.database.db.execute(
        sql`update profile_fields set default_visibility = ${visibility} where id = ${stage}`,
      );
    try {
      await setDefault('members');
      expect(await facetsOf(id)).toEqual([`m${stage}=considering`]);
    } finally {
      await setDefault('connections');
    }
    expect(await facetsOf(id)).toEqual([]);
    // Writing the catalogue again as start-up does changes nothing and rewrites nobody.
    await t.database.db.execute(
      sql`update users set directory_facets = '{marker}' where id = ${id}`,
    );
    await ensureProfileFields(t.database.db);
    expect(await facetsOf(id)).toEqual(['marker']);
  });
});

describe("each member's facet rows in name order (migration 0026)", () => {
  const rowsOf = async (userId: number) =>
    (
      await run<{ facet: string; key: string }>(
        t.database.db,
        sql`select facet, sort_key as key from member_facets where user_id = ${userId}
          order by facet`,
      )
    ).map(({ facet, key }) => `${key} ${facet}`);
  const facetsOf = async (userId: number) =>
    (
      await run<{ facets: string[] }>(
        t.database.db,
        sql`select directory_facets as facets from users where id = ${userId}`,
      )
    )[0]!.facets;

  it("are the member's facets under their sort key, and follow values, renames and removal", async () => {
    const id = await insertMember(t.database.db, {
      nickname: 'Rows-Kept',
      values: { country: 'NO', 'speaking languages': 'no,en' },
    });
    const expectRows = async (key: string) =>
      expect(await rowsOf(id)).toEqual((await facetsOf(id)).map((facet) => `${key} ${facet}`));
    expect(await facetsOf(id)).toHaveLength(3);
    await expectRows('rows-kept');

    await t.database.db.execute(
      sql`update profile_values set value = 'SE' where user_id = ${id}
        and field_id = (select id from profile_fields where group_id = 1 and lower(name) = 'country')`,
    );
    expect((await facetsOf(id)).some((facet) => facet.endsWith('=SE'))).toBe(true);
    await expectRows('rows-kept');

    await t.database.db.execute(sql`update users set nickname = 'Rows-Moved' where id = ${id}`);
    await expectRows('rows-moved');

    // Without a display name a member is never listed: no rows until they choose one again.
    await t.database.db.execute(sql`update users set nickname = '' where id = ${id}`);
    expect(await rowsOf(id)).toEqual([]);
    await t.database.db.execute(sql`update users set nickname = 'Rows-Back' where id = ${id}`);
    await expectRows('rows-back');

    await t.database.db.execute(sql`delete from profile_values where user_id = ${id}`);
    expect(await rowsOf(id)).toEqual([]);
    await t.database.db.execute(
      sql`insert into profile_values (user_id, field_id, value)
        select ${id}::int, id, 'IS' from profile_fields where group_id = 1 and lower(name) = 'country'`,
    );
    await expectRows('rows-back');
    await t.database.db.execute(sql`delete from users where id = ${id}`);
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe('pairs of single-choice values as one stretch (migration 0027)', () => {
  const pairRowsOf = async (userId: number) =>
    (
      await run<{ facet: string }>(
        t.database.db,
        sql`select facet from member_facets where user_id = ${userId} and facet like 'p%'
          order by facet`,
      )
    ).map(({ facet }) => facet);

  it('a member has a row for each pair of open values of two single-choice filters, and pages find them', async () => {
    const open = (value: string): [string, string] => [value, 'members'];
    const id = await insertMember(t.database.db, {
      nickname: 'pair-member',
      values: {
        country: open('PT'),
        'device type': open('bone-conduction'),
        'hearing aid type': open('bte'),
        stage: open('veteran'),
        // Only the member's connections may see the region: it pairs with nothing.
        region: ['Lisboa', 'connections'],
        // A list field and a single-choice field that is no filter have no pairs.
        'speaking languages': open('pt'),
        journey: open('adult'),
      },
    });
    const [country, device, aidType, stage] = await Promise.all(
      ['country', 'device type', 'hearing aid type', 'stage'].map(fieldIdOf),
    );
    const facets = [
      `m${country}=PT`,
      `m${device}=bone-conduction`,
      `m${aidType}=bte`,
      `m${stage}=veteran`,
    ];
    const pairs = facets.flatMap((a, i) =>
      facets
        .slice(i + 1)
        .map((b) =>
          Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0 ? `p${a}&${b}` : `p${b}&${a}`,
        ),
    );
    expect(await pairRowsOf(id)).toEqual(
      pairs.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
    );

    // Each pair of filters reads its stretch, whichever of the two facets sorts first.
    const page = (filters: DirectoryFilters) =>
      readPage(directoryQuery(viewer, filters, undefined, 21), 21);
    for (const filters of [
      { country: 'PT', deviceType: 'bone-conduction' },
      { country: 'PT', hearingAidType: 'bte' },
      { deviceType: 'bone-conduction', stage: 'veteran' },
      { country: 'PT', deviceType: 'bone-conduction', stage: 'veteran', speakingLanguages: ['pt'] },
    ] satisfies DirectoryFilters[]) {
      expect(directoryPageInput(viewer, 1, filters, undefined, 21, 'keys').read).toBe('stream');
      expect(
        (await page(filters)).map((row) => row.id),
        JSON.stringify(filters),
      ).toEqual([id]);
    }
    // A region open only to connections is not in a stranger's pair: the page has no one.
    expect(await page({ country: 'PT', region: 'Lisboa' })).toEqual([]);

    // A value closed to members leaves its pairs; a changed one moves them.
    await t.database.db.execute(
      sql`update profile_values set visibility = 'connections' where user_id = ${id} and field_id = ${stage}`,
    );
    expect((await pairRowsOf(id)).filter((facet) => facet.includes(`m${stage}=`))).toEqual([]);
    expect(await pairRowsOf(id)).toHaveLength(3);
    await t.database.db.execute(
      sql`update profile_values set value = 'ES' where user_id = ${id} and field_id = ${country}`,
    );
    expect(await page({ country: 'PT', deviceType: 'bone-conduction' })).toEqual([]);
    expect(
      (await page({ country: 'ES', deviceType: 'bone-conduction' })).map((row) => row.id),
    ).toContain(id);
    await t.database.db.execute(sql`delete from users where id = ${id}`);
    expect(await pairRowsOf(id)).toEqual([]);
  });
});
