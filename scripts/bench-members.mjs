// The many-member section of `npm run bench` (issue 39): real traffic instead of one member
// repeating the same reads. On a PostgreSQL filled by seed:large (10 posts per member), the first
// LOGINS generated members that `seed:large --bench-passwords` opened log in through the GraphQL
// `login` mutation, and every request is sent by one of them with what that member would really
// send: their own feed's next page (each member follows their own cursors), 2–5-letter fragments of
// the generated first names, varied countries, devices and languages, their own groups, their own
// conversations. One row per read kind and per write kind, then "a member's day" (a weighted mix of
// all of them, MIX_WEIGHTS) at every size (10,000 and 100,000 members, and BENCH_DIRECTORY_MEMBERS
// when it asks for more), each in its own freshly seeded database. The baseline route
// (scripts/bench-baseline.mjs) is measured before and after each size's rows; a row is compared with
// the mean of the two. BENCH_CACHES=1 also measures the mix with each server cache switched off
// (ATTUNE_CACHES_OFF), one server start each.
//
// Quick form (with BENCH_QUICK=1 BENCH_SECTIONS=members): BENCH_MEMBERS_DATABASE=<url> measures an
// already seeded database and keeps it (the bench passwords are given if missing);
// BENCH_MEMBERS_GROWTH_DATABASE=<url> adds the mix on a second, smaller one for the growth ratio.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DURATION_SECONDS,
  QUICK,
  ROOT,
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

/**
 * Members who log in and send the traffic (issue 39: at least 1,000). 3,000 by default: a member
 * may post once every 5 s (POST_LIMITS), so 1,000 members could send at most 200 posts a second
 * without meeting that limit, and the write rows need more of them.
 */
const LOGINS = Math.max(1_000, Number(process.env.BENCH_MEMBERS_LOGINS ?? 3_000));
/** Logins in flight at once: the server's argon2 pool queues at most 64 and refuses beyond. */
const LOGIN_CONCURRENCY = 8;
/** Setup requests (first feed pages, first messages) in flight at once. */
const SETUP_CONCURRENCY = 8;
/** Posts seeded per member in the databases this section seeds. */
const POSTS_PER_MEMBER = 10;
/** The size every kind is measured at (the targets' size); the other sizes measure the mix only. */
const TARGET_MEMBERS = 100_000;
/** BENCH_MEMBERS_SIZES=10000,100000 (the default, plus BENCH_DIRECTORY_MEMBERS when larger). */
const SIZES = (process.env.BENCH_MEMBERS_SIZES ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((size) => size > 0);
const MEMBERS_DATABASE = QUICK ? process.env.BENCH_MEMBERS_DATABASE : undefined;
const GROWTH_DATABASE = QUICK ? process.env.BENCH_MEMBERS_GROWTH_DATABASE : undefined;
/** BENCH_CACHES=1: the mix once per cache switched off (one server start each: opt-in for time). */
const CACHES = process.env.BENCH_CACHES === '1' || process.env.BENCH_CACHES === 'ab';
/**
 * BENCH_CACHES=ab: the mix only, each cache off in turn with a run with every cache on before each
 * of its runs (on, off, on, off, on, off), so the machine's drift between runs, larger here than
 * most caches' effect, falls on both sides alike.
 */
const CACHES_AB = process.env.BENCH_CACHES === 'ab';
/** The names ATTUNE_CACHES_OFF understands (apps/server/src/lib/cache-switch.ts), then all at once. */
const CACHE_NAMES = ['cards', 'shapes', 'all'];
/**
 * The read kinds each cache serves, measured with it on and off besides the mix: a cache earns
 * its place by what it gains on the mix or on a read kind that misses its target without it.
 */
const CACHE_KINDS = {
  cards: ['feedFirst', 'postPage', 'groupPage'],
  shapes: ['feedLater', 'filters'],
  all: [],
};
/** Issue 39's targets: 8 connections, PostgreSQL, 100,000 members and 1,000,000 posts. */
export const MEMBERS_TARGETS = {
  connections: 8,
  mix: { ratio: 0.25, p99Ms: 50 },
  read: { ratio: 0.2, p99Ms: 50 },
  write: { ratio: 0.05, p99Ms: 100 },
  growth: 1.5,
  rssMb: 400,
};
/** Connection requests one member sends per server start: the server allows 30 an hour. */
const FRIEND_REQUEST_BUDGET = 25;

/**
 * A member's day: how often each kind comes up in 100 requests. Members of such communities mostly
 * read (about 90 %): the feed and the pages it leads to, the header's viewer and notification reads
 * on every page, the inbox; they write far less (about 10 %), mostly chat messages, then comments,
 * helpful marks and saves, rarely a post, a connection or a profile change.
 */
export const MIX_WEIGHTS = {
  viewer: 9,
  feedFirst: 15,
  feedLater: 10,
  postPage: 13,
  userGraphql: 4,
  userRest: 5,
  directory: 3,
  search: 3,
  filters: 2,
  suggestions: 2,
  groupPage: 6,
  inbox: 6,
  thread: 5,
  notifications: 7,
  chatMessage: 4.5,
  comment: 1.5,
  helpful: 1.5,
  save: 1,
  post: 0.5,
  connection: 0.5,
  profileUpdate: 0.5,
};

// Another member's profile as GraphQL `user` (the same fields as bench.mjs's profile row).
const USER_QUERY = `query User($id: ID!) { user(id: $id) { id databaseId nickname username avatar { url }
  roles description area memberTypes mentionName registeredDate lastActivity completedSetup
  extendedProfile { databaseId name value { raw } } isFriend totalFriendCount } }`;

/** A GraphQL document of packages/contract/src/graphql.ts, as the web app sends it. */
function contractDocument(name) {
  const source = readFileSync(join(ROOT, 'packages/contract/src/graphql.ts'), 'utf8');
  const fields = /const USER_FIELDS = `([^`]*)`/.exec(source)?.[1];
  const document = new RegExp(`export const ${name} = \`([^\`]*)\``).exec(source)?.[1];
  if (!fields || !document) throw new Error(`${name} not found in packages/contract`);
  return document.replace('${USER_FIELDS}', fields);
}

