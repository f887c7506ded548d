import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FRIEND_STATUS,
  LIST_MY_FRIENDS_QUERY,
  MEMBER_LIST_PAGE_SIZE,
  type ListMyFriendsResult,
  type MemberListEntry,
  MemberListOutput,
} from '@attune/contract';
import pg from 'pg';
import { genericPlanPoolOf } from '../../db/prepared';
import { setMemberRoles } from '../auth/service';
import { bearer, createTestApp, graphql, signedInMember, type TestApp } from '../../../test/app';
import { insertMember, type MemberSeed } from './test-members';

let t: TestApp;
let viewer: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await signedInMember(t.app);
});
afterAll(() => t?.close());

const member = (seed: MemberSeed) => insertMember(t.database.db, seed);

async function list(
  token: string,
  query: Record<string, string> = {},
  url = '/api/connection/list-users',
) {
  const response = await t.app.inject({ method: 'GET', url, query, headers: bearer(token) });
  const body: unknown = response.json();
  // A page is written as JSON text (decision 0035): it must be exactly the contract's shape.
  if (response.statusCode === 200) expect(MemberListOutput.parse(body)).toEqual(body);
  return { status: response.statusCode, body: body as MemberListOutput };
}

const nicknames = (body: MemberListOutput) => body.items.map((item) => item.nickname);

/**
 * Relations written straight into the database, announced to nobody: every directory statement
 * reads them itself (decision 0067), so the next read shows them.
 */
const connect = async (a: number, b: number, status: 'accepted' | 'pending' = 'accepted') => {
  await t.database.db.execute(
    sql`insert into friendships (requester_id, addressee_id, status) values (${a}, ${b}, ${status})`,
  );
};
const block = async (blocker: number, blocked: number) => {
  await t.database.db.execute(
    sql`insert into blocks (blocker_id, blocked_id) values (${blocker}, ${blocked})`,
  );
};

