#!/usr/bin/env node
// `npm run bench` (after `npm run build`): starts the built server on a free loopback port with a
// fresh data directory, signs two members up through the public API as a user would, then measures
// with autocannon every authenticated read endpoint (GraphQL viewer and user(id), REST fetch-user
// and notification preferences) at 8 connections, and the server's RSS afterwards. Runs on PGlite,
// and on PostgreSQL too when TEST_DATABASE_URL is set (in a fresh database dropped afterwards),
// where a bare Fastify + pg route doing one `LIMIT 20` query on the same database, in its own
// process (scripts/bench-baseline.mjs), is the baseline every endpoint is compared with (issue 10's
// target: ≥ 0.5× of it, p99 ≤ 10 ms, RSS ≤ 300 MB). Writes docs/BENCHMARKS.md from the list of
// sections this run produced.

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  ONLY,
  QUICK,
  ROOT,
  SERVER_ENTRY,
  WARMUP_SECONDS,
  children,
  fetchJson,
  measure,
  requireFromServer,
  rssMb,
  seedLarge,
  startBaseline,
  startServer,
  stopServer,
  withPostgresDatabase,
} from './bench-common.mjs';
import { benchLive, liveSection } from './bench-live.mjs';
import { benchMembers, membersSection } from './bench-members.mjs';
import { measureInitialJs, measureSlowLogin, webSection } from './bench-web.mjs';

const OUTPUT = join(ROOT, 'docs/BENCHMARKS.md');
/**
 * The whole run (PGlite, PostgreSQL, the seeded member directory, the web, the many-member section
 * with its two seeded sizes) must end by then; BENCH_CACHES=1 adds a server start per cache.
 */
const WATCHDOG_MS = (process.env.BENCH_CACHES === '1' ? 50 : 40) * 60_000;
/** BENCH_ENGINES=postgres (or pglite): only that engine (with BENCH_QUICK=1). */
const ENGINES = QUICK ? process.env.BENCH_ENGINES?.toLowerCase() : undefined;
/**
 * BENCH_SECTIONS=members (with BENCH_QUICK=1): only these sections (comma list of pglite,
 * postgres, directory, members); BENCH_ENGINES still narrows the first three.
 */
const SECTIONS = QUICK ? process.env.BENCH_SECTIONS?.toLowerCase().split(',') : undefined;
const runs = (section) => !SECTIONS || SECTIONS.includes(section);
/** Step 4's targets for the initial JavaScript as served (brotli). */
const WEB_TARGETS = { loginKb: 180, homeKb: 200 };
/** Issue 10's targets for the authenticated reads. */
const READ_TARGETS = { ratio: 0.5, p99Ms: 10, rssMb: 300 };
/** Members added straight into the PostgreSQL bench database, so lists and indexes have rows. */
const FILLER_MEMBERS = 2_000;
/** Generated members of the member-directory section (seed:large); fewer for quick iterations. */
/** How many members' names the "members nobody read" row starts its pages after (random). */
const DIRECTORY_SPREAD_KEYS = 20_000;
const DIRECTORY_MEMBERS = Number(process.env.BENCH_DIRECTORY_MEMBERS ?? 100_000);
/** Generated posts in the same database (step 7: the feed and the post page); 0 leaves them out. */
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
/** The connection counts the member directory is measured at (each with its own baseline). */
/** BENCH_DIRECTORY_CONNECTIONS=8 (with BENCH_QUICK=1): only those connection counts. */
const DIRECTORY_CONNECTIONS =
  QUICK && process.env.BENCH_DIRECTORY_CONNECTIONS
    ? process.env.BENCH_DIRECTORY_CONNECTIONS.split(',').map(Number)
    : [8, 50];
/**
 * BENCH_DIRECTORY_DATABASE=<url> (with BENCH_QUICK=1): a database seed:large already filled, used
 * as it is and kept, so working on one directory row does not reseed every run.
 */
const DIRECTORY_DATABASE = QUICK ? process.env.BENCH_DIRECTORY_DATABASE : undefined;
/** Step 6's targets for the member list and search, at 8 connections. */
const DIRECTORY_TARGETS = { ratio: 0.4, p99Ms: 25, connections: 8 };
/** The inbox (step 8): an absolute target, at 8 connections (the incumbent answers ~16 req/s). */
const INBOX_TARGETS = { rps: 1_500, p99Ms: 25, connections: 8, conversations: 40 };

// The web app's viewer query (VIEWER_QUERY of packages/contract/src/graphql.ts).
const USER_FIELDS = `id databaseId nickname username jwtAuthExpiration capabilities email roles
  avatar { url } completedSetup extendedProfile { databaseId name value { raw } }`;
const VIEWER_BODY = JSON.stringify({ query: `query Viewer { viewer { ${USER_FIELDS} } }` });
// Another member's profile, as a profile page reads it.
const USER_QUERY = `query User($id: ID!) { user(id: $id) { id databaseId nickname username avatar { url }
  roles description area memberTypes mentionName registeredDate lastActivity completedSetup
  extendedProfile { databaseId name value { raw } } isFriend totalFriendCount } }`;
