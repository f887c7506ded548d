import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signUp, type TestApp } from '../../../test/app';
import { nicknameSkeleton, normalizeNickname } from './nickname';
import { createMember, ensureNicknameSkeletons } from './service';

describe('nickname skeletons', () => {
  it('are equal for names that look alike', () => {
    const same = [
      ['Anna', 'anna', 'ANNA', '\u0410nna', 'Ａｎｎａ'],
      ['Bob', 'B0b', 'b\u043eb'],
      ['Al Smith', 'AI Smith', 'A1 Smith', 'Al\u00a0Smith', 'Al\u3000Smith'],
      ['Mark', 'rnark'],
    ];
    for (const group of same) {
      const skeletons = new Set(group.map(nicknameSkeleton));
      expect(skeletons.size, group.join(' / ')).toBe(1);
    }
  });

  it('differ for names that do not', () => {
    for (const [a, b] of [
      ['Müller', 'Muller'],
      ['Anna', 'Hanna'],
      ['José', 'Jose'],
      ['Anna Lee', 'AnnaLee'],
    ])
      expect(nicknameSkeleton(a!), `${a} / ${b}`).not.toBe(nicknameSkeleton(b!));
  });

  it('normalises what is stored and refuses what cannot be shown safely', () => {
    expect(normalizeNickname('  Ｋｉｍ\u00a0\u2003Park ')).toBe('Kim Park');
    for (const bad of ['Kim\u200bPark', 'Kim\u202ePark', 'Kim\nPark', '\u3164\u3164', '--'])
      expect(() => normalizeNickname(bad), JSON.stringify(bad)).toThrow(
        expect.objectContaining({ code: 'nickname_not_allowed' }),
      );
  });
});

describe('filling the skeletons of members from before they existed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fills every row once, leaving a later look-alike empty rather than failing', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const third = await signUp(t.app);
    const name = `Nora ${first.id}`;
    await t.database.db.execute(
      sql`update users set nickname_skeleton = null, nickname = case id
            when ${first.id} then ${name}
            when ${second.id} then ${name.replace('o', '\u043e')}
            else ${`Pia ${first.id}`} end
          where id in (${first.id}, ${second.id}, ${third.id})`,
    );
    expect(await ensureNicknameSkeletons(t.database.db)).toBe(2);
    const rows = (
      (await t.database.db.execute(
        sql`select id, nickname_skeleton from users where id in (${first.id}, ${second.id}, ${third.id}) order by id`,
      )) as unknown as { rows: { id: number; nickname_skeleton: string | null }[] }
    ).rows;
    expect(rows.map((row) => row.nickname_skeleton)).toEqual([
      nicknameSkeleton(name),
      null,
      nicknameSkeleton(`Pia ${first.id}`),
    ]);
    expect(await ensureNicknameSkeletons(t.database.db)).toBe(0);
  });

  it('gives a given name that looks like a taken one a number; a new member gets none', async () => {
    const taken = await signUp(t.app);
    const base = `zed-${taken.id}`;
    await t.database.db.execute(
      sql`update users set nickname = ${'Z\u0435d-' + taken.id}, nickname_skeleton = ${nicknameSkeleton(base)} where id = ${taken.id}`,
    );
    // A name given at creation (demo content, invitations) that looks like the taken one.
    const given = await t.database.db.transaction((tx) =>
      createMember(tx, {
        email: `given-${taken.id}@example.com`,
        passwordHash: 'x',
        registrationType: 'regular',
        locale: 'en',
        nickname: base,
      }),
    );
    expect(given.nickname).toBe(`${base}2`);
    // A member signing up gets no name from the address at all (decision 0023), so nothing to clash.
    const newcomer = await signUp(t.app, `${base}@example.com`);
    const rows = (
      (await t.database.db.execute(
        sql`select username, nickname, nickname_skeleton from users where id = ${newcomer.id}`,
      )) as unknown as {
        rows: { username: string; nickname: string; nickname_skeleton: string | null }[];
      }
    ).rows;
    expect(rows[0]).toMatchObject({ nickname: '', nickname_skeleton: null });
    expect(rows[0]!.username).not.toContain('zed');
  });
});