/** The password seed:large --bench-passwords gives (defined once, in seed-large.ts). */
function benchPassword() {
  const source = readFileSync(join(ROOT, 'apps/server/scripts/seed-large.ts'), 'utf8');
  const password = /BENCH_PASSWORD = '([^']+)'/.exec(source)?.[1];
  if (!password) throw new Error('BENCH_PASSWORD not found in apps/server/scripts/seed-large.ts');
  return password;
}

const INTERESTS = ['music', 'travel', 'sports', 'technology', 'reading', 'nature', 'cooking'];
const LANGUAGES = ['de', 'es', 'en', 'fr', 'pt', 'tr', 'pl', 'sv'];
const COUNTRIES = ['DE', 'ES', 'AT', 'CH', 'GB', 'US', 'MX', 'AR', 'CO', 'FR', 'PT', 'TR', 'PL'];
const DEVICES = ['cochlear-implant', 'hearing-aid', 'bimodal', 'bone-conduction', 'none'];
const STAGES = ['considering', 'first-year', 'experienced', 'family-member'];

const randomOf = (items) => items[Math.floor(Math.random() * items.length)];
const shuffled = (items) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};
const pairKey = (a, b) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** Runs `work` over `items`, at most `limit` at once; rejects on the first failure. */
async function eachLimited(items, limit, work) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index], index);
    }
  });
  await Promise.all(runners);
}

/**
 * Members who take turns: a rotation in a shuffled order, each member waiting `gapMs` between two
 * turns (and at most `budget` turns per server start), so no member passes the server's
 * per-member limits (one post every 5 s, ten comments a minute, 30 connection requests an hour):
 * a real member does not post every second, and a 429 here would measure the bench, not the server.
 */
function rotation(members, { gapMs = 0, budget = Infinity } = {}) {
  const order = shuffled(members);
  let index = 0;
  const nextAt = new Map();
  const used = new Map();
  return {
    size: order.length,
    next() {
      const now = Date.now();
      for (let tries = 0; tries < order.length; tries += 1) {
        const member = order[index % order.length];
        index += 1;
        if ((used.get(member) ?? 0) >= budget) continue;
        if ((nextAt.get(member) ?? 0) > now) continue;
        nextAt.set(member, now + gapMs);
        used.set(member, (used.get(member) ?? 0) + 1);
        return member;
      }
      // Every member is waiting: the row runs faster than the members may write. The member
      // whose turn it is writes anyway; the server's 429 counts as an error and says so.
      const member = order[index % order.length];
      index += 1;
      return member;
    },
    /** Turns counted against the budget start again (a new server forgot its limits). */
    reset() {
      used.clear();
      nextAt.clear();
    },
  };
}

/**
 * VACUUM (ANALYZE) of the whole database before a measured group: this machine's PostgreSQL runs
 * without autovacuum, so the dead rows every write row leaves (chat participants, the mail
 * outbox, saved posts) would otherwise make each later group slower than the one before, and the
 * cache-off runs would measure the order they ran in. A production server's autovacuum does the
 * same work in the background.
 */