// The login mutation of packages/contract/src/graphql.ts (LOGIN_MUTATION), reduced to what we need.
const LOGIN_MUTATION = `mutation Login($input: LoginInput!) {
  login(input: $input) { authToken clientMutationId }
}`;

// The script must always end, whatever hangs.
setTimeout(() => {
  console.error(`bench: watchdog fired after ${WATCHDOG_MS / 60_000} min, giving up`);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
}, WATCHDOG_MS).unref();

/** Signs a member up exactly as the web app does, and logs in; returns the auth token. */
async function createMember(baseUrl) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Bench-${randomBytes(9).toString('base64url')}-9!`;
  const json = { 'content-type': 'application/json' };

  const config = await fetchJson(`${baseUrl}/config.json`);
  if (config.status !== 200) throw new Error(`GET /config.json → ${config.status}`);

  const sent = await fetchJson(`${baseUrl}/api/send2facode`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  });
  if (sent.status !== 200) {
    throw new Error(`send2facode → ${sent.status} ${JSON.stringify(sent.body)}`);
  }

  let code;
  for (let attempt = 0; attempt < 40 && !code; attempt += 1) {
    const mail = await fetchJson(`${baseUrl}/dev/mail.json`);
    const entries = Array.isArray(mail.body) ? mail.body : [];
    const entry = entries.find((m) => [m.to].flat().join(',').includes(email));
    code = entry?.text?.match(/\b(\d{6})\b/)?.[1];
    if (!code) await sleep(250);
  }
  if (!code) throw new Error(`no code mailed to ${email} in /dev/mail.json`);

  const validated = await fetchJson(`${baseUrl}/api/validate2facode`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code, is_reset_password: false }),
  });
  if (validated.status !== 200) {
    throw new Error(`validate2facode → ${validated.status} ${JSON.stringify(validated.body)}`);
  }

  const registered = await fetchJson(`${baseUrl}/api/registeruser`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${config.body.registerToken}` },
    body: JSON.stringify({ email, password, type: 'regular' }),
  });
  if (registered.status !== 200) {
    throw new Error(`registeruser → ${registered.status} ${JSON.stringify(registered.body)}`);
  }

  const login = await fetchJson(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      query: LOGIN_MUTATION,
      variables: { input: { username: email, password, clientMutationId: 'bench' } },
    }),
  });
  const token = login.body?.data?.login?.authToken;
  if (!token) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);

  const viewer = await fetchJson(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: VIEWER_BODY,
  });
  if (viewer.body?.data?.viewer?.email !== email) {
    throw new Error(`viewer check failed: ${viewer.status} ${JSON.stringify(viewer.body)}`);
  }
  return { token, id: viewer.body.data.viewer.databaseId };
}

