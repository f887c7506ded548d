import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/database';
import { openDatabase } from '../../db/client';
import { ensureProfileFields } from '../users/service';
import { directoryFields } from './service';
import { type DirectoryViewer } from './repository';
import {
  directoryPageInput,
  directoryPageQuery,
  directoryQuery,
  includedQuery,
  readInTurn,
  type DirectoryStatements,
} from './directory-pages-repository';
import { suggestionsQuery } from './suggestions-repository';

/**
 * The directory's statements on a PostgreSQL holding enough members for the planner to choose
 * honestly (no planner settings changed): none reads the users table sequentially. Members are
 * generated with skewed countries and devices, names with accents, and mixed visibility.
 */
const MEMBERS = 20_000;

let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
let client: pg.Client;
let viewer: DirectoryViewer;

beforeAll(async () => {
  created = await createPostgresDatabase({ migrated: true });
  client = new pg.Client({ connectionString: created.url });
  await client.connect();
  // The plans the server runs: executeNamed keeps each statement's generic plan (decision 0035),
  // planned without the values, so these tests read generic plans too.
  await client.query('set plan_cache_mode = force_generic_plan');
  // The field definitions, as start-up writes them.
  const database = await openDatabase({ databaseUrl: created.url });
  await ensureProfileFields(database.db);
  // Member 42 has three connections and a block either way; every statement reads them itself.
  viewer = { id: 42, staff: false, fields: await directoryFields(database.db) };
  await database.close();
  await client.query(
    `insert into users (email, username, nickname, first_name, last_name, password_hash, roles)
     select 'member' || n || '@example.com', 'member-' || n,
       case when n % 10 = 0 then '' else (array['José','Jürgen','Ana','Zoë','Søren','Núria','Tom'])[1 + n % 7] || ' ' || n end,
       (array['José','Jürgen','Ana','Zoë','Søren','Núria','Tom','María','Lukas'])[1 + n % 9],
       (array['García','Müller','Smith','Groß','Peña','Öztürk','Brown'])[1 + n % 7], 'x',
       case when n % 50 = 0 then array['member','mentor'] else array['member'] end
     from generate_series(1, $1::int) as n`,
    [MEMBERS],
  );
  // Country (skewed: half DE), device type (skewed), languages and interests; a tenth hidden.
  await client.query(
    `insert into profile_values (user_id, field_id, value, visibility)
     select u.id, f.id,
       case lower(f.name)
         when 'country' then (array['DE','DE','DE','DE','ES','ES','GB','AT','CH','MX','US','FR'])[1 + u.id % 12]
         when 'device type' then (array['cochlear-implant','cochlear-implant','hearing-aid','bimodal','bone-conduction'])[1 + u.id % 5]
         when 'speaking languages' then (array['de','de,en','es','en','es,en'])[1 + u.id % 5]
         else (array['music','travel,music','sports','cooking,reading'])[1 + u.id % 4]
       end,
       case when u.id % 10 = 3 then 'only_me' when u.id % 10 = 4 then 'connections' else null end
     from users u
     join profile_fields f on f.group_id = 1
       and lower(f.name) in ('country', 'device type', 'speaking languages', 'interests')`,
  );
  // Friendships and blocks enough for the planner to read them through their indexes: every
  // third member asked the next (a few accepted: each acceptance rewrites two users rows, through
  // friend_count, which would move the users table away from name order), every twentieth blocks
  // the one after the next.
  await client.query(
    `insert into friendships (requester_id, addressee_id, status, accepted_at)
     select n, n + 1, case when n % 300 = 0 then 'accepted' else 'pending' end, now()
     from generate_series(3, $1::int - 1, 3) as n
     union all select 42, c, 'accepted', now() from unnest(array[7, 70, 700]) as c`,
    [MEMBERS],
  );
  await client.query(
    `insert into blocks (blocker_id, blocked_id)
     select n, n + 2 from generate_series(20, $1::int - 2, 20) as n
     union all values (42, 43), (44, 42)`,
    [MEMBERS],
  );
  await client.query('analyze friendships');
  await client.query('analyze blocks');
  await client.query('analyze users');
  await client.query('analyze profile_values');
  await client.query('analyze member_facets');
  const { rows } = await client.query('select count(*)::int as n from profile_values');
  expect(rows[0].n).toBe(MEMBERS * 4);
  // Every member's rows go through the same triggers as a sign-up and a profile edit (their
  // directory values, facets and stored entries, each written in SQL): on a busy 2-core machine
  // that takes about a minute for 20,000 members, past the suite's default hook timeout.
}, 180_000);