async function tidy(databaseUrl) {
  const { Client } = requireFromServer('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

/**
 * Reads what the traffic needs from the database: the bench members (giving them their passwords
 * first when a reused database lacks them), their connections, blocks, groups and conversations,
 * posts any member may read, other members' profile addresses, comments to mark helpful, the
 * generated first names.
 */
async function loadWorld(databaseUrl) {
  const { Client } = requireFromServer('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const selectMembers = () =>
      client.query(
        `select id, username, locale, connection_requests_from as "requestsFrom" from users
         where lower(email) like '%@seed.invalid' and password_hash like '$argon2%'
           and suspended_at is null
         order by id limit $1::int`,
        [LOGINS],
      );
    let { rows: members } = await selectMembers();
    if (members.length < LOGINS) {
      console.log(`  giving ${LOGINS} generated members their bench password (seed:large)`);
      await seedLarge(databaseUrl, { members: 0, benchPasswords: LOGINS });
      ({ rows: members } = await selectMembers());
    }
    if (members.length < LOGINS)
      throw new Error(`only ${members.length} members with a bench password, ${LOGINS} needed`);
    const ids = members.map((member) => member.id);
    const {
      rows: [{ total }],
    } = await client.query(`select count(*)::int as total from users`);
    const {
      rows: [{ posts }],
    } = await client.query(`select count(*)::int as posts from posts`);

    const { rows: blocks } = await client.query(
      `select blocker_id as a, blocked_id as b from blocks`,
    );
    const blocked = new Set(blocks.map((row) => pairKey(row.a, row.b)));
    const anyBlock = new Set(blocks.flatMap((row) => [row.a, row.b]));

    // Every pair a bench member is in, whatever its state: connection requests go to others only.
    const { rows: pairs } = await client.query(
      `select requester_id as a, addressee_id as b, status, m.messages_from as "messagesFrom"
       from friendships f join users m on m.id = case when f.requester_id = any($1::int[])
         then f.addressee_id else f.requester_id end
       where f.requester_id = any($1::int[]) or f.addressee_id = any($1::int[])`,
      [ids],
    );
    const taken = new Set(pairs.map((row) => pairKey(row.a, row.b)));
    const byId = new Map(members.map((member) => [member.id, member]));
    for (const member of members) {
      member.friends = [];
      member.groups = [];
      member.threads = [];
      member.threadWith = new Map();
      member.saved = [];
    }
    for (const row of pairs) {
      if (row.status !== 'accepted' || blocked.has(pairKey(row.a, row.b))) continue;
      byId.get(row.a)?.friends.push(row.b);
      byId.get(row.b)?.friends.push(row.a);
    }

    const { rows: memberships } = await client.query(
      `select user_id as "userId", group_id as "groupId" from group_members
       where user_id = any($1::int[]) and status = 'active'`,
      [ids],
    );
    for (const row of memberships) byId.get(row.userId).groups.push(row.groupId);
    const publicGroups = (
      await client.query(`select id from groups where status = 'public' order by id`)
    ).rows.map((row) => row.id);

    const { rows: threads } = await client.query(
      `select p.user_id as "userId", p.thread_id as "threadId", o.user_id as other
       from chat_participants p join chat_participants o
         on o.thread_id = p.thread_id and o.user_id <> p.user_id
       where p.user_id = any($1::int[])`,
      [ids],
    );
    for (const row of threads) {
      const member = byId.get(row.userId);
      member.threads.push(row.threadId);
      member.threadWith.set(row.other, row.threadId);
    }

    // Posts any member may read (in no group or a public one, shown, by nobody in a block), spread
    // over all of them.
    const step = Math.max(1, Math.floor(posts / 30_000));
    const readable = (
      await client.query(
        `select p.id, p.slug from posts p left join groups g on g.id = p.group_id
         where p.id % $1::int = 0 and p.hidden_at is null
           and (p.group_id is null or g.status = 'public')
           and p.author_id not in (select blocker_id from blocks union select blocked_id from blocks)`,
        [step],
      )
    ).rows;

    // Other members' profiles: a random sample of generated members nobody blocked or was blocked by.
    const profiles = (
      await client.query(
        `select id, coalesce(nullif(nickname, ''), username) as address from users
         where lower(email) like '%@seed.invalid' and suspended_at is null
           and id not in (select blocker_id from blocks union select blocked_id from blocks)
         order by random() limit 20000`,
      )
    ).rows;

    const firstNames = (
      await client.query(`select distinct first_name as name from users where first_name <> ''`)
    ).rows.map((row) => row.name);

    const comments = (
      await client.query(
        `select c.id, c.author_id as "authorId" from comments c
         join posts p on p.id = c.post_id left join groups g on g.id = p.group_id
         where c.hidden_at is null and p.hidden_at is null
           and (p.group_id is null or g.status = 'public')
           and c.author_id not in (select blocker_id from blocks union select blocked_id from blocks)
           and p.author_id not in (select blocker_id from blocks union select blocked_id from blocks)
         order by c.id desc limit 5000`,
      )
    ).rows;

    return {
      total,
      posts,
      members,
      byId,
      blocked,
      anyBlock,
      taken,
      publicGroups,
      readable,
      profiles,
      firstNames,
      comments,
    };
  } finally {
    await client.end();
  }
}

/** Logs every bench member in through the GraphQL `login` mutation, a few at a time. */
async function logIn(baseUrl, world) {
  const document = contractDocument('LOGIN_MUTATION');
  const password = benchPassword();
  const started = Date.now();
  await eachLimited(world.members, LOGIN_CONCURRENCY, async (member) => {
    const { status, body } = await fetchJson(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: document,
        variables: {
          input: { username: member.username, password, clientMutationId: 'bench-members' },
        },
      }),
    });
    const token = body?.data?.login?.authToken;
    if (!token)
      throw new Error(
        `login of ${member.username}: ${status} ${JSON.stringify(body).slice(0, 300)}`,
      );
    member.token = token;
  });
  return (Date.now() - started) / 1000;
}

