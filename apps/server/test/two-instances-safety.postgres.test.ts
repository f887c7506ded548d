import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MUTATION, type MemberListOutput } from '@attune/contract';
import { DEMO_PASSWORD } from '../src/modules/seed/demo';
import { createPostgresDatabase } from './database';
import { testEngine } from './engine';
import { startServer, type ServerProcess } from './server-process';

/**
 * Safety never comes from memory (decision 0067): a change made through instance A is obeyed by
 * instance B on the very next request, though B read the same thing a moment before (and may keep
 * it). The database's change announcements are switched off for these tests, as if B's listening
 * connection had gone deaf: only what B's statements read decides what B shows.
 */

const AUTH_SECRET = randomBytes(32).toString('base64url');
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let client: pg.Client;
let a: ServerProcess;
let b: ServerProcess;
const dataDirs: string[] = [];

async function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'attune-safety-'));
  dataDirs.push(dataDir);
  return startServer({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOCAL_MODE: '1',
    RATE_LIMIT_IP_MULTIPLIER: '1000',
    AUTH_SECRET,
    ...env,
  });
}

const run = describe.runIf(testEngine() === 'postgres');

run('two instances on one PostgreSQL: safety decided by the database', () => {
  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
    a = await start({ SEED_DEMO: '1' });
    b = await start({ SEED_DEMO: '0' });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // Every trigger that announces a change (NOTIFY) is switched off: B never hears of A's changes.
    const { rows } = await client.query<{ statement: string }>(
      `select format('alter table %I disable trigger %I', c.relname, t.tgname) as statement
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_proc p on p.oid = t.tgfoid
       where not t.tgisinternal and pg_get_functiondef(p.oid) ilike '%notify%'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { statement } of rows) await client.query(statement);
  }, 240_000);

  afterAll(async () => {
    await client?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  interface Member {
    id: number;
    token: string;
    nickname: string;
  }

  /** A member written into the database (the demo member's password), logged in through A. */
  async function member(prefix: string): Promise<Member> {
    const tag = randomBytes(4).toString('hex');
    const nickname = `${prefix} ${tag}`;
    const { rows } = await client.query<{ id: number }>(
      `insert into users (email, username, nickname, first_name, last_name, roles, password_hash)
       select $1, $2, $3, $4, 'Tester', array['member'], u.password_hash
       from users u where u.username = 'member'
       returning id`,
      [`${tag}@example.com`, `safety-${tag}`, nickname, prefix],
    );
    const response = await fetch(`${a.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: LOGIN_MUTATION,
        variables: { input: { username: `safety-${tag}`, password: DEMO_PASSWORD } },
      }),
    });
    const body = (await response.json()) as { data: { login: { authToken: string } } };
    return { id: rows[0]!.id, token: body.data.login.authToken, nickname };
  }

  const call = async (
    server: ServerProcess,
    who: Member,
    method: string,
    path: string,
    body?: object,
  ) => {
    const response = await fetch(`${server.base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${who.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
  };

  /** The directory's entries for `query` as `reader` reads them on B. */
  const listOnB = async (reader: Member, query: Record<string, string>) => {
    const answer = await call(
      b,
      reader,
      'GET',
      `/connection/list-users?${new URLSearchParams(query)}`,
    );
    expect(answer.status).toBe(200);
    return (answer.json as MemberListOutput).items;
  };
  const entryOnB = async (reader: Member, target: Member) =>
    (await listOnB(reader, { search: target.nickname })).find((entry) => entry.id === target.id);

  /** A profile as GraphQL's `user` answers it on B (null: not there for the viewer). */
  const profileOnB = async (reader: Member, target: Member) => {
    const response = await fetch(`${b.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` },
      body: JSON.stringify({
        query: `query ($id: ID!) { user(id: $id, idType: DATABASE_ID) {
          databaseId isFriend extendedProfile { name value { raw } } } }`,
        variables: { id: String(target.id) },
      }),
    });
    const body = (await response.json()) as {
      data?: {
        user: {
          databaseId: number;
          isFriend: number;
          extendedProfile: { name: string; value: { raw: string } }[];
        } | null;
      };
    };
    return body.data?.user ?? null;
  };
  const countryIn = (profile: Awaited<ReturnType<typeof profileOnB>>) =>
    profile?.extendedProfile.find((field) => field.name === 'Country')?.value.raw;

  /** Saves the member's profile through A. */
  const updateOnA = async (who: Member, body: object) => {
    const answer = await call(a, who, 'PUT', '/update-profile', body);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  };

  /** Connects two members through A (a request and its acceptance). */
  const connectOnA = async (first: Member, second: Member) => {
    expect((await call(a, first, 'POST', '/social/friends', { friend_id: second.id })).status).toBe(
      200,
    );
    expect(
      (await call(a, second, 'POST', '/connection/accept-friend', { userId: first.id })).status,
    ).toBe(200);
  };

  /** A post written through A (in a group when given). */
  const postOnA = async (author: Member, groupId?: number) => {
    const answer = await call(a, author, 'POST', '/posts', {
      title: `Sicher ${randomBytes(3).toString('hex')}`,
      content: '<p>Nur für wen es lesen darf.</p>',
      language: 'de',
      ...(groupId === undefined ? {} : { groupId }),
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    return answer.json as { id: number };
  };
  const feedIdsOnB = async (reader: Member) => {
    const answer = await call(b, reader, 'GET', '/posts/feed');
    expect(answer.status).toBe(200);
    return (answer.json as { items: { id: number }[] }).items.map((item) => item.id);
  };

  it('a block: gone from the list, the name search, the profile, the feed and the post', async () => {
    const reader = await member('Blockprobe');
    const author = await member('Blockprobe');
    await connectOnA(reader, author);
    const post = await postOnA(author);
    // B reads each of them once first.
    expect((await listOnB(reader, {})).map((entry) => entry.id)).toContain(author.id);
    expect(await entryOnB(reader, author)).toBeDefined();
    expect(await profileOnB(reader, author)).toMatchObject({ databaseId: author.id });
    expect(await feedIdsOnB(reader)).toContain(post.id);
    expect((await call(b, reader, 'GET', `/posts/${post.id}`)).status).toBe(200);

    expect((await call(a, author, 'POST', '/connection/block', { userId: reader.id })).status).toBe(
      200,
    );

    expect((await listOnB(reader, {})).map((entry) => entry.id)).not.toContain(author.id);
    expect(await entryOnB(reader, author)).toBeUndefined();
    expect(await profileOnB(reader, author)).toBeNull();
    expect(await feedIdsOnB(reader)).not.toContain(post.id);
    expect((await call(b, reader, 'GET', `/posts/${post.id}`)).status).toBe(404);

    // Lifted on A: back on B's next read.
    expect(
      (await call(a, author, 'POST', '/connection/unblock', { userId: reader.id })).status,
    ).toBe(200);
    expect(await entryOnB(reader, author)).toBeDefined();
    expect(await profileOnB(reader, author)).toMatchObject({ databaseId: author.id });
  }, 60_000);

  it("the end of a connection: a 'connections' value leaves the entry and the profile", async () => {
    const reader = await member('Kreisprobe');
    const target = await member('Kreisprobe');
    await updateOnA(target, { country: 'AT', visibility: { country: 'connections' } });
    await connectOnA(reader, target);
    expect(await entryOnB(reader, target)).toMatchObject({ country: 'AT', isFriend: 1 });
    expect(countryIn(await profileOnB(reader, target))).toBe('AT');

    expect((await call(a, target, 'DELETE', `/social/friends/${reader.id}`)).status).toBe(200);

    expect(await entryOnB(reader, target)).toMatchObject({ country: '', isFriend: 3 });
    const profile = await profileOnB(reader, target);
    expect(profile).toMatchObject({ databaseId: target.id, isFriend: 3 });
    expect(countryIn(profile)).toBeUndefined();
  }, 60_000);

  it('a field hidden: gone from the entry, the filter and the profile', async () => {
    const reader = await member('Feldprobe');
    const target = await member('Feldprobe');
    await updateOnA(target, { country: 'LI' });
    expect(await entryOnB(reader, target)).toMatchObject({ country: 'LI' });
    expect((await listOnB(reader, { country: 'LI' })).map((entry) => entry.id)).toContain(
      target.id,
    );
    expect(countryIn(await profileOnB(reader, target))).toBe('LI');

    await updateOnA(target, { visibility: { country: 'only_me' } });

    expect(await entryOnB(reader, target)).toMatchObject({ country: '' });
    expect((await listOnB(reader, { country: 'LI' })).map((entry) => entry.id)).not.toContain(
      target.id,
    );
    expect(countryIn(await profileOnB(reader, target))).toBeUndefined();
  }, 60_000);

  it("a group's readability: made private, or a member removed, its posts are not readable", async () => {
    const admin = await member('Gruppenprobe');
    const outsider = await member('Gruppenprobe');
    const inside = await member('Gruppenprobe');
    const created = await call(a, admin, 'POST', '/social/groups', {
      name: `Probe ${randomBytes(3).toString('hex')}`,
      description: 'Zum Prüfen.',
      status: 'public',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const groupId = (created.json as { id: number }).id;
    expect(
      (await call(a, inside, 'POST', `/social/groups/${groupId}/members`, { user_id: inside.id }))
        .status,
    ).toBeLessThan(300);
    const post = await postOnA(admin, groupId);
    const groupPosts = async (who: Member) => {
      const answer = await call(b, who, 'GET', `/group/posts?groupId=${groupId}`);
      return answer.status === 200
        ? (answer.json as { items: { id: number }[] }).items.map((item) => item.id)
        : [];
    };
    for (const who of [outsider, inside]) {
      expect(await groupPosts(who)).toContain(post.id);
      expect((await call(b, who, 'GET', `/posts/${post.id}`)).status).toBe(200);
    }
    expect(await feedIdsOnB(inside)).toContain(post.id);

    const changed = await call(a, admin, 'POST', '/group/update', { groupId, status: 'private' });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(await groupPosts(outsider)).not.toContain(post.id);
    expect((await call(b, outsider, 'GET', `/posts/${post.id}`)).status).toBe(404);
    // Still a member: still readable.
    expect(await groupPosts(inside)).toContain(post.id);

    // The member leaves through A (how a member stops being one of a group's).
    const removed = await call(
      a,
      inside,
      'DELETE',
      `/social/groups/${groupId}/members/${inside.id}`,
    );
    expect(removed.status, JSON.stringify(removed.json)).toBeLessThan(300);
    expect(await groupPosts(inside)).not.toContain(post.id);
    expect((await call(b, inside, 'GET', `/posts/${post.id}`)).status).toBe(404);
    expect(await feedIdsOnB(inside)).not.toContain(post.id);
  }, 60_000);
});