describe('member directory: access', () => {
  it('refuses a visitor (401) on every directory route and on GraphQL users', async () => {
    for (const url of [
      '/api/connection/list-users',
      '/api/social/members',
      '/api/connection/suggestions',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
    const anonymous = await graphql(t.app, '{ users { nodes { id } } }');
    expect(anonymous.body.errors?.[0]?.extensions.code).toBe('unauthorized');
    expect(anonymous.body.data).toEqual({ users: null });
  });
});

describe('member-name search (spec §5)', () => {
  beforeAll(async () => {
    await member({ nickname: 'srch-pepe', firstName: 'José', lastName: 'García' });
    await member({ nickname: 'srch-hans', firstName: 'Hans', lastName: 'Müller' });
    await member({ nickname: 'srch-Zoë', firstName: 'Zoë', lastName: 'Brontë' });
    // A display name but no name: listed, but never a search result.
    await member({ nickname: 'srch-nameless-jose', firstName: '', lastName: '' });
    // No display name: not in the directory at all.
    await member({ nickname: '', firstName: 'Josefa', lastName: 'Núñez' });
  });

  it("'jose' finds José; 'MULLER' and 'muller' find Müller; accents in the query fold too", async () => {
    expect(nicknames((await list(viewer.token, { search: 'jose' })).body)).toEqual(['srch-pepe']);
    expect(nicknames((await list(viewer.token, { search: 'MULLER' })).body)).toEqual(['srch-hans']);
    expect(nicknames((await list(viewer.token, { search: 'muller' })).body)).toEqual(['srch-hans']);
    expect(nicknames((await list(viewer.token, { search: 'MÜLLER' })).body)).toEqual(['srch-hans']);
    expect(nicknames((await list(viewer.token, { search: 'garcia' })).body)).toEqual(['srch-pepe']);
    expect(nicknames((await list(viewer.token, { search: 'zoe bronte' })).body)).toEqual([
      'srch-Zoë',
    ]);
    // The display name matches as well.
    expect(nicknames((await list(viewer.token, { search: 'SRCH-HA' })).body)).toEqual([
      'srch-hans',
    ]);
  });

  it('leaves out entries lacking a name or display name; LIKE wildcards are plain text', async () => {
    const listed = nicknames((await list(viewer.token, {})).body);
    expect(listed).toContain('srch-nameless-jose');
    expect(listed).not.toContain('');
    expect(nicknames((await list(viewer.token, { search: 'nameless' })).body)).toEqual([]);
    expect(nicknames((await list(viewer.token, { search: 'josefa' })).body)).toEqual([]);
    expect(nicknames((await list(viewer.token, { search: '%' })).body)).toEqual([]);
    expect(nicknames((await list(viewer.token, { search: 'srch_' })).body)).toEqual([]);
  });

  it('leaves out members lacking a name or display name from a search among given ids too', async () => {
    const ids = (
      (await t.database.db.execute(
        sql`select id from users where nickname in ('srch-pepe', 'srch-nameless-jose') or first_name = 'Josefa' order by id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => Number(row.id));
    expect(ids).toHaveLength(3);
    const found = await graphql<{ users: { nodes: { nickname: string }[] } }>(
      t.app,
      'query($include: [Int]) { users(first: 10, where: { include: $include, search: "jose" }) { nodes { nickname } } }',
      { include: ids },
      bearer(viewer.token),
    );
    expect(found.body.data!.users.nodes.map((node) => node.nickname)).toEqual(['srch-pepe']);
  });

  it('answers the same on /api/social/members', async () => {
    const social = await list(viewer.token, { search: 'jose' }, '/api/social/members');
    expect(social.status).toBe(200);
    expect(nicknames(social.body)).toEqual(['srch-pepe']);
  });
});

describe('the member-list entry (spec §3)', () => {
  it('has every field, the highest-priority role, area default and friend status', async () => {
    const them = await member({
      nickname: 'entry-ana',
      firstName: 'Ana',
      lastName: 'López',
      roles: ['member', 'mentor'],
      description: 'Hola',
      avatarUrl: '/media/avatars/a.webp',
      values: {
        country: 'ES',
        region: 'Madrid',
        headline: 'CI user since 2019',
        'speaking languages': 'es,en',
        interests: 'music,travel',
      },
    });
    const { status, body } = await list(viewer.token, { search: 'entry-ana' });
    expect(status).toBe(200);
    expect(body.items).toEqual<MemberListEntry[]>([
      {
        cid: Buffer.from(`user:${them}`).toString('base64'),
        id: them,
        avatarUrl: '/media/avatars/a.webp',
        country: 'ES',
        region: 'Madrid',
        description: 'Hola',
        headline: 'CI user since 2019',
        lastName: 'López',
        name: 'Ana',
        nickname: 'entry-ana',
        area: 'international',
        roles: ['mentor'],
        speakingLanguages: ['es', 'en'],
        interests: ['music', 'travel'],
        livingIn: 'ES',
        isConnected: false,
        isPending: false,
        isFriend: 3,
      },
    ]);
  });

  it('tells connected, my request and their request apart', async () => {
    const a = await member({ nickname: 'status-a', firstName: 'A' });
    const b = await member({ nickname: 'status-b', firstName: 'B' });
    const c = await member({ nickname: 'status-c', firstName: 'C' });
    await connect(viewer.id, a, 'accepted');
    await connect(viewer.id, b, 'pending');
    await connect(c, viewer.id, 'pending');
    const { body } = await list(viewer.token, { search: 'status-' });
    expect(
      body.items.map(({ nickname, isConnected, isPending, isFriend }) => [
        nickname,
        isConnected,
        isPending,
        isFriend,
      ]),
    ).toEqual([
      ['status-a', true, false, FRIEND_STATUS.connected],
      ['status-b', false, true, FRIEND_STATUS.requestSent],
      ['status-c', false, true, FRIEND_STATUS.requestReceived],
    ]);
  });
});

describe('filters, with hidden values never matching or showing', () => {
  let other: Awaited<ReturnType<typeof signedInMember>>;
  let staff: Awaited<ReturnType<typeof signedInMember>>;
  let hiddenFromAll: number;
  let forConnections: number;
  let forStaff: number;

  beforeAll(async () => {
    other = await signedInMember(t.app);
    staff = await signedInMember(t.app);
    await setMemberRoles(t.app.auth, staff.id, ['medel_user']);
    await member({
      nickname: 'flt-open',
      firstName: 'Open',
      roles: ['member', 'mentor'],
      values: {
        country: 'DE',
        region: 'Bayern',
        'device type': ['cochlear-implant', 'members'],
        'hearing aid type': ['bte', 'members'],
        stage: ['experienced', 'members'],
        interests: 'music,travel',
        'speaking languages': 'de,en',
      },
    });
    hiddenFromAll = await member({
      nickname: 'flt-hidden',
      firstName: 'Hidden',
      values: {
        country: ['DE', 'only_me'],
        'device type': ['cochlear-implant', 'only_me'],
        interests: ['music', 'only_me'],
        'speaking languages': ['de', 'only_me'],
        headline: ['secret headline', 'only_me'],
      },
    });
    // Device type is health data: 'connections' by default.
    forConnections = await member({
      nickname: 'flt-conn',
      firstName: 'Conn',
      values: { country: ['DE', 'connections'], 'device type': 'cochlear-implant' },
    });
    forStaff = await member({
      nickname: 'flt-staff',
      firstName: 'Staff',
      values: { country: ['DE', 'staff'], 'device type': ['cochlear-implant', 'staff'] },
    });
    await member({
      nickname: 'flt-es',
      firstName: 'Es',
      values: { country: 'ES', interests: 'cooking' },
    });
    await connect(viewer.id, forConnections);
  });

  const filtered = async (token: string, query: Record<string, string>) =>
    nicknames((await list(token, { search: 'flt-', ...query })).body);

  it('matches country, region, device, hearing-aid type, stage, interests, languages and role', async () => {
    expect(await filtered(other.token, { country: 'DE' })).toEqual(['flt-open']);
    expect(await filtered(other.token, { country: 'ES' })).toEqual(['flt-es']);
    expect(await filtered(other.token, { region: 'Bayern' })).toEqual(['flt-open']);
    expect(await filtered(other.token, { deviceType: 'cochlear-implant' })).toEqual(['flt-open']);
    expect(await filtered(other.token, { hearingAidType: 'bte' })).toEqual(['flt-open']);
    expect(await filtered(other.token, { stage: 'experienced' })).toEqual(['flt-open']);
    expect(await filtered(other.token, { interests: 'travel' })).toEqual(['flt-open']);
    expect(await filtered(other.token, { interests: 'cooking,travel' })).toEqual([
      'flt-es',
      'flt-open',
    ]);
    expect(await filtered(other.token, { speakingLanguages: 'en' })).toEqual(['flt-open']);
    expect(await filtered(other.token, { role: 'mentor' })).toEqual(['flt-open']);
    expect(
      await filtered(other.token, {
        country: 'DE',
        deviceType: 'cochlear-implant',
        role: 'mentor',
      }),
    ).toEqual(['flt-open']);
    expect(await filtered(other.token, { country: 'DE', interests: 'cooking' })).toEqual([]);
  });

  it('never matches a value the member hides from this viewer, and never shows it', async () => {
    // 'only_me': nobody else, staff included.
    for (const token of [viewer.token, other.token, staff.token]) {
      expect(await filtered(token, { country: 'DE' })).not.toContain('flt-hidden');
      expect(await filtered(token, { interests: 'music' })).not.toContain('flt-hidden');
      expect(await filtered(token, { speakingLanguages: 'de' })).not.toContain('flt-hidden');
    }
    const { body } = await list(other.token, { search: 'flt-hidden' });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      id: hiddenFromAll,
      country: '',
      livingIn: '',
      headline: '',
      interests: [],
      speakingLanguages: [],
    });
    expect(JSON.stringify(body)).not.toMatch(/secret headline/);
  });

  it('filters GraphQL users the same way, never by a hidden value, and refuses first over 1,000', async () => {
    const users = (token: string, where: Record<string, unknown>, first = 50) =>
      graphql<{ users: { nodes: { nickname: string; headline: string }[] } | null }>(
        t.app,
        'query($where: RootQueryToUserConnectionWhereArgs, $first: Int) { users(first: $first, where: $where) { nodes { nickname headline } } }',
        { where: { search: 'flt-', ...where }, first },
        bearer(token),
      );
    const named = async (token: string, where: Record<string, unknown>) =>
      (await users(token, where)).body.data!.users!.nodes.map((node) => node.nickname);
    expect(await named(other.token, { country: 'DE' })).toEqual(['flt-open']);
    expect(await named(other.token, { role: 'MENTOR' })).toEqual(['flt-open']);
    expect(
      await named(other.token, {
        country: 'DE',
        deviceType: 'cochlear-implant',
        stage: 'experienced',
      }),
    ).toEqual(['flt-open']);
    expect(await named(other.token, { interests: ['cooking', 'travel'] })).toEqual([
      'flt-es',
      'flt-open',
    ]);
    expect(await named(other.token, { speakingLanguages: ['de'] })).toEqual(['flt-open']);
    expect(await named(viewer.token, { deviceType: 'cochlear-implant' })).toEqual([
      'flt-conn',
      'flt-open',
    ]);
    for (const token of [viewer.token, other.token, staff.token])
      expect(await named(token, { country: 'DE' })).not.toContain('flt-hidden');
    const hidden = await users(other.token, { search: 'flt-hidden' });
    expect(hidden.body.data!.users!.nodes).toEqual([{ nickname: 'flt-hidden', headline: null }]);
    expect(JSON.stringify(hidden.body)).not.toMatch(/secret headline/);

    const tooMany = await users(other.token, {}, 1001);
    expect(tooMany.body.errors?.[0]?.extensions.code).toBe('validation_failed');
    expect(tooMany.body.data).toEqual({ users: null });
  });

  it("'connections' matches a connection only; 'staff' the manufacturer's staff only", async () => {
    expect(await filtered(viewer.token, { country: 'DE' })).toEqual(['flt-conn', 'flt-open']);
    expect(await filtered(viewer.token, { deviceType: 'cochlear-implant' })).toEqual([
      'flt-conn',
      'flt-open',
    ]);
    expect(await filtered(other.token, { deviceType: 'cochlear-implant' })).toEqual(['flt-open']);
    expect(await filtered(staff.token, { country: 'DE' })).toEqual(['flt-open', 'flt-staff']);
    const seenByOther = (await list(other.token, { search: 'flt-conn' })).body.items[0];
    expect(seenByOther?.country).toBe('');
    const seenByViewer = (await list(viewer.token, { search: 'flt-conn' })).body.items[0];
    expect(seenByViewer?.country).toBe('DE');
    const seenByStaff = (await list(staff.token, { search: 'flt-staff' })).body.items[0];
    expect(seenByStaff).toMatchObject({ id: forStaff, country: 'DE' });
  });

  it('refuses bad input with 400', async () => {
    expect((await list(viewer.token, { role: 'king' })).status).toBe(400);
    expect((await list(viewer.token, { cursor: 'not-a-cursor' })).status).toBe(400);
    expect((await list(viewer.token, { search: 'x'.repeat(101) })).status).toBe(400);
  });
});

describe('blocked members', () => {
  it('are hidden both ways in lists, search and GraphQL include', async () => {
    const blocker = await signedInMember(t.app);
    const blockedByMe = await member({ nickname: 'blk-mine', firstName: 'Mine' });
    const blockedMe = await member({ nickname: 'blk-theirs', firstName: 'Theirs' });
    const free = await member({ nickname: 'blk-free', firstName: 'Free' });
    await block(blocker.id, blockedByMe);
    await block(blockedMe, blocker.id);
    expect(nicknames((await list(blocker.token, { search: 'blk-' })).body)).toEqual(['blk-free']);
    expect(nicknames((await list(viewer.token, { search: 'blk-' })).body)).toEqual([
      'blk-free',
      'blk-mine',
      'blk-theirs',
    ]);
    const listed = await graphql<ListMyFriendsResult>(
      t.app,
      LIST_MY_FRIENDS_QUERY,
      { include: [blockedByMe, blockedMe, free] },
      bearer(blocker.token),
    );
    expect(listed.body.data!.users.nodes.map((node) => node.databaseId)).toEqual([free]);
  });
});

describe('pagination', () => {
  it(`pages ${MEMBER_LIST_PAGE_SIZE} at a time in display-name order, without gaps or repeats`, async () => {
    const created: string[] = [];
    for (let i = 0; i < 45; i += 1) {
      const nickname = `Page-${String(i).padStart(2, '0')}`;
      created.push(nickname);
      await member({ nickname, firstName: 'Pager' });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: { body: MemberListOutput } = await list(viewer.token, {
        search: 'page-',
        ...(cursor ? { cursor } : {}),
      });
      sizes.push(page.body.items.length);
      seen.push(...nicknames(page.body));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen).toEqual(created);
  });
});

describe('GraphQL users (WPGraphQL) and ListMyFriends (spec §7)', () => {
  it('answers ListMyFriends exactly, with only visible values', async () => {
    const friend = await member({
      nickname: 'gql-friend',
      firstName: 'Jürgen',
      lastName: 'Groß',
      locale: 'de',
      roles: ['member', 'mentor'],
      values: { headline: 'Hallo', country: 'DE', 'year of birth': ['1970', 'only_me'] },
    });
    await connect(viewer.id, friend);
    const result = await graphql<ListMyFriendsResult>(
      t.app,
      LIST_MY_FRIENDS_QUERY,
      { include: [friend] },
      bearer(viewer.token),
    );
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data!.users).toEqual({
      nodes: [
        {
          id: Buffer.from(`user:${friend}`).toString('base64'),
          databaseId: friend,
          name: 'Jürgen',
          avatar: { url: null },
          nickname: 'gql-friend',
          locale: 'de',
          lastName: 'Groß',
          roles: { nodes: [{ name: 'member' }, { name: 'mentor' }] },
          description: '',
          headline: 'Hallo',
          extendedProfiles: [
            {
              group_name: 'Base',
              fields: [
                { name: 'Country', type: 'selectbox', value: 'DE' },
                { name: 'Headline', type: 'textbox', value: 'Hallo' },
              ],
            },
          ],
          isFriend: FRIEND_STATUS.connected,
        },
      ],
      pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
    });
  });

  it('pages and searches the directory with first/after/where.search', async () => {
    const page = (after?: string) =>
      graphql<{
        users: {
          nodes: { nickname: string }[];
          pageInfo: { hasNextPage: boolean; endCursor: string };
        };
      }>(
        t.app,
        'query($after: String) { users(first: 2, after: $after, where: { search: "srch" }) { nodes { nickname } pageInfo { hasNextPage endCursor } } }',
        after ? { after } : {},
        bearer(viewer.token),
      );
    const first = await page();
    expect(first.body.data!.users.nodes.map((node) => node.nickname)).toEqual([
      'srch-hans',
      'srch-pepe',
    ]);
    expect(first.body.data!.users.pageInfo.hasNextPage).toBe(true);
    const second = await page(first.body.data!.users.pageInfo.endCursor);
    expect(second.body.data!.users.nodes.map((node) => node.nickname)).toEqual(['srch-Zoë']);
    expect(second.body.data!.users.pageInfo.hasNextPage).toBe(false);
  });

  it('costs the same number of queries for 10 and for 1,000 users (no N+1)', async () => {
    const ids = (
      (await t.database.db.execute(sql`
        insert into users (email, username, nickname, first_name, password_hash)
        select 'bulk' || n || '@example.com', 'bulk-' || n, 'Bulk ' || n, 'Bulk', 'x'
        from generate_series(1, 1000) as n returning id`)) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => row.id);
    await t.database.db.execute(sql`
      insert into profile_values (user_id, field_id, value)
      select u.id, f.id, 'DE' from users u, profile_fields f
      where u.username like 'bulk-%' and f.group_id = 1 and lower(f.name) = 'country'`);
    const pool = (t.database.db as unknown as { $client: unknown }).$client;
    // On PostgreSQL the directory's statements go to the generic-plan pool (decision 0035).
    const clients = [
      ...new Set([pool, pool instanceof pg.Pool ? genericPlanPoolOf(pool) : pool]),
    ] as { query: (...args: unknown[]) => unknown }[];
    const originals = clients.map((client) => client.query);
    // Every statement the request sends, and those besides the session check (which the auth
    // cache may or may not skip, depending on when the session was last read: not the listing's
    // work). The mail worker polls the outbox on the same pool in the background: not counted.
    let queries = 0;
    let listing = 0;
    clients.forEach((client, index) => {
      const original = originals[index]!;
      client.query = function (this: unknown, ...args: unknown[]) {
        const text = String((args[0] as { text?: string })?.text ?? args[0]);
        if (text.includes('mail_outbox')) return original.apply(this, args);
        queries += 1;
        if (!text.includes('"sessions"')) listing += 1;
        return original.apply(this, args);
      };
    });
    const countFor = async (include: number[]) => {
      // Warm: the session and any per-instance caches, so both runs count the same work.
      await graphql(t.app, LIST_MY_FRIENDS_QUERY, { include }, bearer(viewer.token));
      queries = 0;
      listing = 0;
      const result = await graphql<ListMyFriendsResult>(
        t.app,
        LIST_MY_FRIENDS_QUERY,
        { include },
        bearer(viewer.token),
      );
      expect(result.body.errors).toBeUndefined();
      expect(result.body.data!.users.nodes).toHaveLength(include.length);
      return { queries, listing };
    };
    try {
      const ten = await countFor(ids.slice(0, 10));
      const thousand = await countFor(ids);
      // The field definitions (read with every listing, decision 0068), then the listing itself.
      expect(ten.listing).toBe(2);
      expect(thousand.listing).toBe(ten.listing);
      expect(thousand.queries).toBeLessThanOrEqual(3);
    } finally {
      clients.forEach((client, index) => (client.query = originals[index]!));
    }
  });
});