/** An authenticated JSON call of one member during setup; throws unless 2xx. */
async function call(baseUrl, member, method, path, body) {
  const { status, body: answer } = await fetchJson(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${member.token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (status < 200 || status >= 300)
    throw new Error(`${method} ${path} → ${status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/**
 * What members have before they browse, written through the API: a first message to one of their
 * connections (so inboxes and threads have something), a few comments to mark helpful, and each
 * member's feed cursor after the first page (where their "later page" reads start).
 */
async function prepareTraffic(baseUrl, world) {
  const started = Date.now();
  const writers = world.members.filter(
    (member) => member.threads.length === 0 && member.friends.length > 0,
  );
  await eachLimited(writers, SETUP_CONCURRENCY, async (member) => {
    const friend = randomOf(member.friends);
    const answer = await call(baseUrl, member, 'POST', '/api/social/messages', {
      recipients: [friend],
      message: `Hallo! ${randomBytes(3).toString('hex')}`,
    });
    member.threads.push(answer.thread_id);
    member.threadWith.set(friend, answer.thread_id);
  });
  if (world.comments.length < 300) {
    const commenters = shuffled(world.members).slice(0, 300 - world.comments.length);
    await eachLimited(commenters, SETUP_CONCURRENCY, async (member) => {
      const post = randomOf(world.readable);
      const answer = await call(baseUrl, member, 'POST', '/api/comments', {
        postId: post.id,
        content: `<p>Thanks for sharing, ${randomBytes(3).toString('hex')}!</p>`,
      });
      world.comments.push({ id: answer.id, authorId: member.id });
    });
  }
  await eachLimited(world.members, SETUP_CONCURRENCY, async (member) => {
    const page = await call(baseUrl, member, 'GET', '/api/posts/feed');
    member.firstCursor = page.nextCursor ?? null;
    member.feedCursor = member.firstCursor;
  });
  return (Date.now() - started) / 1000;
}

/** A search fragment as members type it: 2–5 letters of a first name, mostly its start. */
function nameFragment(names) {
  const letters = [...randomOf(names)];
  const length = Math.min(letters.length, 2 + Math.floor(Math.random() * 4));
  const start = Math.random() < 0.6 ? 0 : Math.floor(Math.random() * (letters.length - length + 1));
  const fragment = letters.slice(start, start + length).join('');
  return Math.random() < 0.5 ? fragment.toLowerCase() : fragment;
}

/** Directory filters as members combine them: a country, a device, languages, a stage. */
function directoryFilters() {
  const filters = {};
  const roll = Math.random();
  if (roll < 0.4) filters.country = randomOf(COUNTRIES);
  if (roll >= 0.25 && roll < 0.7) filters.deviceType = randomOf(DEVICES);
  if (roll >= 0.6)
    filters.speakingLanguages = shuffled(LANGUAGES)
      .slice(0, 1 + (roll > 0.85))
      .join(',');
  if (roll >= 0.9) filters.stage = randomOf(STAGES);
  return new URLSearchParams(filters).toString();
}

/**
 * The kinds of requests, each `build(context)` returning the member who sends it and the request,
 * and optionally `after(status, body, context)` learning from the answer (the next feed cursor, a
 * new thread, a connection request to answer).
 */
function defineKinds(world, viewerBody) {
  const { members } = world;
  const anyone = () => randomOf(members);
  const withThreads = members.filter((member) => member.threads.length > 0);
  const withFriends = members.filter((member) => member.friends.length > 0);
  const withCursors = members.filter((member) => member.firstCursor);
  const writers = {
    post: rotation(members, { gapMs: 5_500 }),
    comment: rotation(members, { gapMs: 6_500 }),
    chat: rotation(withFriends, { gapMs: 1_100 }),
  };
  const requested = new Map();
  /** Connection requests sent and answered 2xx, waiting for their addressee's answer. */
  const toAnswer = [];
  let answers = 0;
  const helpfulState = new Map();
  let sequence = 0;
  const unique = () => `${Date.now().toString(36)}-${(sequence += 1)}`;
  const json = (body) => JSON.stringify(body);
  const graphql = (body) => ({ method: 'POST', path: '/graphql', body, graphql: true });

  /** Two bench members with no connection, request or block between them either way. */
  function freshPair() {
    for (let tries = 0; tries < 1000; tries += 1) {
      const from = anyone();
      const to = anyone();
      if (from === to || to.requestsFrom !== 'everyone') continue;
      if ((requested.get(from) ?? 0) >= FRIEND_REQUEST_BUDGET) continue;
      const key = pairKey(from.id, to.id);
      if (world.taken.has(key) || world.blocked.has(key)) continue;
      world.taken.add(key);
      requested.set(from, (requested.get(from) ?? 0) + 1);
      return { from, to };
    }
    // Only when the row ran far past the members' budgets (a server answering nothing): this
    // pair's request is refused and counts as an error.
    return { from: members[0], to: members[1] };
  }

  const kinds = {
    viewer: {
      name: 'GraphQL viewer',
      read: true,
      build: () => ({ member: anyone(), ...graphql(viewerBody) }),
    },
    feedFirst: {
      name: 'feed, first page (GET /api/posts/feed)',
      read: true,
      build: () => ({ member: anyone(), method: 'GET', path: '/api/posts/feed' }),
    },
    feedLater: {
      name: "feed, the member's next page (their own cursors)",
      read: true,
      build: (context) => {
        const member = randomOf(withCursors) ?? anyone();
        context.feedMember = member;
        const cursor = member.feedCursor ?? member.firstCursor;
        return {
          member,
          method: 'GET',
          path: cursor ? `/api/posts/feed?cursor=${encodeURIComponent(cursor)}` : '/api/posts/feed',
        };
      },
      after: (status, body, context) => {
        if (status !== 200) return;
        const next = /"nextCursor":"([^"]+)"/.exec(body)?.[1];
        // At the end of their feed a member starts over from the top.
        context.feedMember.feedCursor = next ?? context.feedMember.firstCursor;
      },
    },
    postPage: {
      name: 'post page (GET /api/posts/slug/{slug}, random readable posts)',
      read: true,
      build: () => ({
        member: anyone(),
        method: 'GET',
        path: `/api/posts/slug/${randomOf(world.readable).slug}`,
      }),
    },
    userGraphql: {
      name: "another member's profile (GraphQL user)",
      read: true,
      build: () => ({
        member: anyone(),
        ...graphql(
          json({ query: USER_QUERY, variables: { id: String(randomOf(world.profiles).id) } }),
        ),
      }),
    },
    userRest: {
      name: "another member's profile (GET /api/users/nickname/{name})",
      read: true,
      build: () => ({
        member: anyone(),
        method: 'GET',
        path: `/api/users/nickname/${encodeURIComponent(randomOf(world.profiles).address)}`,
      }),
    },
    directory: {
      name: 'directory, first page (GET /api/connection/list-users)',
      read: true,
      build: () => ({ member: anyone(), method: 'GET', path: '/api/connection/list-users' }),
    },
    search: {
      name: 'directory, name search (2–5 letters of first names)',
      read: true,
      build: () => ({
        member: anyone(),
        method: 'GET',
        path: `/api/connection/list-users?search=${encodeURIComponent(nameFragment(world.firstNames))}`,
      }),
    },
    filters: {
      name: 'directory, filters (countries, devices, languages, stages)',
      read: true,
      build: () => ({
        member: anyone(),
        method: 'GET',
        path: `/api/connection/list-users?${directoryFilters()}`,
      }),
    },
    suggestions: {
      name: 'suggestions (GET /api/connection/suggestions)',
      read: true,
      build: () => ({ member: anyone(), method: 'GET', path: '/api/connection/suggestions' }),
    },
    groupPage: {
      name: "group page (GET /api/group/posts, the member's groups or public ones)",
      read: true,
      build: () => {
        const member = anyone();
        const group =
          member.groups.length > 0 && Math.random() < 0.7
            ? randomOf(member.groups)
            : randomOf(world.publicGroups);
        return { member, method: 'GET', path: `/api/group/posts?groupId=${group}` };
      },
    },
    inbox: {
      name: 'inbox (GET /api/messages)',
      read: true,
      build: () => ({ member: anyone(), method: 'GET', path: '/api/messages' }),
    },
    thread: {
      name: 'one conversation (GET /api/messages/{thread})',
      read: true,
      build: () => {
        const member = randomOf(withThreads);
        return { member, method: 'GET', path: `/api/messages/${randomOf(member.threads)}` };
      },
    },
    notifications: {
      name: 'notifications (GET /api/notifications)',
      read: true,
      build: () => ({ member: anyone(), method: 'GET', path: '/api/notifications' }),
    },
    post: {
      name: 'write a post (POST /api/posts, a sixth in their groups)',
      write: true,
      build: () => {
        const member = writers.post.next();
        const language = ['en', 'de', 'es'].includes(member.locale) ? member.locale : 'en';
        const groupId =
          member.groups.length > 0 && Math.random() < 1 / 6 ? randomOf(member.groups) : undefined;
        const title = `Bench post ${unique()}`;
        return {
          member,
          method: 'POST',
          path: '/api/posts',
          body: json({
            title,
            content: `<p>${title}: how do you use the phone?</p>`,
            language,
            groupId,
          }),
        };
      },
    },
    comment: {
      name: 'write a comment (POST /api/comments)',
      write: true,
      build: (context) => {
        const member = writers.comment.next();
        context.commenter = member;
        return {
          member,
          method: 'POST',
          path: '/api/comments',
          body: json({
            postId: randomOf(world.readable).id,
            content: `<p>Same here, ${unique()}.</p>`,
          }),
        };
      },
      after: (status, body, context) => {
        const id = status === 201 ? Number(/"id":(\d+)/.exec(body)?.[1]) : NaN;
        if (id > 0 && world.comments.length < 20_000)
          world.comments.push({ id, authorId: context.commenter.id });
      },
    },
    helpful: {
      name: 'mark a comment helpful, or take it back (PUT /api/comments/{id}/helpful)',
      write: true,
      build: () => {
        const member = anyone();
        let comment = randomOf(world.comments);
        for (let tries = 0; comment.authorId === member.id && tries < 50; tries += 1)
          comment = randomOf(world.comments);
        const key = `${member.id}:${comment.id}`;
        const helpful = !helpfulState.get(key);
        helpfulState.set(key, helpful);
        return {
          member,
          method: 'PUT',
          path: `/api/comments/${comment.id}/helpful`,
          body: json({ helpful }),
        };
      },
    },
    chatMessage: {
      name: 'send a chat message to a connection (POST /api/social/messages)',
      write: true,
      build: (context) => {
        const member = writers.chat.next();
        const friend = randomOf(member.friends);
        const thread = member.threadWith.get(friend);
        context.chat = { member, friend };
        return {
          member,
          method: 'POST',
          path: '/api/social/messages',
          body: json({
            ...(thread ? { thread_id: thread } : { recipients: [friend] }),
            message: `Wie geht's? ${unique()}`,
          }),
        };
      },
      after: (status, body, context) => {
        const thread = status === 201 ? Number(/"thread_id":(\d+)/.exec(body)?.[1]) : NaN;
        if (thread > 0 && !context.chat.member.threadWith.has(context.chat.friend)) {
          context.chat.member.threadWith.set(context.chat.friend, thread);
          context.chat.member.threads.push(thread);
        }
      },
    },
    connection: {
      name: 'connection request, then its answer (half accepted, half declined)',
      write: true,
      build: (context) => {
        const waiting = toAnswer.shift();
        if (waiting) {
          answers += 1;
          context.request = null;
          return {
            member: waiting.to,
            method: 'POST',
            path: `/api/connection/${answers % 2 === 0 ? 'reject' : 'accept'}-friend`,
            body: json({ userId: waiting.from.id }),
          };
        }
        const pair = freshPair();
        context.request = pair;
        return {
          member: pair.from,
          method: 'POST',
          path: '/api/social/friends',
          body: json({ friend_id: pair.to.id }),
        };
      },
      after: (status, _body, context) => {
        if (context.request && status >= 200 && status < 300) toAnswer.push(context.request);
      },
    },
    profileUpdate: {
      name: 'update own profile (PUT /api/update-profile: headline, interests)',
      write: true,
      build: () => ({
        member: anyone(),
        method: 'PUT',
        path: '/api/update-profile',
        body: json({
          headline: `CI user, ${unique()}`,
          interests: shuffled(INTERESTS)
            .slice(0, 1 + Math.floor(Math.random() * 3))
            .join(','),
        }),
      }),
    },
    save: {
      name: 'save a post, or unsave one (POST /api/posts/saved, DELETE …/{id})',
      write: true,
      build: () => {
        const member = anyone();
        if (member.saved.length > 0 && (member.saved.length >= 3 || Math.random() < 0.5)) {
          const postId = member.saved.shift();
          return { member, method: 'DELETE', path: `/api/posts/saved/${postId}` };
        }
        const postId = randomOf(world.readable).id;
        member.saved.push(postId);
        return { member, method: 'POST', path: '/api/posts/saved', body: json({ postId }) };
      },
    },
  };
  return {
    kinds,
    /** A new server forgot every per-member limit. */
    serverRestarted() {
      for (const writer of Object.values(writers)) writer.reset();
      requested.clear();
    },
  };
}