/** Adds plain members straight into the database (the bench member stays the one signed in). */
async function addFillerMembers(databaseUrl) {
  const { Client } = requireFromServer('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (email, username, nickname, password_hash)
       SELECT 'filler-' || n || '@example.com', 'filler-' || n, 'Filler ' || n, 'x'
       FROM generate_series(1, $1::int) AS n`,
      [FILLER_MEMBERS],
    );
    await client.query('ANALYZE users');
  } finally {
    await client.end();
  }
}

async function benchEngine(label, extraEnv, { measureWeb = false, databaseUrl } = {}) {
  console.log(`\n[${label}] starting server`);
  const server = await startServer(extraEnv);
  try {
    console.log(`[${label}] creating two members through the public API`);
    const { token } = await createMember(server.baseUrl);
    const other = await createMember(server.baseUrl);
    if (databaseUrl) await addFillerMembers(databaseUrl);
    console.log(
      `[${label}] measuring (${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s, ${CONNECTIONS} connections)`,
    );
    const rows = [];
    if (databaseUrl) {
      const baseline = await startBaseline(databaseUrl);
      try {
        rows.push({
          ...(await measure('baseline: bare Fastify + pg, one LIMIT 20 query', {
            url: baseline.url,
          })),
          baseline: true,
        });
      } finally {
        await baseline.stop();
      }
    }
    rows.push({
      ...(await measure('GET /healthz', { url: `${server.baseUrl}/healthz` })),
      reference: true,
    });
    const auth = { authorization: `Bearer ${token}` };
    const graphql = (body) => ({
      url: `${server.baseUrl}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body,
    });
    rows.push({ ...(await measure('GraphQL viewer', graphql(VIEWER_BODY))), read: true });
    rows.push({
      ...(await measure(
        'GraphQL user(id) (another member)',
        graphql(JSON.stringify({ query: USER_QUERY, variables: { id: String(other.id) } })),
      )),
      read: true,
    });
    rows.push({
      ...(await measure('GET /api/fetch-user', {
        url: `${server.baseUrl}/api/fetch-user`,
        headers: auth,
      })),
      read: true,
    });
    rows.push({
      ...(await measure('GET /api/notifications/preferences', {
        url: `${server.baseUrl}/api/notifications/preferences`,
        headers: auth,
      })),
      read: true,
    });
    const rss = rssMb(server.child.pid);
    console.log(`  server RSS after the bench: ${rss?.toFixed(0) ?? 'n/a'} MB`);
    let web;
    let slow;
    if (measureWeb) {
      console.log(
        `[${label}] measuring the initial JavaScript of the login page and the logged home`,
      );
      const { body: config } = await fetchJson(`${server.baseUrl}/config.json`);
      const { body: demo } = await fetchJson(`${server.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: LOGIN_MUTATION,
          variables: { input: { username: 'member', password: 'attune-demo-2026' } },
        }),
      });
      web = await measureInitialJs(server.baseUrl, {
        authCookieName: config.authCookieName,
        authToken: demo.data.login.authToken,
      });
      console.log(
        `  login page: ${(web.login.br / 1024).toFixed(1)} KB brotli (${(web.login.gzip / 1024).toFixed(1)} KB gzip) in ${web.login.files} scripts`,
      );
      console.log(
        `  logged home: ${(web.home.br / 1024).toFixed(1)} KB brotli (${(web.home.gzip / 1024).toFixed(1)} KB gzip) in ${web.home.files} scripts (${web.home.finalUrl})`,
      );
      console.log(`[${label}] loading /en/login cold on the slow phone profile`);
      slow = await measureSlowLogin(server.baseUrl);
      console.log(
        `  first contentful paint ${(slow.fcp / 1000).toFixed(2)} s, form usable ${(slow.formUsable / 1000).toFixed(2)} s`,
      );
    }
    return { label, rows: rows.filter((row) => !row.skipped), rss, web, slow };
  } catch (error) {
    console.error(
      `[${label}] failed: ${error.message}\n--- server log (tail) ---\n${server.log()}`,
    );
    return { label, error: error.message.split('\n')[0] };
  } finally {
    await stopServer(server);
  }
}

/** The bench member's profile in the directory section: a Spanish CI user, as many members are. */
const DIRECTORY_PROFILE = {
  firstName: 'José',
  lastName: 'Bench',
  country: 'ES',
  region: 'Madrid',
  deviceType: 'cochlear-implant',
  hearingAidType: 'none',
  stage: 'experienced',
  speakingLanguages: 'es,en',
  interests: 'music,travel,languages',
  completedSetup: 'yes',
};
/** Accepted connections the bench member gets among the generated members (their circle). */
const DIRECTORY_FRIENDS = 12;

/** The contract's current health-consent version (packages/contract/src/profile.ts), sent as the web form does. */
function healthConsentVersion() {
  const source = readFileSync(join(ROOT, 'packages/contract/src/profile.ts'), 'utf8');
  const version = /HEALTH_CONSENT_VERSION = '([^']+)'/.exec(source)?.[1];
  if (!version) throw new Error('HEALTH_CONSENT_VERSION not found in the contract');
  return version;
}

/**
 * The directory requests of one case: the first page and the pages after it by `nextCursor`, as a
 * member scrolling the list reads them (at most `pages`); autocannon cycles through them.
 */
async function directoryPages(baseUrl, auth, path, query, pages) {
  const requests = [];
  const cursors = [];
  let cursor = null;
  for (let page = 0; page < pages; page += 1) {
    const params = new URLSearchParams(query);
    if (cursor) params.set('cursor', cursor);
    const pathAndQuery = params.size > 0 ? `${path}?${params}` : path;
    const { status, body } = await fetchJson(`${baseUrl}${pathAndQuery}`, { headers: auth });
    if (status !== 200) throw new Error(`GET ${pathAndQuery} → ${status} ${JSON.stringify(body)}`);
    if (page === 0 && !(body.items?.length > 0)) throw new Error(`GET ${pathAndQuery}: no members`);
    requests.push({ method: 'GET', path: pathAndQuery });
    cursor = body.nextCursor;
    if (!cursor) break;
    cursors.push(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  }
  return { requests, cursors };
}

/**
 * Pages nobody read before, for the "first read" rows: each request starts at one of the case's
 * real cursors with its id part moved by a random amount, so it lands on that page's members
 * (or a few after them) while no two requests share a cache key.
 */
function firstReadRequests(path, query, cursors) {
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const [key, id] = cursors[Math.floor(Math.random() * cursors.length)];
        const moved = id + 1 + Math.floor(Math.random() * 1_000_000_000);
        const params = new URLSearchParams(query);
        params.set('cursor', Buffer.from(JSON.stringify([key, moved])).toString('base64url'));
        return { ...request, path: `${path}?${params}` };
      },
    },
  ];
}

/**
 * The member directory on PostgreSQL at scale: a fresh database filled by seed:large, a member
 * signed up through the API with a realistic profile and a few connections, then the list, the
 * search, a country + device filter, a broad comma-list filter and suggestions, each at every
 * DIRECTORY_CONNECTIONS count, with the one-query baseline measured at the same counts.
 */
async function benchDirectory(databaseUrl, { seeded = false } = {}) {
  const label = `PostgreSQL: member directory (${DIRECTORY_MEMBERS.toLocaleString('en')} members)${
    POSTS > 0 ? ` and posts (${POSTS.toLocaleString('en')})` : ''
  }`;
  console.log(`\n[${label}] ${seeded ? 'on a seeded database' : 'seeding with seed:large'}`);
  const seed = seeded
    ? { seconds: 0, summary: 'seeded before (BENCH_DIRECTORY_DATABASE)' }
    : await seedLarge(databaseUrl, { members: DIRECTORY_MEMBERS, posts: POSTS });
  console.log(`  ${seed.summary} (${seed.seconds.toFixed(1)} s with start-up)`);
  const server = await startServer({ DATABASE_URL: databaseUrl });
  try {
    const { token, id } = await createMember(server.baseUrl);
    const auth = { authorization: `Bearer ${token}` };
    const saved = await fetchJson(`${server.baseUrl}/api/update-profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({
        nickname: `José Bench ${id}`,
        ...DIRECTORY_PROFILE,
        healthConsent: { accepted: true, version: healthConsentVersion() },
      }),
    });
    if (saved.status !== 200) {
      throw new Error(`update-profile → ${saved.status} ${JSON.stringify(saved.body)}`);
    }
    const { Client } = requireFromServer('pg');
    const client = new Client({ connectionString: databaseUrl });
    /** The public groups' ids (step 7: the group page's reads). */
    let publicGroups = [];
    let readablePosts = [];
    await client.connect();
    try {
      await client.query(
        `INSERT INTO friendships (requester_id, addressee_id, status, accepted_at)
         SELECT $1::int, id, 'accepted', now() FROM users WHERE email LIKE '%@seed.invalid'
         ORDER BY id LIMIT $2::int`,
        [id, DIRECTORY_FRIENDS],
      );
      // Step 7: the member is in three public groups too (their posts join the feed), and the
      // group page reads random public groups' posts.
      if (POSTS > 0) {
        await client.query(
          `INSERT INTO group_members (group_id, user_id, status)
           SELECT id, $1::int, 'active' FROM groups WHERE status = 'public' ORDER BY id LIMIT 3`,
          [id],
        );
        publicGroups = (
          await client.query(`SELECT id FROM groups WHERE status = 'public' ORDER BY id`)
        ).rows.map((row) => row.id);
        // Posts any member may read (in no group, or in a public one): the post page's reads.
        readablePosts = (
          await client.query(
            `SELECT p.id FROM posts p LEFT JOIN groups g ON g.id = p.group_id
             WHERE p.id % 37 = 0 AND (p.group_id IS NULL OR g.status = 'public')`,
          )
        ).rows.map((row) => row.id);
      }
      // Step 8: the member's conversations with generated members, five messages each, every
      // other one with two unread (what the inbox reads).
      const { rows: partners } = await client.query(
        `SELECT id FROM users WHERE email LIKE '%@seed.invalid' ORDER BY id OFFSET 1000 LIMIT $1::int`,
        [INBOX_TARGETS.conversations],
      );
      for (const [index, { id: partner }] of partners.entries()) {
        const {
          rows: [thread],
        } = await client.query(`INSERT INTO chat_threads (pair_key) VALUES ($1) RETURNING id`, [
          `${Math.min(id, partner)}:${Math.max(id, partner)}`,
        ]);
        const { rows: messages } = await client.query(
          `INSERT INTO chat_messages (thread_id, sender_id, body)
           SELECT $1::int, CASE WHEN n % 2 = 0 THEN $2::int ELSE $3::int END, 'Message ' || n
           FROM generate_series(1, 5) n RETURNING id`,
          [thread.id, id, partner],
        );
        const last = Math.max(...messages.map((row) => row.id));
        const unread = index % 2 === 0 ? 2 : 0;
        await client.query(
          `INSERT INTO chat_participants (thread_id, user_id, last_message_id, last_read_message_id,
             unread_count, has_written)
           VALUES ($1, $2, $3, $4, $5, true), ($1, $6, $3, $3, 0, true)`,
          [thread.id, id, last, unread ? last - unread : last, unread, partner],
        );
      }
      await client.query('VACUUM (ANALYZE) chat_participants, chat_messages, chat_threads');
    } finally {
      await client.end();
    }

    const list = '/api/connection/list-users';
    const cases = [
      { name: `GET ${list}, pages 1–5`, query: {}, pages: 5, target: true },
      {
        name: `GET ${list}?search=jose, pages 1–3`,
        query: { search: 'jose' },
        pages: 3,
        target: true,
      },
      {
        name: `GET ${list}?country=ES&deviceType=cochlear-implant, pages 1–3`,
        query: { country: 'ES', deviceType: 'cochlear-implant' },
        pages: 3,
        target: true,
      },
      {
        name: `GET ${list}?speakingLanguages=en,de,es, pages 1–3`,
        query: { speakingLanguages: 'en,de,es' },
        pages: 3,
        target: true,
      },
      { name: 'GET /api/connection/suggestions', path: '/api/connection/suggestions', pages: 1 },
    ];
    for (const item of [...cases]) {
      const { requests, cursors } = await directoryPages(
        server.baseUrl,
        auth,
        item.path ?? list,
        item.query ?? {},
        item.pages,
      );
      item.requests = requests;
      // A searched case of pages 1–3 with no next page means the data or the statement is wrong
      // (a run once read country + device as one short page): say so instead of leaving out its
      // first reads.
      if (item.pages > 1 && cursors.length === 0)
        throw new Error(`${item.name}: the first page has no next page`);
      // The same search read from a page this reader has not read in the last seconds: what the
      // directory cache cannot answer (suggestions have no pages: every read is the same one).
      if (cursors.length > 0)
        cases.push({
          ...item,
          name: `${item.name.replace(/, pages .*$/, '')}, first reads (random later pages)`,
          requests: firstReadRequests(item.path ?? list, item.query ?? {}, cursors),
        });
    }

    // Pages anywhere in the directory: each request starts after a random member's name (of
    // DIRECTORY_SPREAD_KEYS spread over all of them), so its members are rarely ones another read
    // in the last seconds and their entries must be read and presented (decision 0035).
    {
      const { Client } = requireFromServer('pg');
      const keysClient = new Client({ connectionString: databaseUrl });
      await keysClient.connect();
      try {
        const { rows: sample } = await keysClient.query(
          `select lower(nickname) as key, id from users where nickname <> ''
           order by random() limit $1::int`,
          [DIRECTORY_SPREAD_KEYS],
        );
        cases.push({
          name: `GET ${list}, first reads of members nobody read (random pages of the whole list)`,
          target: true,
          requests: firstReadRequests(
            list,
            {},
            sample.map((row) => [row.key, row.id]),
          ),
        });
      } finally {
        await keysClient.end();
      }
    }

    // Step 7: the member's feed (their own posts, their 12 connections' and staff's; nothing is
    // kept in memory, so every read is a first read), from its first page and from random later
    // ones, and a random post's page by its slug.
    if (POSTS > 0) {
      const feed = await fetchJson(`${server.baseUrl}/api/posts/feed`, { headers: auth });
      if (feed.status !== 200 || !(feed.body.items?.length > 0))
        throw new Error(
          `GET /api/posts/feed → ${feed.status} ${JSON.stringify(feed.body).slice(0, 200)}`,
        );
      const post = await fetchJson(`${server.baseUrl}/api/posts/slug/seed-post-1`, {
        headers: auth,
      });
      if (post.status !== 200) throw new Error(`GET /api/posts/slug/seed-post-1 → ${post.status}`);
      const groupPage = await fetchJson(
        `${server.baseUrl}/api/group/posts?groupId=${publicGroups[0]}`,
        { headers: auth },
      );
      if (groupPage.status !== 200) throw new Error(`GET /api/group/posts → ${groupPage.status}`);
      const randomPost = () => 1 + Math.floor(Math.random() * POSTS);
      cases.push(
        {
          name: 'GET /api/posts/feed, first page',
          target: true,
          requests: [{ method: 'GET', path: '/api/posts/feed' }],
        },
        {
          name: 'GET /api/posts/feed, later pages (random cursors)',
          target: true,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => ({
                ...request,
                path: `/api/posts/feed?cursor=${Buffer.from(String(randomPost())).toString('base64url')}`,
              }),
            },
          ],
        },
        {
          name: 'GET /api/group/posts, group page (random public groups)',
          target: true,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => ({
                ...request,
                path: `/api/group/posts?groupId=${
                  publicGroups[Math.floor(Math.random() * publicGroups.length)]
                }`,
              }),
            },
          ],
        },
        {
          name: 'GET /api/posts/slug/{slug}, post page (random posts)',
          target: true,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => ({
                ...request,
                path: `/api/posts/slug/seed-post-${
                  readablePosts[Math.floor(Math.random() * readablePosts.length)]
                }`,
              }),
            },
          ],
        },
      );
    }

    // Step 8: the inbox, its first page and its second (by the first's cursor).
    const inbox = await fetchJson(`${server.baseUrl}/api/messages`, { headers: auth });
    if (inbox.status !== 200 || inbox.body.items?.length !== 10 || !inbox.body.nextCursor)
      throw new Error(
        `GET /api/messages → ${inbox.status} ${JSON.stringify(inbox.body).slice(0, 200)}`,
      );
    cases.push(
      {
        name: `GET /api/messages, inbox first page (10 of ${INBOX_TARGETS.conversations} conversations)`,
        inbox: true,
        requests: [{ method: 'GET', path: '/api/messages' }],
      },
      {
        name: 'GET /api/messages?cursor=, inbox second page',
        inbox: true,
        requests: [{ method: 'GET', path: `/api/messages?cursor=${inbox.body.nextCursor}` }],
      },
    );

    const rows = [];
    for (const connections of DIRECTORY_CONNECTIONS) {
      console.log(
        `[${label}] measuring at ${connections} connections (${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s)`,
      );
      // The baseline before and after the cases: each row is compared with the mean of the two.
      const baselineRow = async (when) => {
        const baseline = await startBaseline(databaseUrl);
        try {
          rows.push({
            ...(await measure(
              `baseline (${when}): bare Fastify + pg, one prepared LIMIT 20 query`,
              {
                url: baseline.url,
                connections,
              },
            )),
            baseline: true,
          });
        } finally {
          await baseline.stop();
        }
      };
      await baselineRow('before');
      for (const item of cases) {
        // Every case is read by the one bench member, mostly from what the server kept of its
        // earlier reads: reported, never counted towards a target (issue 39).
        rows.push({
          ...(await measure(`${item.name}, one repeating reader`, {
            url: server.baseUrl,
            headers: auth,
            requests: item.requests,
            connections,
          })),
          oneReader: true,
        });
      }
      await baselineRow('after');
    }
    return { label, rows: rows.filter((row) => !row.skipped), seed };
  } catch (error) {
    console.error(
      `[${label}] failed: ${error.message}\n--- server log (tail) ---\n${server.log()}`,
    );
    return { label, error: error.message.split('\n')[0], seed };
  } finally {
    await stopServer(server);
  }
}

