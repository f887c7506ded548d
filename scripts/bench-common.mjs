// What the bench scripts share (scripts/bench.mjs, scripts/bench-members.mjs): starting the built
// server and the baseline route, autocannon runs with the machine's CPU per answer, seed:large into
// a fresh PostgreSQL database. Processes started here are kept in `children`, which the bench's
// watchdog kills.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
export const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const BASELINE_ENTRY = join(ROOT, 'scripts/bench-baseline.mjs');
export const requireFromServer = createRequire(join(ROOT, 'apps/server/package.json'));
const autocannon = requireFromServer('autocannon');

export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
export const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
/** BENCH_QUICK=1: the server reads only (no web measurements), printed, docs/BENCHMARKS.md untouched. */
export const QUICK = process.env.BENCH_QUICK === '1';
/** While working on one endpoint (with BENCH_QUICK=1): BENCH_ONLY=viewer measures only the rows whose name contains it. */
export const ONLY = QUICK ? process.env.BENCH_ONLY?.toLowerCase() : undefined;
/** seed:large gives up after this long (its time is part of the section). */
const SEED_TIMEOUT_MS = 10 * 60_000;
const SEED_ENTRY = join(ROOT, 'apps/server/scripts/seed-large.ts');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
/** Databases this script creates (and drops) are named with this prefix. */
const DATABASE_PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'attune_bench_';

/** Processes the bench started (the server, the baseline, seed:large): the watchdog kills them all. */
export const children = new Set();

export function freePort() {
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

export async function fetchJson(url, init = {}, timeoutMs = 15_000) {
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
export async function startServer(extraEnv) {
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
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), SERVER_ENTRY],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
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

export async function stopServer(server) {
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
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** Starts the baseline route (scripts/bench-baseline.mjs) on this database; resolves with its URL. */
export async function startBaseline(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [BASELINE_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The watchdog kills it too, and a baseline that never gets ready does not outlive the bench.
  children.add(child);
  child.once('exit', () => children.delete(child));
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  await new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`baseline not ready:\n${log}`));
    }, 30_000);
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        done();
      }
    });
    child.once('exit', (code) => fail(new Error(`baseline exited (${code}):\n${log}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/users`,
    async stop() {
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(5_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

/** Resident set size of a process in MB (Linux /proc), or null where it cannot be read. */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

export function cannon(options) {
  return new Promise((done, fail) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) =>
      error ? fail(error) : done(result),
    );
  });
}

/**
 * The machine's busy CPU time so far (ms: user, nice, system, irq and softirq of /proc/stat), or
 * null without /proc. Less what this process spent (autocannon runs here), it is what the server
 * and its database spent: req/s moves with whatever else the machine is doing, CPU per answer much
 * less, so the two are read together.
 */
export function machineBusyMs() {
  try {
    const [, user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .map(Number);
    return ((user + nice + system + irq + softirq) * 1000) / 100; // USER_HZ ticks
  } catch {
    return null;
  }
}

/**
 * CPU time so far (ms, user and system of /proc/<pid>/stat) of the processes this script started
 * (the server, the baseline): the part of an answer's CPU spent in Node, the rest of the machine's
 * being the database's. Null without /proc.
 */
export function childrenCpuMs() {
  try {
    let ticks = 0;
    for (const child of children) {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks * 1000) / 100; // USER_HZ ticks
  } catch {
    return null;
  }
}

/**
 * Warm-up, then one measured run; returns req/s (average), p50 and p99 (ms) and error counts.
 * `options` are autocannon's, plus `warmupSeconds` and `durationSeconds` (the bench's by default)
 * and `beforeMeasured`, called between the warm-up and the measured run.
 */
export async function measure(
  name,
  {
    beforeMeasured,
    warmupSeconds = WARMUP_SECONDS,
    durationSeconds = DURATION_SECONDS,
    ...options
  },
) {
  const always = name.startsWith('baseline') || name === 'GET /healthz';
  if (ONLY && !always && !name.toLowerCase().includes(ONLY)) return { name, skipped: true };
  await cannon({ ...options, duration: warmupSeconds });
  // Counters kept by the caller's onResponse start again here, so they count the measured run.
  beforeMeasured?.();
  const busyBefore = machineBusyMs();
  const nodeBefore = childrenCpuMs();
  const ownBefore = process.cpuUsage();
  const result = await cannon({ ...options, duration: durationSeconds });
  const busyAfter = machineBusyMs();
  const nodeAfter = childrenCpuMs();
  const own = process.cpuUsage(ownBefore);
  const serverMs =
    busyBefore === null || busyAfter === null
      ? null
      : busyAfter - busyBefore - (own.user + own.system) / 1000;
  const row = {
    name,
    connections: options.connections ?? CONNECTIONS,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx ?? 0,
    errors: (result.errors ?? 0) + (result.timeouts ?? 0),
    total: result.requests.total,
    /** CPU spent by everything but the load generator, per answer (µs): server and database. */
    cpuPerAnswer:
      serverMs !== null && result.requests.total
        ? Math.round((serverMs * 1000) / result.requests.total)
        : null,
    /** Of which the answering Node process's (the server's or the baseline's), per answer (µs). */
    nodeCpuPerAnswer:
      nodeBefore !== null && nodeAfter !== null && result.requests.total
        ? Math.round(((nodeAfter - nodeBefore) * 1000) / result.requests.total)
        : null,
    bytesPerAnswer: result.requests.total
      ? Math.round(result.throughput.total / result.requests.total)
      : 0,
  };
  console.log(
    `  ${name} (${row.connections} connections): ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.cpuPerAnswer ?? '?'} µs CPU per answer (${row.nodeCpuPerAnswer ?? '?'} in Node), ${row.total} requests of ${row.bytesPerAnswer} bytes, ${row.non2xx} non-2xx, ${row.errors} errors/timeouts`,
  );
  return row;
}

/**
 * Runs seed:large (apps/server/scripts/seed-large.ts, the same generator as `npm run seed:large`)
 * on the database with these options (`{ members, posts, benchPasswords }`); resolves with its wall
 * time in seconds and its summary line.
 */
export async function seedLarge(databaseUrl, { members, posts = 0, benchPasswords = 0 }) {
  const started = Date.now();
  const child = spawn(
    TSX,
    [
      SEED_ENTRY,
      '--members',
      String(members),
      '--posts',
      String(posts),
      ...(benchPasswords > 0 ? ['--bench-passwords', String(benchPasswords)] : []),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const timer = setTimeout(() => child.kill('SIGKILL'), SEED_TIMEOUT_MS);
  const code = await new Promise((done) => child.once('exit', (exitCode) => done(exitCode)));
  clearTimeout(timer);
  children.delete(child);
  if (code !== 0) throw new Error(`seed:large failed (exit ${code}):\n${log}`);
  const summary = log.match(/seed:large: .*/)?.[0] ?? '';
  return { seconds: (Date.now() - started) / 1000, summary };
}

export async function withPostgresDatabase(run) {
  const { Client } = requireFromServer('pg');
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `${DATABASE_PREFIX}${randomBytes(4).toString('hex')}`;
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