/**
 * The autocannon request of a row: each request built by `choose()`'s kind for its member with
 * that member's token; answers that are not 2xx, or carry GraphQL `errors`, count as errors.
 */
function trafficRequests(choose, errors) {
  return [
    {
      setupRequest: (request, context) => {
        const kind = choose();
        const { member, graphql, ...built } = kind.build(context);
        context.kind = kind;
        context.graphql = graphql;
        return {
          ...request,
          ...built,
          headers: {
            authorization: `Bearer ${member.token}`,
            ...(built.body ? { 'content-type': 'application/json' } : {}),
          },
        };
      },
      onResponse: (status, body, context) => {
        const failed =
          status < 200 || status >= 300 || (context.graphql && /"errors"\s*:/.test(body));
        if (failed) {
          errors.count += 1;
          if (errors.samples.size < 3)
            errors.samples.add(`${status} ${String(body).slice(0, 200)}`);
        }
        context.kind.after?.(status, body, context);
      },
    },
  ];
}

/** One row: a kind (or the mix) sent by the bench members for the run's duration. */
async function measureTraffic(name, server, choose, extra = {}) {
  const errors = { count: 0, samples: new Set() };
  const row = await measure(name, {
    url: server.baseUrl,
    connections: MEMBERS_TARGETS.connections,
    requests: trafficRequests(choose, errors),
    beforeMeasured: () => {
      errors.count = 0;
      errors.samples.clear();
    },
  });
  if (server.exited())
    throw new Error(`the server exited during "${name}": ${JSON.stringify(server.exited())}`);
  if (row.skipped) return row;
  const total = errors.count + row.errors;
  if (total > 0)
    console.log(`    ${total} errors, e.g. ${[...errors.samples].join(' | ') || 'socket errors'}`);
  return { ...row, ...extra, errors: total };
}