/** The member-directory section: each row compared with the baseline of its connection count. */
function directorySection({ label, rows, seed, error }) {
  const lines = [`## ${label}`, ''];
  if (seed) {
    lines.push(
      `Seeded in ${seed.seconds.toFixed(1)} s by \`seed:large\` (COPY, migrations and start-up included): ${seed.summary.replace(/^seed:large: /, '')}.`,
      '',
    );
  }
  if (error) {
    lines.push(`Failed: ${error}`, '');
    return lines.join('\n');
  }
  const baselines = new Map();
  for (const row of rows.filter((r) => r.baseline))
    baselines.set(row.connections, [...(baselines.get(row.connections) ?? []), row.rps]);
  const meanBaseline = (connections) => {
    const measured = baselines.get(connections) ?? [];
    return measured.reduce((sum, rps) => sum + rps, 0) / measured.length;
  };
  lines.push(
    'Ratio: req/s divided by the mean of the bare Fastify + pg route measured before and after the rows on the same database at the same number of connections. Every row here is read by one member, largely from what the server kept of its earlier reads: it is labelled **one repeating reader** and counts towards no target (issue 39; the many-member section measures real traffic).',
    '',
    ...readsTable(rows, {
      referenceOf: (row) => meanBaseline(row.connections),
      targetOf: (row) => (row.oneReader ? 'not counted (one repeating reader)' : '—'),
      targetLabel: `earlier steps' targets, ${DIRECTORY_TARGETS.connections} connections: ≥ ${DIRECTORY_TARGETS.ratio}×, p99 ≤ ${DIRECTORY_TARGETS.p99Ms} ms; the inbox ≥ ${INBOX_TARGETS.rps.toLocaleString('en')} req/s, p99 ≤ ${INBOX_TARGETS.p99Ms} ms`,
    }),
    '',
  );
  return lines.join('\n');
}

