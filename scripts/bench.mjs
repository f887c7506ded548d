#!/usr/bin/env node
// `npm run bench` (after `npm run build`): starts the built server on a free loopback port with a
// fresh data directory, signs a member up through the public API as a user would, then measures
// with autocannon a baseline (GET /healthz) and an authenticated GraphQL read (viewer). Runs on
// PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (in a fresh database dropped
// afterwards). Writes docs/BENCHMARKS.md from the list of sections this run produced.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { measureInitialJs, measureSlowLogin, webSection } from './bench-web.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const OUTPUT = join(ROOT, 'docs/BENCHMARKS.md');
const requireFromServer = createRequire(join(ROOT, 'apps/server/package.json'));
const autocannon = requireFromServer('autocannon');

const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WATCHDOG_MS = 10 * 60_000;
/** Step 4's targets for the initial JavaScript as served (brotli). */
const WEB_TARGETS = { loginKb: 180, homeKb: 200 };

const VIEWER_BODY = JSON.stringify({
  query: 'query Viewer { viewer { id databaseId nickname email } }',
});
// The login mutation of packages/contract/src/graphql.ts (LOGIN_MUTATION), reduced to what we need.
const LOGIN_MUTATION = `mutation Login($input: LoginInput!) {
  login(input: $input) { authToken clientMutationId }
}`;

let activeServer = null;

// The script must always end, whatever hangs.
setTimeout(() => {
  console.error(`bench: watchdog fired after ${WATCHDOG_MS / 60_000} min, giving up`);
  activeServer?.kill('SIGKILL');
  process.exit(1);
}, WATCHDOG_MS).unref();

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function fetchJson(url, init = {}, timeoutMs = 15_000) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/** Starts the built server and resolves once /readyz answers 200. */
async function startServer(extraEnv) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'attune-bench-'));
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL']) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOCAL_MODE: '1',
    RATE_LIMIT_IP_MULTIPLIER: '100000',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  activeServer = child;
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`server exited early (${JSON.stringify(exited)}):\n${log}`);
    }
    try {
      const { status } = await fetchJson(`${baseUrl}/readyz`, {}, 2_000);
      if (status === 200) {
        return { child, baseUrl, dataDir, log: () => log, exited: () => exited };
      }
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready after 90 s:\n${log}`);
}

async function stopServer(server) {
  if (!server) return;
  const { child } = server;
  if (!server.exited()) {
    const gone = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timedOut = await Promise.race([gone.then(() => false), sleep(15_000).then(() => true)]);
    if (timedOut) {
      console.error('bench: server ignored SIGTERM for 15 s, killing it');
      child.kill('SIGKILL');
      await gone;
    }
  }
  activeServer = null;
  rmSync(server.dataDir, { recursive: true, force: true });
}

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
  return token;
}

function cannon(options) {
  return new Promise((done, fail) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) =>
      error ? fail(error) : done(result),
    );
  });
}

/** Warm-up, then one measured run; returns req/s (average), p99 (ms) and error counts. */
async function measure(name, options) {
  await cannon({ ...options, duration: WARMUP_SECONDS });
  const result = await cannon({ ...options, duration: DURATION_SECONDS });
  const row = {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx ?? 0,
    errors: (result.errors ?? 0) + (result.timeouts ?? 0),
    total: result.requests.total,
  };
  console.log(
    `  ${name}: ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms, ${row.total} requests, ${row.non2xx} non-2xx, ${row.errors} errors/timeouts`,
  );
  return row;
}

async function benchEngine(label, extraEnv, { measureWeb = false } = {}) {
  console.log(`\n[${label}] starting server`);
  const server = await startServer(extraEnv);
  try {
    console.log(`[${label}] creating a member through the public API`);
    const token = await createMember(server.baseUrl);
    console.log(
      `[${label}] measuring (${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s, ${CONNECTIONS} connections)`,
    );
    const baseline = await measure('GET /healthz', { url: `${server.baseUrl}/healthz` });
    const viewer = await measure('POST /graphql (viewer, authenticated)', {
      url: `${server.baseUrl}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: VIEWER_BODY,
    });
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
    return { label, rows: [baseline, viewer], web, slow };
  } catch (error) {
    console.error(
      `[${label}] failed: ${error.message}\n--- server log (tail) ---\n${server.log()}`,
    );
    return { label, error: error.message.split('\n')[0] };
  } finally {
    await stopServer(server);
  }
}

function engineSection({ label, rows, error }) {
  const lines = [`## ${label}`, ''];
  if (error) {
    lines.push(`Failed: ${error}`, '');
    return lines.join('\n');
  }
  const baseline = rows[0].rps;
  lines.push('| endpoint | req/s | p99 ms | ratio to baseline | non-2xx | errors |');
  lines.push('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p99} | ${(row.rps / baseline).toFixed(2)} | ${row.non2xx} | ${row.errors} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

async function withPostgresDatabase(run) {
  const { Client } = requireFromServer('pg');
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `attune_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      return await run(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
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

const results = [await benchEngine('PGlite (embedded)', {}, { measureWeb: true })];
if (process.env.TEST_DATABASE_URL) {
  try {
    results.push(
      await withPostgresDatabase((databaseUrl) =>
        benchEngine('PostgreSQL', { DATABASE_URL: databaseUrl }),
      ),
    );
  } catch (error) {
    results.push({ label: 'PostgreSQL', error: error.message });
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
    `- Method: the built server (\`node apps/server/dist/main.js\`, LOG_LEVEL=warn, local mode, in-process rate limits and pub/sub) on loopback; autocannon in the same process as this script with ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, then ${DURATION_SECONDS} s measured. req/s is the average over the measured run; the ratio compares it to GET /healthz on the same engine. The client shares the ${cpus.length} cores with the server, so absolute numbers are lower than on a separate load machine.`,
    `- Authenticated read: \`${JSON.parse(VIEWER_BODY).query}\` with a member created through send2facode → validate2facode → registeruser → login.`,
    '',
  ].join('\n'),
  ...results.map(engineSection),
  ...results.filter((r) => r.web).map((r) => webSection(r.web, r.slow, WEB_TARGETS)),
  ...keptSections(),
];
// Later steps add their own sections to `sections` above; everything is rewritten on each run.
writeFileSync(OUTPUT, `${sections.join('\n<!-- section -->\n\n').trimEnd()}\n`);
console.log(`\nbench: wrote ${OUTPUT}`);

const failed = results.some((r) => r.error);
process.exit(failed ? 1 : 0);