/** The weighted choice of a member's day. */
function mixChooser(kinds) {
  const entries = Object.entries(MIX_WEIGHTS)
    .filter(([key]) => kinds[key])
    .map(([key, weight]) => [kinds[key], weight]);
  const sum = entries.reduce((total, [, weight]) => total + weight, 0);
  return () => {
    let roll = Math.random() * sum;
    for (const [kind, weight] of entries) if ((roll -= weight) <= 0) return kind;
    return entries[0][0];
  };
}

/** The baseline route on this database, measured now. */
async function baselineRow(databaseUrl, when) {
  const baseline = await startBaseline(databaseUrl);
  try {
    return await measure(`baseline (${when}): bare Fastify + pg, one prepared LIMIT 20 query`, {
      url: baseline.url,
      connections: MEMBERS_TARGETS.connections,
    });
  } finally {
    await baseline.stop();
  }
}

/**
 * One database: log the members in, prepare, then (baseline, rows, baseline). `all` measures every
 * kind and the one-repeating-reader mix; otherwise the mix only. `caches` adds the cache-off runs.
 */
async function benchSize(databaseUrl, { all, caches, seed }) {
  const world = await loadWorld(databaseUrl);
  const label = `${world.total.toLocaleString('en')} members, ${world.posts.toLocaleString('en')} posts`;
  console.log(`\n[many members: ${label}] ${seed?.summary ?? 'seeded before'}`);
  // One secret for every server start on this database: the members' tokens stay valid across the
  // cache-off restarts, so they log in once.
  const authSecret = randomBytes(32).toString('hex');
  let server = await startServer({ DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret });
  const result = { label, members: world.total, posts: world.posts, seed, rows: [] };
  try {
    result.loginSeconds = await logIn(server.baseUrl, world);
    console.log(
      `  ${LOGINS} members logged in through GraphQL login in ${result.loginSeconds.toFixed(1)} s`,
    );
    result.prepareSeconds = await prepareTraffic(server.baseUrl, world);
    console.log(
      `  first messages, comments and feed cursors in ${result.prepareSeconds.toFixed(1)} s`,
    );
    const viewerBody = JSON.stringify({ query: contractDocument('VIEWER_QUERY') });
    const { kinds, serverRestarted } = defineKinds(world, viewerBody);
    await tidy(databaseUrl);
    const before = await baselineRow(databaseUrl, 'before');
    const rows = [];
    if (all) {
      for (const [key, kind] of Object.entries(kinds).filter(([, k]) => k.read))
        rows.push(await measureTraffic(kind.name, server, () => kind, { key, read: true }));
      for (const [key, kind] of Object.entries(kinds).filter(([, k]) => k.write))
        rows.push(await measureTraffic(kind.name, server, () => kind, { key, write: true }));
    }
    await tidy(databaseUrl);
    rows.push(
      await measureTraffic(
        `a member's day (weighted mix) from ${LOGINS.toLocaleString('en')} members`,
        server,
        mixChooser(kinds),
        { mix: true },
      ),
    );
    if (all) {
      // The same mix from one member: what a one-reader bench reports (kept to show the gap).
      const one = world.members.find(
        (member) => member.threads.length > 0 && member.friends.length > 0,
      );
      const { kinds: oneKinds } = defineKinds({ ...world, members: [one] }, viewerBody);
      // Its reads only: one member writing at the mix's pace would meet the per-member limits.
      const readsOnly = Object.fromEntries(
        Object.entries(oneKinds).filter(([key]) => oneKinds[key].read),
      );
      rows.push(
        await measureTraffic(
          "a member's day, reads only, one repeating reader (served from memory; not counted)",
          server,
          mixChooser(readsOnly),
          { oneReader: true },
        ),
      );
    }
    const after = await baselineRow(databaseUrl, 'after');
    result.baseline = {
      before: before.rps,
      after: after.rps,
      mean: (before.rps + after.rps) / 2,
    };
    result.rows = rows.filter((row) => !row.skipped);
    result.rss = rssMb(server.child.pid);
    console.log(`  server RSS after: ${result.rss?.toFixed(0) ?? 'n/a'} MB`);

    if (caches) {
      result.caches = [];
      const mixName = (off) =>
        `a member's day with ${off === 'none' ? 'every cache on' : `cache ${off} off`}`;
      const order = CACHES_AB
        ? CACHE_NAMES.filter((name) => name !== 'all').flatMap((name) =>
            [1, 2, 3].flatMap(() => ['none', name]),
          )
        : ['none', ...CACHE_NAMES];
      for (const [index, off] of order.entries()) {
        await stopServer(server);
        server = null;
        await tidy(databaseUrl);
        server = await startServer({
          DATABASE_URL: databaseUrl,
          AUTH_SECRET: authSecret,
          ...(off === 'none' ? {} : { ATTUNE_CACHES_OFF: off }),
        });
        serverRestarted();
        const row = await measureTraffic(mixName(off), server, mixChooser(kinds), {
          off,
          // In the a/b order, each 'none' run belongs to the cache run that follows it.
          pair: CACHES_AB ? order[index + (off === 'none' ? 1 : 0)] : undefined,
        });
        if (!row.skipped) result.caches.push(row);
        if (CACHES_AB) continue;
        const served =
          off === 'none' ? [...new Set(Object.values(CACHE_KINDS).flat())] : CACHE_KINDS[off];
        for (const key of served) {
          const kindRow = await measureTraffic(
            `${kinds[key].name} with ${off === 'none' ? 'every cache on' : `cache ${off} off`}`,
            server,
            () => kinds[key],
            { off, key },
          );
          if (!kindRow.skipped) result.caches.push(kindRow);
        }
      }
    }
    return result;
  } catch (error) {
    console.error(
      `[many members: ${label}] failed (server exit: ${JSON.stringify(server?.exited() ?? null)}): ${error.stack}\n--- server log (tail) ---\n${server?.log()}`,
    );
    return { ...result, error: error.message.split('\n')[0] };
  } finally {
    await stopServer(server);
  }
}