/** The baseline of this run: the bare Fastify + pg route when PostgreSQL ran, else /healthz. */
function baselineOf(results) {
  for (const result of results) {
    const row = result.rows?.find((r) => r.baseline);
    if (row) return { rps: row.rps, name: 'the bare Fastify + pg route (PostgreSQL)' };
  }
  return null;
}

const verdict = (ok) => (ok ? 'met' : '**not met**');

/**
 * A section's measured rows as one table: req/s, p50, p99, the ratio to the baseline of the same
 * connection count (`referenceOf(row)`, req/s) and the verdict of `targetOf(row, ratio)` ('—'
 * where no target applies), headed `targetLabel`.
 */
function readsTable(rows, { referenceOf, targetOf, targetLabel }) {
  const lines = [
    `| endpoint | connections | req/s | p50 ms | p99 ms | ratio | target (${targetLabel}) | CPU µs per answer | non-2xx | errors |`,
    '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const row of rows) {
    const ratio = row.rps / referenceOf(row);
    lines.push(
      `| ${row.name} | ${row.connections} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${ratio.toFixed(2)} | ${targetOf(row, ratio)} | ${row.cpuPerAnswer ?? '—'} | ${row.non2xx} | ${row.errors} |`,
    );
  }
  return lines;
}

function engineSection({ label, rows, rss, error }, baseline) {
  const lines = [`## ${label}`, ''];
  if (error) {
    lines.push(`Failed: ${error}`, '');
    return lines.join('\n');
  }
  const reference = baseline ?? {
    rps: rows.find((r) => r.reference).rps,
    name: 'GET /healthz (no PostgreSQL in this run)',
  };
  lines.push(`Ratio: req/s divided by ${reference.name}.`, '');
  lines.push(
    ...readsTable(rows, {
      referenceOf: () => reference.rps,
      targetOf: (row, ratio) =>
        row.read
          ? verdict(
              ratio >= READ_TARGETS.ratio && row.p99 <= READ_TARGETS.p99Ms && row.non2xx === 0,
            )
          : '—',
      targetLabel: `≥ ${READ_TARGETS.ratio}×, p99 ≤ ${READ_TARGETS.p99Ms} ms`,
    }),
  );
  lines.push('');
  lines.push(
    rss === null
      ? 'Server RSS after the bench: not measured (no /proc).'
      : `Server RSS after the bench: ${rss.toFixed(0)} MB (target ≤ ${READ_TARGETS.rssMb} MB: ${verdict(rss <= READ_TARGETS.rssMb)}).`,
  );
  lines.push('');
  return lines.join('\n');
}

