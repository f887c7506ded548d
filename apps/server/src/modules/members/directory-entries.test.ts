import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemberListEntry,
  primaryRole,
  ROLES,
  VISIBILITIES,
  type Visibility,
} from '@attune/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { maySeeField, userGlobalId } from '../users/service';
import { DIRECTORY_FIELDS, run } from './repository';
import { insertMember } from './test-members';

/**
 * The entries migration 0028 writes ahead for each member (decision 0061): the member list sends
 * them as they are, so each must be what the users policy and the contract say, for every kind
 * of reader, and follow every change to the member and to the field catalogue.
 */
describe('stored directory entries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rows = <Row>(query: SQL) => run<Row>(t.database.db, query);

  /** The four readers' entries, as the directory reads them (NULL: as a member's). */
  const READERS = [
    { connected: false, staff: false },
    { connected: true, staff: false },
    { connected: false, staff: true },
    { connected: true, staff: true },
  ];
  async function entriesOf(id: number) {
    const [row] = await rows<{ entries: (string | null)[] }>(
      sql`select entries from member_directory_entries where user_id = ${id}`,
    );
    expect(row, `member ${id} has stored entries`).toBeDefined();
    const [member] = row!.entries;
    return READERS.map((reader, index) => {
      // A staff reader's entry falls back to a member's, a connection's to the one without it.
      const stored =
        row!.entries[index] ?? (index === 3 ? row!.entries[2] : null) ?? (member as string);
      return { reader, entry: JSON.parse(stored) as Record<string, unknown> };
    });
  }

  it('writes the highest-priority role as the contract does, for every combination', async () => {
    const combinations = Array.from({ length: 2 ** ROLES.length }, (_, bits) =>
      ROLES.filter((_, index) => bits & (1 << index)),
    );
    for (const roles of [...combinations, ['unknown'], ['unknown', 'mentor']]) {
      const [row] = await rows<{ role: string }>(
        sql`select primary_role(${sql.param(roles)}::text[]) as role`,
      );
      expect(row!.role, roles.join(',')).toBe(primaryRole(roles));
    }
  });

  it('shows each value to exactly the readers the users policy opens it to', async () => {
    for (const visibility of VISIBILITIES) {
      const id = await insertMember(t.database.db, {
        nickname: `Stored ${visibility}`,
        firstName: 'Stored',
        // By the repository's names for them: the migration's must be the same.
        values: {
          [DIRECTORY_FIELDS.country]: ['ES', visibility],
          [DIRECTORY_FIELDS.region]: ['Madrid', visibility],
          [DIRECTORY_FIELDS.headline]: ['Hello', visibility],
          [DIRECTORY_FIELDS.speakingLanguages]: ['es,en', visibility],
          [DIRECTORY_FIELDS.interests]: ['music,travel', visibility],
        },
      });
      for (const { reader, entry } of await entriesOf(id)) {
        const open = maySeeField(visibility as Visibility, {
          self: false,
          member: true,
          ...reader,
        });
        const label = `${visibility} for ${JSON.stringify(reader)}`;
        expect(entry, label).toMatchObject(
          open
            ? {
                country: 'ES',
                livingIn: 'ES',
                region: 'Madrid',
                headline: 'Hello',
                speakingLanguages: ['es', 'en'],
                interests: ['music', 'travel'],
              }
            : {
                country: '',
                livingIn: '',
                region: '',
                headline: '',
                speakingLanguages: [],
                interests: [],
              },
        );
      }
    }
  });

  it("uses each field's default visibility where the member chose none", async () => {
    // Country's default is 'members' (users/service.ts), Stage's 'connections' (not in entries).
    const id = await insertMember(t.database.db, {
      nickname: 'Stored Defaults',
      firstName: 'Stored',
      values: { country: 'AT', headline: ['Quiet', 'connections'] },
    });
    const [member, connection] = await entriesOf(id);
    expect(member!.entry).toMatchObject({ country: 'AT', headline: '' });
    expect(connection!.entry).toMatchObject({ country: 'AT', headline: 'Quiet' });
  });

  it('holds exactly the contract entry without the friend flags', async () => {
    const id = await insertMember(t.database.db, {
      nickname: 'Stored Shape',
      firstName: 'Ana',
      lastName: 'Peña',
      roles: ['member', 'mentor'],
      description: 'Implant since 2019 — Łódź 🦻',
      avatarUrl: 'https://example.com/a.png',
    });
    const expected: Omit<MemberListEntry, 'isConnected' | 'isPending' | 'isFriend'> = {
      cid: userGlobalId(id),
      id,
      avatarUrl: 'https://example.com/a.png',
      country: '',
      region: '',
      description: 'Implant since 2019 — Łódź 🦻',
      headline: '',
      lastName: 'Peña',
      name: 'Ana',
      nickname: 'Stored Shape',
      area: 'international',
      roles: ['mentor'],
      speakingLanguages: [],
      interests: [],
      livingIn: '',
    };
    // Sent as it is: the text JSON.stringify would write, in the contract's order, no spaces,
    // with every character beyond ASCII escaped (migration 0029), a pair for one beyond the BMP.
    const [stored] = await rows<{ entry: string }>(
      sql`select entries[1] as entry from member_directory_entries where user_id = ${id}`,
    );
    const asciiJson = JSON.stringify(expected).replace(
      /[\u0080-\uffff]/g,
      (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(asciiJson).toContain('Pe\\u00f1a');
    expect(asciiJson).toContain('\\ud83e\\uddbb');
    expect(stored!.entry).toBe(asciiJson);
    expect(JSON.parse(stored!.entry)).toEqual(expected);
    const flags = { isConnected: false, isPending: false, isFriend: 3 };
    expect(MemberListEntry.parse({ ...expected, ...flags })).toEqual({ ...expected, ...flags });
    expect(Object.keys(MemberListEntry.shape)).toEqual([
      ...Object.keys(expected),
      ...Object.keys(flags),
    ]);
  });

  it('follows every change to what an entry shows, and leaves with the member', async () => {
    const id = await insertMember(t.database.db, { nickname: 'Stored Before', firstName: 'Old' });
    await t.database.db.execute(sql`update users set nickname = 'Stored After', first_name = 'New',
      last_name = 'Name', description = 'Changed', avatar_url = 'https://example.com/b.png',
      area = 'dach', roles = array['member', 'area_manager'] where id = ${id}`);
    expect((await entriesOf(id))[0]!.entry).toMatchObject({
      nickname: 'Stored After',
      name: 'New',
      lastName: 'Name',
      description: 'Changed',
      avatarUrl: 'https://example.com/b.png',
      area: 'dach',
      roles: ['area_manager'],
    });
    // A value set, changed to hidden, then removed (profile_values' triggers → directory_values).
    await t.database.db.execute(sql`insert into profile_values (user_id, field_id, value)
      select ${id}::int, f.id, 'DE' from profile_fields f where lower(f.name) = 'country'`);
    expect((await entriesOf(id))[0]!.entry).toMatchObject({ country: 'DE' });
    await t.database.db.execute(sql`update profile_values set visibility = 'only_me'
      where user_id = ${id}`);
    expect((await entriesOf(id)).map(({ entry }) => entry.country)).toEqual(['', '', '', '']);
    await t.database.db.execute(sql`delete from profile_values where user_id = ${id}`);
    expect((await entriesOf(id))[0]!.entry).toMatchObject({ country: '' });
    await t.database.db.execute(sql`delete from users where id = ${id}`);
    expect(
      await rows(sql`select 1 from member_directory_entries where user_id = ${id}`),
    ).toHaveLength(0);
  });

  it("follows the catalogue: a field's default visibility and its name", async () => {
    const id = await insertMember(t.database.db, {
      nickname: 'Stored Catalogue',
      firstName: 'Stored',
      values: { region: 'Tirol' },
    });
    const region = async () => (await entriesOf(id)).map(({ entry }) => entry.region);
    expect(await region()).toEqual(['Tirol', 'Tirol', 'Tirol', 'Tirol']);
    const setRegion = (change: ReturnType<typeof sql>) =>
      t.database.db.execute(sql`update profile_fields set ${change}
        where group_id = 1 and lower(name) in ('region', 'area of residence')`);
    try {
      await setRegion(sql`default_visibility = 'staff'`);
      expect(await region()).toEqual(['', '', 'Tirol', 'Tirol']);
      await setRegion(sql`name = 'Area of residence'`);
      expect(await region()).toEqual(['', '', '', '']);
    } finally {
      await setRegion(sql`name = 'Region', default_visibility = 'members'`);
    }
    expect(await region()).toEqual(['Tirol', 'Tirol', 'Tirol', 'Tirol']);
  });
});