/** A freshly seeded database of `members` members (10 posts each), measured, then dropped. */
function seededSize(members, options) {
  return withPostgresDatabase(async (databaseUrl) => {
    console.log(`\n[many members] seeding ${members.toLocaleString('en')} members with seed:large`);
    const seed = await seedLarge(databaseUrl, {
      members,
      posts: members * POSTS_PER_MEMBER,
      benchPasswords: LOGINS,
    });
    return benchSize(databaseUrl, { ...options, seed });
  });
}

/**
 * The section: every kind and the mix at TARGET_MEMBERS (or on BENCH_MEMBERS_DATABASE), the mix at
 * the other sizes. `directoryMembers` (BENCH_DIRECTORY_MEMBERS) adds its size when larger.
 */
export async function benchMembers({ directoryMembers }) {
  const sizes = [];
  if (MEMBERS_DATABASE) {
    sizes.push(await benchSize(MEMBERS_DATABASE, { all: true, caches: CACHES }));
    if (GROWTH_DATABASE) sizes.push(await benchSize(GROWTH_DATABASE, { all: false }));
  } else {
    const wanted = [
      ...new Set([...SIZES, ...(directoryMembers > TARGET_MEMBERS ? [directoryMembers] : [])]),
    ];
    const main = wanted.includes(TARGET_MEMBERS) ? TARGET_MEMBERS : Math.max(...wanted);
    for (const members of wanted.sort((a, b) => a - b)) {
      try {
        sizes.push(
          await seededSize(members, { all: members === main, caches: CACHES && members === main }),
        );
      } catch (error) {
        sizes.push({
          label: `${members.toLocaleString('en')} members`,
          members,
          error: error.message.split('\n')[0],
        });
      }
    }
  }
  sizes.sort((a, b) => (a.members ?? 0) - (b.members ?? 0));
  return { sizes, error: sizes.find((size) => size.error)?.error };
}

const met = (ok) => (ok ? 'met' : '**not met**');
const ms = (value) => (value === undefined ? '—' : String(value));