/** Marks a section of docs/BENCHMARKS.md measured once (not by this script), which a rerun keeps. */
const KEPT_MARKER = '<!-- measured once: kept by npm run bench -->';

/** The sections of the current docs/BENCHMARKS.md that carry KEPT_MARKER. */
function keptSections() {
  if (!existsSync(OUTPUT)) return [];
  return readFileSync(OUTPUT, 'utf8')
    .split('<!-- section -->')
    .map((section) => section.trim())
    .filter((section) => section.startsWith(KEPT_MARKER));
}

if (!existsSync(SERVER_ENTRY)) {
  console.error(`bench: ${SERVER_ENTRY} is missing; run \`npm run build\` first`);
  process.exit(1);
}

const results = [];
if (runs('pglite') && (!ENGINES || ENGINES.includes('pglite'))) {
  results.push(await benchEngine('PGlite (embedded)', {}, { measureWeb: !QUICK }));
}
if (
  process.env.TEST_DATABASE_URL &&
  runs('postgres') &&
  (!ENGINES || ENGINES.includes('postgres'))
) {
  try {
    results.push(
      await withPostgresDatabase((databaseUrl) =>
        benchEngine('PostgreSQL', { DATABASE_URL: databaseUrl }, { databaseUrl }),
      ),
    );
  } catch (error) {
    results.push({ label: 'PostgreSQL', error: error.message });
  }
}