afterAll(async () => {
  await client?.end();
  await created?.drop();
});

const dialect = new PgDialect();

/** The plan PostgreSQL picks for the statement exactly as the repository builds it. */
async function plan(query: SQL) {
  const { sql, params } = dialect.sqlToQuery(query);
  const { rows } = await client.query(`explain ${sql}`, params);
  return rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
}

/** A country and one language, from a later page: two facet stretches (decision 0053). */
const countryAndLanguage = () =>
  directoryQuery(
    viewer,
    { country: 'AT', speakingLanguages: ['es'] },
    { key: 'jürgen 5', id: 5 },
    21,
  );
/** Country + device read by staff: the walk in name order, then the value sets (decision 0036). */
const countryAndDeviceForStaff = () =>
  directoryQuery(
    { ...viewer, staff: true },
    { country: 'AT', deviceType: 'bimodal' },
    undefined,
    21,
  );

describe('the member directory reads users through indexes (EXPLAIN)', () => {
  // Each case's statements: a walk's page has a second one, for when the walk ends short.
  const cases: Record<string, () => DirectoryStatements> = {
    'the list, first page': () => directoryQuery(viewer, {}, undefined, 21),
    'the list, a later page': () => directoryQuery(viewer, {}, { key: 'jürgen 5', id: 5 }, 21),
    "search 'jose'": () => directoryQuery(viewer, { search: 'jose' }, undefined, 21),
    "search 'MULLER'": () => directoryQuery(viewer, { search: 'MULLER' }, undefined, 21),
    'country + device filter': () =>
      directoryQuery(viewer, { country: 'AT', deviceType: 'bimodal' }, undefined, 21),
    'country + device filter, read by staff (the walk)': countryAndDeviceForStaff,
    'country + device filter, a later page': () =>
      directoryQuery(
        viewer,
        { country: 'AT', deviceType: 'bimodal' },
        { key: 'jürgen 5', id: 5 },
        21,
      ),
    'a country and one language, a later page': countryAndLanguage,
    'a broad comma list (en, de, es)': () =>
      directoryQuery(viewer, { speakingLanguages: ['en', 'de', 'es'] }, undefined, 21),
    'a broad comma list, a later page': () =>
      directoryQuery(
        viewer,
        { interests: ['music', 'travel', 'sports'] },
        { key: 'jürgen 5', id: 5 },
        21,
      ),
    'mentors who speak Spanish': () =>
      directoryQuery(viewer, { role: 'mentor', speakingLanguages: ['es'] }, undefined, 21),
    'ListMyFriends (include 1,000 ids)': () => [
      includedQuery(
        viewer,
        Array.from({ length: 1000 }, (_, i) => i * 7 + 1),
        {},
        undefined,
        1001,
      ),
    ],
    suggestions: () => [suggestionsQuery({ ...viewer, id: 101 }, 20)],
    // What `GET /api/connection/list-users` sends (service.ts, readMembers): the page's keys, its
    // members' stored entries joined by key (decision 0061), for the bench's rows.
    'list-users: the list, a later page': () =>
      directoryQuery(viewer, {}, { key: 'jürgen 5', id: 5 }, 21, undefined, 'keys'),
    "list-users: search 'jose'": () =>
      directoryQuery(viewer, { search: 'jose' }, undefined, 21, undefined, 'keys'),
    "list-users: search 'jose', a later page": () =>
      directoryQuery(viewer, { search: 'jose' }, { key: 'josé 5', id: 5 }, 21, undefined, 'keys'),
    'list-users: country + device, a later page': () => [
      directoryPageQuery(
        directoryPageInput(
          viewer,
          0,
          { country: 'AT', deviceType: 'bimodal' },
          { key: 'jürgen 5', id: 5 },
          21,
          'keys',
        ),
      ),
    ],
    'list-users: country + device, a member without connections': () => [
      directoryPageQuery(
        directoryPageInput(
          { ...viewer, id: 101 },
          0,
          { country: 'AT', deviceType: 'bimodal' },
          undefined,
          21,
          'keys',
        ),
      ),
    ],
    'list-users: country + device, read by staff (the walk)': () =>
      directoryQuery(
        { ...viewer, staff: true },
        { country: 'AT', deviceType: 'bimodal' },
        undefined,
        21,
        undefined,
        'keys',
      ),
  };

  it.each(Object.entries(cases))('%s', async (_name, statements) => {
    for (const statement of statements()) {
      const text = await plan(statement);
      if (process.env.SHOW_PLANS) console.log(_name, '\n', text);
      // Nor the table of stored entries (one row per member and audience, decision 0061), nor
      // the viewer's relations, which every statement reads (decision 0067).
      expect(text).not.toMatch(
        /Seq Scan on (users|profile_values|member_facets|member_directory_entries|friendships|blocks)\b/,
      );
      expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    }
  });

  // Measured, not planned: the most rows any one read of users or profile_values returned over
  // all its loops (row counts, no timings), of a page's statements run as the service runs them
  // (readInTurn: the next only when those before fell short of 21 rows).
  const read = async (statements: DirectoryStatements) => {
    const plans: string[] = [];
    await readInTurn(statements, 21, async (statement) => {
      const { sql, params } = dialect.sqlToQuery(statement);
      const { rows } = await client.query(
        `explain (analyze, timing off, costs off) ${sql}`,
        params,
      );
      plans.push(rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
      return (await client.query(sql, params)).rows;
    });
    const text = plans.join('\n');
    const counts = [
      ...text.matchAll(
        /Scan .*on (?:users|profile_values|member_facets) .*actual rows=(\d+) loops=(\d+)/g,
      ),
    ].map(([, found, loops]) => Number(found) * Number(loops));
    return { text, most: Math.max(...counts), statements: plans.length };
  };

  it('a filter most members match reads a few hundred rows, not every match (decision 0033)', async () => {
    // About 80 % of the members speak one of these (the rest hide it): walking the name order
    // fills the page within the first members instead of collecting some 16,000 matches.
    const { text, most, statements } = await read(
      directoryQuery(viewer, { speakingLanguages: ['en', 'de', 'es'] }, undefined, 21),
    );
    if (process.env.SHOW_PLANS) console.log(text);
    expect(most).toBeLessThanOrEqual(500);
    // The walk filled the page: the statement for the rest after its reach was never sent.
    expect(statements).toBe(1);
  });

  it('filters of one value each intersect their ordered facet stretches, never walking users (decision 0053)', async () => {
    // 'AT' (one member in twelve) and Spanish (two in five), both open to members by default,
    // meet in about one member in thirty: each stretch is read in name order side by side from
    // the cursor, about as far as the page's last member, in one statement.
    const { text, most, statements } = await read(countryAndLanguage());
    if (process.env.SHOW_PLANS) console.log(text);
    expect(text).toMatch(/Merge Semi Join/);
    expect(text).not.toMatch(/users_directory_walk_idx/);
    expect(most).toBeLessThanOrEqual(1_000);
    expect(statements).toBe(1);
  });

  it('a filter few members match, read by staff, collects its set instead of walking every member', async () => {
    // Staff may see 's' facets too (two stretches a filter), so their pages walk the name order.
    // 'AT' and 'bimodal' meet in one member in 60 (ids ≡ 43 mod 60), and a device is open to
    // connections by default: the walk gives up after its bounded stretch and the value indexes
    // answer; users is read by primary key only.
    const { text, most, statements } = await read(countryAndDeviceForStaff());
    if (process.env.SHOW_PLANS) console.log(text);
    expect(text).not.toMatch(/Seq Scan on users/);
    expect(most).toBeLessThan(MEMBERS / 2);
    expect(statements).toBe(2);
  });

  it('finds what it should on this data', async () => {
    const rows = await readInTurn(
      directoryQuery(viewer, { search: 'jose' }, undefined, 21),
      21,
      async (statement) => {
        const { sql, params } = dialect.sqlToQuery(statement);
        return (await client.query(sql, params)).rows;
      },
    );
    expect(rows).toHaveLength(21);
    for (const row of rows)
      expect(`${row.nickname} ${row.firstName}`.normalize('NFD')).toMatch(/jose/i);
  });
});
