/**
 * The live part of `npm run bench` (step 8, decision 0045): WebSocket clients of seeded members on
 * one server instance, and on two sharing PostgreSQL and Redis, while messages are sent at a fixed
 * rate through the REST API. Delivery latency is from the moment a message is sent (before its
 * POST) to its `message.new` event on the recipient's socket; memory is the server's RSS with
 * every socket open, after the run. Loopback only; every phase is bounded in time.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export const LIVE_TARGETS = { clients: 1_000, messagesPerSecond: 100, p99Ms: 100, rssMb: 1024 };
const SEND_SECONDS = 10;
const PASSWORD = `Bench-live-${randomBytes(6).toString('hex')}-9!`;
const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { authToken } }`;

/** Percentile of sorted numbers (nearest rank). */
const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Gives `count` seeded members a password (one argon2 hash for all) and lets anyone message them,
 * then signs each in through GraphQL `login`; returns `{ id, token }` per member.
 */
async function signInSeededMembers({ databaseUrl, baseUrl, count, requireFromServer, fetchJson }) {
  const { hash } = requireFromServer('@node-rs/argon2');
  const { Client } = requireFromServer('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  let members;
  try {
    const passwordHash = await hash(PASSWORD);
    ({ rows: members } = await client.query(
      `update users set password_hash = $1, messages_from = 'everyone'
       where id in (select id from users where email like '%@seed.invalid' order by id desc limit $2)
       returning id, username`,
      [passwordHash, count],
    ));
  } finally {
    await client.end();
  }
  const signedIn = [];
  for (let start = 0; start < members.length; start += 8) {
    const batch = members.slice(start, start + 8);
    signedIn.push(
      ...(await Promise.all(
        batch.map(async (member) => {
          const answer = await fetchJson(`${baseUrl}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              query: LOGIN,
              variables: { input: { username: member.username, password: PASSWORD } },
            }),
          });
          const token = answer.body?.data?.login?.authToken;
          if (!token)
            throw new Error(
              `login of ${member.username}: ${JSON.stringify(answer.body).slice(0, 200)}`,
            );
          return { id: member.id, token };
        }),
      )),
    );
  }
  return signedIn;
}

/** Opens a socket for each member (first-frame auth) and resolves once every one is ready. */
async function openSockets(WebSocket, members, baseUrlOf, onMessage) {
  const sockets = [];
  for (let start = 0; start < members.length; start += 50) {
    const batch = members.slice(start, start + 50);
    sockets.push(
      ...(await Promise.all(
        batch.map(
          (member, index) =>
            new Promise((done, fail) => {
              const url = `${baseUrlOf(start + index).replace('http:', 'ws:')}/ws`;
              const socket = new WebSocket(url);
              const timer = setTimeout(
                () => fail(new Error('socket not ready within 15 s')),
                15_000,
              );
              socket.on('open', () =>
                socket.send(JSON.stringify({ type: 'auth', token: member.token })),
              );
              socket.on('error', fail);
              socket.on('message', (data) => {
                const event = JSON.parse(data.toString());
                if (event.type === 'ready') {
                  clearTimeout(timer);
                  done(socket);
                } else onMessage(event);
              });
            }),
        ),
      )),
    );
  }
  return sockets;
}

/**
 * Sends `messagesPerSecond` messages for SEND_SECONDS, each from a random member to its partner
 * through `senderUrlOf(senderIndex)`, and measures delivery. Returns the latency figures.
 */
async function sendAtRate({ members, partnerOf, senderUrlOf, pending, delivered }) {
  const total = LIVE_TARGETS.messagesPerSecond * SEND_SECONDS;
  const failures = [];
  const requests = [];
  const started = performance.now();
  for (let sequence = 0; sequence < total; sequence += 1) {
    const due = started + (sequence * 1000) / LIVE_TARGETS.messagesPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const senderIndex = Math.floor(Math.random() * members.length);
    const sender = members[senderIndex];
    const text = `bench ${sequence}`;
    pending.set(text, performance.now());
    requests.push(
      fetch(`${senderUrlOf(senderIndex)}/api/social/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
        body: JSON.stringify({ recipients: [members[partnerOf(senderIndex)].id], message: text }),
        signal: AbortSignal.timeout(10_000),
      })
        .then(async (response) => {
          if (response.status !== 201) failures.push(`${response.status} ${await response.text()}`);
          else await response.arrayBuffer();
        })
        .catch((error) => failures.push(error.message)),
    );
  }
  await Promise.all(requests);
  // Stragglers: at most 5 s more.
  const deadline = Date.now() + 5_000;
  while (delivered.length < total - failures.length && Date.now() < deadline) await sleep(50);
  const sorted = [...delivered].sort((a, b) => a - b);
  return {
    sent: total,
    delivered: delivered.length,
    failures: failures.length,
    firstFailure: failures[0],
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}

/**
 * Runs the live bench on a seeded PostgreSQL database: one instance, then two instances behind one
 * Redis (when `redisUrl` answers). Returns `{ rows, error? }` for `liveSection`.
 */
export async function benchLive({
  databaseUrl,
  redisUrl,
  startServer,
  stopServer,
  rssMb,
  fetchJson,
  requireFromServer,
}) {
  const WebSocket = requireFromServer('ws');
  const authSecret = randomBytes(32).toString('base64url');
  const rows = [];
  const run = async (label, servers, members) => {
    const pending = new Map();
    const delivered = [];
    const onMessage = (event) => {
      if (event.type !== 'message.new') return;
      const sentAt = pending.get(event.message.text);
      if (sentAt === undefined) return;
      pending.delete(event.message.text);
      delivered.push(performance.now() - sentAt);
    };
    const half = members.length / 2;
    // Member i talks with member i + half; with two instances, each half is on its own instance,
    // so every message crosses from one to the other.
    const instanceOf = (index) => servers[servers.length === 1 ? 0 : index < half ? 0 : 1];
    console.log(`  [live] ${label}: opening ${members.length} sockets`);
    const sockets = await openSockets(
      WebSocket,
      members,
      (index) => instanceOf(index).baseUrl,
      onMessage,
    );
    try {
      const rssOpen = servers.map((server) => rssMb(server.child.pid));
      console.log(
        `  [live] ${label}: sending ${LIVE_TARGETS.messagesPerSecond} messages/s for ${SEND_SECONDS} s`,
      );
      const figures = await sendAtRate({
        members,
        partnerOf: (index) => (index < half ? index + half : index - half),
        senderUrlOf: (index) => instanceOf(index).baseUrl,
        pending,
        delivered,
      });
      const rssAfter = servers.map((server) => rssMb(server.child.pid));
      rows.push({ label, clients: sockets.length, ...figures, rssOpen, rssAfter });
      console.log(
        `  [live] ${label}: ${figures.delivered}/${figures.sent} delivered, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, RSS ${rssAfter.map((mb) => mb?.toFixed(0)).join(' + ')} MB`,
      );
    } finally {
      for (const socket of sockets) socket.terminate();
    }
  };

  let one;
  try {
    one = await startServer({ DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret });
    const members = await signInSeededMembers({
      databaseUrl,
      baseUrl: one.baseUrl,
      count: LIVE_TARGETS.clients,
      requireFromServer,
      fetchJson,
    });
    await run('one instance', [one], members);
    await stopServer(one);
    one = undefined;

    if (!redisUrl) return { rows, note: 'two instances: not measured (no REDIS_URL)' };
    const prefix = `attune-bench-${randomBytes(4).toString('hex')}`;
    const shared = {
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: authSecret,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
    };
    const a = await startServer(shared);
    let b;
    try {
      b = await startServer(shared);
      await run('two instances, Redis pub/sub (every message crosses)', [a, b], members);
    } finally {
      await stopServer(a);
      await stopServer(b);
    }
    return { rows };
  } catch (error) {
    console.error(`  [live] failed: ${error.stack ?? error.message}\n${one?.log() ?? ''}`);
    return { rows, error: error.message.split('\n')[0] };
  } finally {
    await stopServer(one);
  }
}

/** The live section of docs/BENCHMARKS.md. */
export function liveSection({ rows, error, note }) {
  const verdict = (ok) => (ok ? 'met' : '**not met**');
  const lines = [
    '## Live: WebSocket delivery (PostgreSQL, step 8)',
    '',
    `${LIVE_TARGETS.clients.toLocaleString('en')} seeded members each signed in through GraphQL \`login\` and connected to \`/ws\` (first-frame auth); messages sent through \`POST /api/social/messages\` at ${LIVE_TARGETS.messagesPerSecond} a second for ${SEND_SECONDS} s, each from a random member to their partner. Delivery: from just before the POST to the \`message.new\` event on the recipient's socket (so it includes storing the message). RSS: the server process with every socket open, after sending. Targets: delivery p99 ≤ ${LIVE_TARGETS.p99Ms} ms, RSS < ${LIVE_TARGETS.rssMb} MB per instance. The client runs on the same cores as the server(s).`,
    '',
  ];
  if (error) lines.push(`Failed: ${error}`, '');
  if (rows.length > 0) {
    lines.push(
      '| run | sockets | sent | delivered | failed sends | p50 ms | p99 ms | max ms | RSS MB (open → after) | target (p99, RSS) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    );
    for (const row of rows) {
      const rss = row.rssOpen
        .map(
          (open, index) => `${open?.toFixed(0) ?? '?'} → ${row.rssAfter[index]?.toFixed(0) ?? '?'}`,
        )
        .join('; ');
      const ok =
        row.p99 <= LIVE_TARGETS.p99Ms &&
        row.delivered === row.sent &&
        row.rssAfter.every((mb) => mb !== null && mb < LIVE_TARGETS.rssMb);
      lines.push(
        `| ${row.label} | ${row.clients} | ${row.sent} | ${row.delivered} | ${row.failures} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} | ${rss} | ${verdict(ok)} |`,
      );
    }
    lines.push('');
  }
  if (note) lines.push(note, '');
  return lines.join('\n');
}