let directory;
let live;
if (
  process.env.TEST_DATABASE_URL &&
  runs('directory') &&
  (!ENGINES || ENGINES.includes('postgres') || ENGINES.includes('directory'))
) {
  try {
    // The live bench (step 8) uses the same seeded database, after the directory's reads.
    const both = async (databaseUrl, seeded) => {
      const found = await benchDirectory(databaseUrl, { seeded });
      if (!ONLY || ONLY.includes('live'))
        live = await benchLive({
          databaseUrl,
          redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
          startServer,
          stopServer,
          rssMb,
          fetchJson,
          requireFromServer,
        });
      return found;
    };
    directory = DIRECTORY_DATABASE
      ? await both(DIRECTORY_DATABASE, true)
      : await withPostgresDatabase((url) => both(url, false));
  } catch (error) {
    directory = { label: 'PostgreSQL: member directory', error: error.message.split('\n')[0] };
  }
}

// Issue 39: real traffic from many members, on databases of its own (scripts/bench-members.mjs).
let members;
if (
  (process.env.TEST_DATABASE_URL || (QUICK && process.env.BENCH_MEMBERS_DATABASE)) &&
  runs('members')
) {
  try {
    members = await benchMembers({ directoryMembers: DIRECTORY_MEMBERS });
  } catch (error) {
    members = { sizes: [{ label: 'many members', error: error.message.split('\n')[0] }] };
    members.error = members.sizes[0].error;
  }
}

