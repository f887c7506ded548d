import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/database';
import { openDatabase, type Database } from '../../db/client';
import { MIGRATIONS_DIR } from '../../paths';
import { userLookups } from './repository';

const MEMBERS = 5_000;

let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
let database: Database;
let client: pg.Client;

beforeAll(async () => {
  created = await createPostgresDatabase({ migrated: true });
  database = await openDatabase({ databaseUrl: created.url });
  client = new pg.Client({ connectionString: created.url });
  await client.connect();
  // A few thousand members: some without a display name, all with a skeleton when they have one.
  await client.query(
    `insert into users (email, username, nickname, nickname_skeleton, password_hash)
     select 'member' || n || '@example.com', 'member-' || n,
       case when n % 10 = 0 then '' else 'Member ' || n end,
       case when n % 10 = 0 then null else 'member ' || n end, 'x'
     from generate_series(1, $1::int) as n`,
    [MEMBERS],
  );
  await client.query('analyze users');
});

afterAll(async () => {
  await client?.end();
  await database?.close();
  await created?.drop();
});

/** The plan PostgreSQL picks for one query exactly as Drizzle sends it (text and parameters). */
async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const { rows } = await client.query(`explain ${sql}`, params);
  return rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
}

describe('case-insensitive lookups of users use indexes (EXPLAIN)', () => {
  const cases = {
    'login by e-mail (byEmail)': () => userLookups.byEmail(database.db, 'Member42@Example.com'),
    'login by username (byUsername)': () => userLookups.byUsername(database.db, 'MEMBER-42'),
    'login by either (byLogin)': () => userLookups.byLogin(database.db, ' Member-42 '),
    'profile address by display name (byNickname)': () =>
      userLookups.byNickname(database.db, 'MEMBER 42'),
    'nickname check (otherLookAlike, signed in)': () =>
      userLookups.otherLookAlike(database.db, 'Member 42', 'member 42', 7),
    'nickname check (otherLookAlike, signing up)': () =>
      userLookups.otherLookAlike(database.db, 'Member 42', 'member 42', null),
    'free display names (takenSkeletons)': () =>
      userLookups.takenSkeletons(database.db, ['member 42', 'member 43', 'member 44']),
  };

  it.each(Object.entries(cases))('%s', async (_name, query) => {
    const text = await plan(query());
    expect(text).not.toMatch(/Seq Scan on users/);
    expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
  });

  it('finds the right member whatever the case', async () => {
    expect((await userLookups.byLogin(database.db, 'MEMBER-42'))[0]?.email).toBe(
      'member42@example.com',
    );
    expect((await userLookups.byNickname(database.db, 'member 43'))[0]?.username).toBe('member-43');
    // Members without a display name are never found by the empty name.
    expect(await userLookups.byNickname(database.db, '')).toEqual([]);
  });
});

describe('display names are unique in any case (users_nickname_lower_key)', () => {
  it('refuses a second member with the same name in another case, allows many empty names', async () => {
    await expect(
      client.query(
        `insert into users (email, username, nickname, password_hash) values ('other@example.com', 'other', 'mEmBeR 41', 'x')`,
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'users_nickname_lower_key' });
    await client.query(
      `insert into users (email, username, nickname, password_hash) values ('a@example.com', 'a-1', '', 'x'), ('b@example.com', 'b-1', '', 'x')`,
    );
  });
});

describe('the migration on a database that already holds names differing only in case', () => {
  let folder: string;
  let old: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    // The migrations up to 0003 only, as an existing deployment has them.
    folder = mkdtempSync(join(tmpdir(), 'attune-migrations-'));
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx <= 3);
    writeFileSync(journalFile, JSON.stringify(journal));
    old = await createPostgresDatabase({ migrated: false });
  });

  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await old?.drop();
  });

  it('keeps the earliest name, renames the later ones with their id, and builds the index', async () => {
    const pool = new pg.Pool({ connectionString: old.url, max: 1 });
    try {
      await migrate(drizzle(pool), { migrationsFolder: folder });
      await pool.query(
        `insert into users (id, email, username, nickname, nickname_skeleton, password_hash) values
          (1, 'a@example.com', 'a', 'Anna', 'anna', 'x'),
          (2, 'b@example.com', 'b', 'ANNA', null, 'x'),
          (3, 'c@example.com', 'c', 'anna', null, 'x'),
          (4, 'd@example.com', 'd', 'Anna 3', 'anna 3', 'x'),
          (5, 'e@example.com', 'e', '', null, 'x'),
          (6, 'f@example.com', 'f', '', null, 'x')`,
      );
      await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
      const { rows } = await pool.query(
        'select id, nickname, nickname_skeleton from users order by id',
      );
      expect(rows).toEqual([
        { id: 1, nickname: 'Anna', nickname_skeleton: 'anna' },
        { id: 2, nickname: 'ANNA 2', nickname_skeleton: null },
        // "anna 3" belongs to member 4 already.
        { id: 3, nickname: 'anna 3-1', nickname_skeleton: null },
        { id: 4, nickname: 'Anna 3', nickname_skeleton: 'anna 3' },
        { id: 5, nickname: '', nickname_skeleton: null },
        { id: 6, nickname: '', nickname_skeleton: null },
      ]);
      const index = await pool.query(
        `select indexdef from pg_indexes where indexname = 'users_nickname_lower_key'`,
      );
      expect(index.rows[0]?.indexdef).toMatch(
        /UNIQUE INDEX .* \(lower\(nickname\)\) WHERE \(nickname <> ''::text\)/,
      );
    } finally {
      await pool.end();
    }
  });
});
