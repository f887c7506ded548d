import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './database';
import { openDatabase, type Database } from '../src/db/client';
import * as comments from '../src/modules/comments/repository';
import * as posts from '../src/modules/posts/repository';

/**
 * The posts' hot paths on a PostgreSQL holding enough posts for the planner to choose honestly
 * (no planner settings changed): the feed, a post page by slug, a language's list, my posts, my
 * saved posts, a group's posts and questions and a post's comments never read the posts table sequentially (issue 12).
 */
const MEMBERS = 20_000;
const POSTS = 60_000;
/** Enough groups that reading all of them costs more than probing a few by key, as in life. */
const GROUPS = 2_000;

let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
let client: pg.Client;
let database: Database;
const viewer = 7;

beforeAll(async () => {
  created = await createPostgresDatabase({ migrated: true });
  client = new pg.Client({ connectionString: created.url });
  await client.connect();
  await client.query(
    `insert into users (email, username, nickname, first_name, password_hash, roles)
     select 'member' || n || '@example.com', 'member-' || n, 'Member ' || n, 'M', 'x',
       case when n % 200 = 0 then array['medel_user'] else array['member'] end
     from generate_series(1, $1::int) as n`,
    [MEMBERS],
  );
  // The viewer has a few connections; most members are strangers to them.
  await client.query(
    `insert into friendships (requester_id, addressee_id, status)
     select $1::int, n, 'accepted' from generate_series(100, 110) as n`,
    [viewer],
  );
  // Groups of every status; the viewer belongs to a few. One post in ten is in a group.
  await client.query(
    `insert into groups (name, slug, status)
     select 'Group ' || n, 'group-' || n, (array['public','private','hidden'])[1 + n % 3]
     from generate_series(1, $1::int) as n`,
    [GROUPS],
  );
  await client.query(
    `insert into group_members (group_id, user_id, status)
     select 1 + n % $2::int, 1 + n % $1::int, 'active' from generate_series(1, 20000) as n
     on conflict do nothing`,
    [MEMBERS, GROUPS],
  );
  await client.query(
    `insert into group_members (group_id, user_id, status)
     select n, $1::int, 'active' from generate_series(1, 6) as n on conflict do nothing`,
    [viewer],
  );
  await client.query(
    `insert into posts (kind, author_id, language, title, slug, document, html, text, group_id)
     select case when n % 3 = 0 then 'question' else 'post' end, 1 + n % $2::int,
       (array['en','de','es'])[1 + n % 3], 'Post ' || n, 'post-' || n, '{"type":"doc","content":[]}',
       '<p>Text</p>', 'Text', case when n % 10 = 0 then 1 + (n / 10) % $3::int end
     from generate_series(1, $1::int) as n`,
    [POSTS, MEMBERS, GROUPS],
  );
  // Staff's posts are announcements (migration 0017 marks them so, as the insert does).
  await client.query(
    `update posts set announcement = true where author_id in (
       select id from users where roles && '{medel_user,area_manager,super_admin}'::text[])`,
  );
  await client.query(
    `insert into comments (post_id, author_id, document, html, text)
     select 1 + n % 500, 1 + n % $1::int, '{"type":"doc","content":[]}', '<p>C</p>', 'C'
     from generate_series(1, 20000) as n`,
    [MEMBERS],
  );
  await client.query(
    `insert into saved_posts (user_id, post_id) select $1::int, n from generate_series(1, 300) as n`,
    [viewer],
  );
  for (const table of [
    'users',
    'posts',
    'comments',
    'friendships',
    'saved_posts',
    'groups',
    'group_members',
  ])
    await client.query(`analyze ${table}`);
  database = await openDatabase({ databaseUrl: created.url });
  // The plans the server runs: the posts' reads keep one generic plan each (executeNamed,
  // decisions 0035 and 0043), planned without the values, so these tests read generic plans too.
  await client.query('set plan_cache_mode = force_generic_plan');
}, 120_000);

afterAll(async () => {
  await database?.close();
  await client?.end();
  await created?.drop();
});

const dialect = new PgDialect();

/** The plan PostgreSQL picks for a statement as the repository builds it (a Drizzle query or SQL). */
async function plan(query: { toSQL(): { sql: string; params: unknown[] } } | SQL) {
  const { sql, params } = 'toSQL' in query ? query.toSQL() : dialect.sqlToQuery(query);
  const { rows } = await client.query(`explain ${sql}`, params);
  return rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
}

describe('the posts’ hot paths read posts through indexes (EXPLAIN)', () => {
  const page = { viewerId: viewer, moderator: false, groupStaff: false, limit: 21 };
  const cases: Record<string, () => { toSQL(): { sql: string; params: unknown[] } } | SQL> = {
    'the feed, first page': () => posts.listPostsQuery({ ...page, feed: true }),
    'the feed, a later page': () =>
      posts.listPostsQuery({ ...page, feed: true, beforeId: POSTS / 2 }),
    'a post page by slug': () => posts.findPostQuery({ slug: 'post-4242', viewerId: viewer }),
    'a post by id': () => posts.findPostQuery({ id: 4242, viewerId: viewer }),
    'GetPosts in Spanish': () => posts.listPostsQuery({ ...page, language: 'es' }),
    'GetPosts, all languages': () => posts.listPostsQuery(page),
    'my posts': () => posts.listPostsQuery({ ...page, authorId: viewer }),
    'my saved posts': () => posts.listSavedPostsQuery(page),
    'a group’s posts': () => posts.listPostsQuery({ ...page, groupId: 4, kind: 'post' }),
    'a group’s page, its readability asked in the statement': () =>
      posts.listPostsQuery({ ...page, groupId: 4, kind: 'post', unlessGroupUnreadable: true }),
    'a group’s questions, a later page': () =>
      posts.listPostsQuery({ ...page, groupId: 4, kind: 'question', beforeId: POSTS / 2 }),
    'the cards of a page (decision 0051)': () =>
      posts.postCardsQuery({ ids: Array.from({ length: 21 }, (_, index) => 4000 + index * 37) }),
    'a post’s comments': () =>
      comments.listComments(database.db, {
        postId: 42,
        viewerId: viewer,
        moderator: false,
        limit: 101,
      }),
  };

  it('reads the feed from its sources’ indexes: announcements, authors, groups', async () => {
    for (const beforeId of [undefined, POSTS / 2]) {
      const text = await plan(posts.listPostsQuery({ ...page, feed: true, beforeId }));
      if (process.env.SHOW_PLANS) console.log(text);
      expect(text).toMatch(/posts_announcement_idx/);
      expect(text).toMatch(/posts_author_idx/);
      expect(text).toMatch(/posts_group_idx/);
    }
  });

  it.each(Object.entries(cases))('%s', async (name, query) => {
    const text = await plan(query());
    if (process.env.SHOW_PLANS) console.log(name, '\n', text);
    expect(text).not.toMatch(/Seq Scan on (posts|comments|users)\b/);
    // A post's group is probed by its key: no read grows with the number of groups (a hash of
    // every public group per statement did, decision 0050).
    expect(text).not.toMatch(/Seq Scan on groups\b/);
    expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
  });
});