/** The section of docs/BENCHMARKS.md (and of the quick form's printout). */
export function membersSection({ sizes }) {
  const main =
    sizes.find((size) => size.rows?.some((row) => row.read || row.write)) ?? sizes.at(-1);
  const t = MEMBERS_TARGETS;
  const lines = [
    '## Many members: real traffic (PostgreSQL)',
    '',
    `${LOGINS.toLocaleString('en')} generated members (\`seed:large --bench-passwords\`) log in through the GraphQL \`login\` mutation; every request is then sent by one of them, with their own token: their feed's next page by their own cursors, other members' profiles (a random sample), 2–5-letter fragments of the generated first names, varied countries, devices, languages and stages, their own groups (else public ones), their own conversations, posts any member may read. Writes limited per member by the server (posts, comments, chat messages, connection requests) rotate through the members in a shuffled order, so none passes its limit. Errors count non-2xx answers, GraphQL \`errors\`, socket errors and timeouts. ${t.connections} connections, ${DURATION_SECONDS} s per row after the warm-up. × baseline: req/s divided by the mean of the bare Fastify + pg route (one prepared \`LIMIT 20\` query) measured before and after the rows on the same database.`,
    '',
    `A member's day mixes the kinds in these proportions (per 100 requests; about 90 % reads): ${Object.entries(
      MIX_WEIGHTS,
    )
      .map(([key, weight]) => `${key} ${weight}`)
      .join(', ')}.`,
    '',
    `Targets (issue 39, ${t.connections} connections, ${TARGET_MEMBERS.toLocaleString('en')} members): the mix ≥ ${t.mix.ratio}×, p99 ≤ ${t.mix.p99Ms} ms, 0 errors; each read kind ≥ ${t.read.ratio}×, p99 ≤ ${t.read.p99Ms} ms; each write kind ≥ ${t.write.ratio}×, p99 ≤ ${t.write.p99Ms} ms (a kind with errors does not meet its target either); p99 of the mix grows ≤ ${t.growth}× from 10,000 to 100,000 members; server RSS after ≤ ${t.rssMb} MB. A row from one repeating reader never counts.`,
    '',
  ];
  if (main?.error && !main.rows?.length) {
    lines.push(`Failed: ${main.error}`, '');
    return lines.join('\n');
  }
  if (main?.rows?.length) {
    const counted = main.members >= TARGET_MEMBERS;
    lines.push(
      `### ${main.label}`,
      '',
      `Logins: ${main.loginSeconds?.toFixed(1)} s; baseline ${main.baseline.before.toFixed(0)} req/s before, ${main.baseline.after.toFixed(0)} after.${counted ? '' : ` Fewer than ${TARGET_MEMBERS.toLocaleString('en')} members: the verdicts are indicative.`}`,
      '',
      '| row | req/s | × baseline | p50 ms | p99 ms | errors | CPU µs per answer | target |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const row of main.rows) {
      const ratio = row.rps / main.baseline.mean;
      const target = row.oneReader ? null : row.mix ? t.mix : row.read ? t.read : t.write;
      const verdict = target
        ? met(ratio >= target.ratio && row.p99 <= target.p99Ms && row.errors === 0)
        : 'not counted (one repeating reader)';
      lines.push(
        `| ${row.name} | ${row.rps.toFixed(0)} | ${ratio.toFixed(2)} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.cpuPerAnswer ?? '—'} | ${verdict} |`,
      );
    }
    lines.push(
      '',
      main.rss === null || main.rss === undefined
        ? 'Server RSS after: not measured.'
        : `Server RSS after the rows: ${main.rss.toFixed(0)} MB (≤ ${t.rssMb} MB: ${met(main.rss <= t.rssMb)}).`,
      '',
    );
  }
  const mixes = sizes
    .map((size) => ({ size, row: size.rows?.find((row) => row.mix) }))
    .filter(({ row }) => row);
  if (mixes.length > 0) {
    lines.push(
      "### A member's day as the data grows",
      '',
      '| members | posts | req/s | × baseline | p50 ms | p99 ms | errors |',
      '|---:|---:|---:|---:|---:|---:|---:|',
      ...mixes.map(
        ({ size, row }) =>
          `| ${size.members.toLocaleString('en')} | ${size.posts.toLocaleString('en')} | ${row.rps.toFixed(0)} | ${(row.rps / size.baseline.mean).toFixed(2)} | ${row.p50} | ${row.p99} | ${row.errors} |`,
      ),
      '',
    );
    const small = mixes.find(({ size }) => size.members <= 10_000 * 1.5);
    const large = mixes.find(({ size }) => size.members >= TARGET_MEMBERS);
    if (small && large) {
      const growth = large.row.p99 / Math.max(1, small.row.p99);
      lines.push(
        `p99 growth from ${small.size.members.toLocaleString('en')} to ${large.size.members.toLocaleString('en')} members: ${growth.toFixed(2)}× (≤ ${t.growth}×: ${met(growth <= t.growth)}).`,
        '',
      );
    }
  }
  for (const size of sizes.filter((s) => s.error))
    lines.push(`${size.label}: failed: ${size.error}`, '');
  const caches = main?.caches;
  if (caches?.length && caches.some((row) => row.pair)) {
    const mean = (rows) => rows.reduce((sum, row) => sum + row.rps, 0) / rows.length;
    const names = [...new Set(caches.map((row) => row.pair))];
    lines.push(
      '### Each cache off, against every cache on (a/b)',
      '',
      "The mix only, each cache's runs interleaved with runs with every cache on (on, off three times), each on a fresh server start after a VACUUM. × on: the mean of the off runs divided by the mean of the on runs next to them.",
      '',
      '| cache off | on: req/s (runs) | off: req/s (runs) | × on |',
      '|---|---|---|---:|',
      ...names.map((name) => {
        const on = caches.filter((row) => row.pair === name && row.off === 'none');
        const off = caches.filter((row) => row.pair === name && row.off === name);
        const list = (rows) => rows.map((row) => row.rps.toFixed(0)).join(', ');
        return `| ${name} | ${mean(on).toFixed(0)} (${list(on)}) | ${mean(off).toFixed(0)} (${list(off)}) | ${(mean(off) / mean(on)).toFixed(2)} |`;
      }),
      '',
    );
  } else if (caches?.length) {
    // Each row against the same kind (or the mix, key undefined) with every cache on.
    const onOf = (row) => caches.find((one) => one.off === 'none' && one.key === row.key);
    const what = (row) =>
      row.key
        ? (main.rows.find((one) => one.key === row.key)?.name ?? row.key)
        : "a member's day (mix)";
    lines.push(
      '### Each cache off',
      '',
      "Each cache's runs on a fresh server start with `ATTUNE_CACHES_OFF` naming it (the members keep their tokens), after a VACUUM: the mix, then the read kinds the cache serves. × on: req/s divided by the same traffic's run with every cache on (the first rows).",
      '',
      '| cache off | traffic | req/s | × on | p50 ms | p99 ms | errors |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...caches.map((row) => {
        const on = onOf(row);
        return `| ${row.off === 'none' ? '(none: every cache on)' : row.off} | ${what(row)} | ${row.rps.toFixed(0)} | ${on ? (row.rps / on.rps).toFixed(2) : '—'} | ${ms(row.p50)} | ${ms(row.p99)} | ${row.errors} |`;
      }),
      '',
    );
  }
  return lines.join('\n');
}