const cpus = os.cpus();
const sections = [
  [
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench` (scripts/bench.mjs); do not edit by hand: rerun it. -->',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpus.length} cores, ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}`,
    `- Node: ${process.version}`,
    `- Method: the built server (\`node apps/server/dist/main.js\`, LOG_LEVEL=warn, local mode, in-process rate limits and pub/sub) on loopback; autocannon in the same process as this script with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, then ${DURATION_SECONDS} s measured. req/s is the average over the measured run. The client shares the ${cpus.length} cores with the server, so absolute numbers are lower than on a separate load machine.`,
    `- Baseline (PostgreSQL runs): \`scripts/bench-baseline.mjs\`, a bare Fastify route in its own process running \`SELECT id, nickname, username, avatar_url FROM users ORDER BY id LIMIT 20\` as a prepared (named) statement through \`pg\` (pool of 10) on the same database, measured in the same run; the PostgreSQL database also holds ${FILLER_MEMBERS} filler members. PGlite's reads are compared with the same PostgreSQL baseline (the embedded engine is the one to beat it with), or with GET /healthz when PostgreSQL did not run.`,
    `- Authenticated reads, each with the Bearer token of a member created through send2facode → validate2facode → registeruser → login: GraphQL \`viewer\` (the web app's VIEWER_QUERY), GraphQL \`user(id)\` of a second member (profile fields, extended profile, friend status and count), \`GET /api/fetch-user\`, \`GET /api/notifications/preferences\`. Targets (issue 10): each ≥ ${READ_TARGETS.ratio}× the baseline at 8 connections with p99 ≤ ${READ_TARGETS.p99Ms} ms; server RSS after the bench ≤ ${READ_TARGETS.rssMb} MB.`,
    `- Member directory (PostgreSQL, step 6): a fresh database filled by \`seed:large\` (apps/server/scripts/seed-large.ts: COPY, multilingual names with accents, skewed countries and devices, mixed visibility, about two connections or requests per member; BENCH_DIRECTORY_MEMBERS, here ${DIRECTORY_MEMBERS.toLocaleString('en')}), its seeding time noted; a member signed up as above, with a profile saved through \`PUT /api/update-profile\` (${Object.entries(
      DIRECTORY_PROFILE,
    )
      .map(([key, value]) => `${key} ${value}`)
      .join(
        ', ',
      )}) and ${DIRECTORY_FRIENDS} accepted connections among the generated members, reads \`GET /api/connection/list-users\` (no filter: the first five pages by \`nextCursor\`, cycled; \`search=jose\`, \`country=ES&deviceType=cochlear-implant\` and the broad comma list \`speakingLanguages=en,de,es\`: three pages each) and \`GET /api/connection/suggestions\`. The server keeps each reader's pages 15 s (decision 0033), so these cycled pages are answered from memory after their first read; each search case is therefore measured a second time as **first reads**: every request starts at one of the case's real cursors with its id moved at random, so it lands on those members while no two requests share a cache key (what a page costs when nobody read it in the last seconds: its statement runs and its members' stored entries are read anew, decision 0061; the reader's relations, read with their first page, are kept between their pages as for any member paging through, decision 0063, and so are their connections who match a filter, decision 0064). One more list row, **first reads of members nobody read**, starts each page after a random one of ${DIRECTORY_SPREAD_KEYS.toLocaleString('en')} members' names spread over the whole list, so its members' entries are mostly read anew from the database's pages. The same database holds ${POSTS.toLocaleString('en')} generated posts and questions (\`seed:large --posts\`, by random members in their language; BENCH_POSTS): with one group per 100 members (most public, some private, a few hidden; each member in up to three; a sixth of the posts in them): the member's feed (\`GET /api/posts/feed\`, their own, their connections', their three groups' and staff's posts; no page is kept in memory) from its first page and from random later cursors, a random public group's page (\`GET /api/group/posts?groupId=\`), and a random post's page (\`GET /api/posts/slug/seed-post-N\`, among posts any member may read). All at ${DIRECTORY_CONNECTIONS.join(' and ')} connections, with the baseline route measured on the same database before and after the rows at each count. p50 and p99 are autocannon's latency percentiles. Every row of this section is read by that one member, so it is labelled **one repeating reader** and no longer counts towards the targets of steps 6–8 (the list, the searches, the feed, the group page and the post page ≥ ${DIRECTORY_TARGETS.ratio}× the baseline with p99 ≤ ${DIRECTORY_TARGETS.p99Ms} ms at ${DIRECTORY_TARGETS.connections} connections); the many-member section measures those reads from many members (issue 39).`,
    "- CPU µs per answer: the machine's busy CPU time during the measured run (`/proc/stat`: user, nice, system, irq, softirq), less what the bench process itself spent (autocannon runs in it), divided by the answers: what the server (or the baseline route) and the database spent on one answer. Req/s moves with whatever else the machine does at that moment; CPU per answer much less, so a change is judged by both.",
    '',
  ].join('\n'),
  ...results.map((result) => engineSection(result, baselineOf(results))),
  ...(directory ? [directorySection(directory)] : []),
  ...(live ? [liveSection(live)] : []),
  ...(members ? [membersSection(members)] : []),
  ...results.filter((r) => r.web).map((r) => webSection(r.web, r.slow, WEB_TARGETS)),
  ...keptSections(),
];
// Later steps add their own sections to `sections` above; everything is rewritten on each run.
if (QUICK) {
  console.log(
    `\n${sections
      .slice(1, 1 + results.length + (directory ? 1 : 0) + (live ? 1 : 0) + (members ? 1 : 0))
      .join('\n')}`,
  );
} else {
  writeFileSync(OUTPUT, `${sections.join('\n<!-- section -->\n\n').trimEnd()}\n`);
  console.log(`\nbench: wrote ${OUTPUT}`);
}

const failed =
  results.some((r) => r.error) ||
  Boolean(directory?.error) ||
  Boolean(live?.error) ||
  Boolean(members?.error);
process.exit(failed ? 1 : 0);
