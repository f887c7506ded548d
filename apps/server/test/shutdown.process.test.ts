import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths';
import { freePort } from './server-process';

/**
 * The built server stops on SIGTERM whatever its output is (issue 45): a pipe whose reader went
 * away, a pipe whose reader holds it open and never reads (a crashed log shipper whose FIFO is
 * still open, as in the reproduction), a pipe read to the end, and a file.
 */

/** Short, so that a server that would hang shows it quickly; the default is 10 s. */
const DEADLINE_MS = 3_000;
/** The watchdog's grace after the deadline (main.ts), and time for the kernel to reap. */
const GONE_WITHIN_MS = DEADLINE_MS + 2_000 + 1_000;
/** Enough logged requests to fill a pipe's 64 KiB many times over. */
const REQUESTS = 400;

let work: string;
let mainJs: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'attune-shutdown-'));
  // The server as `npm start` runs it: bundled, in a directory of its own (dist/ is the build's).
  mainJs = join(SERVER_ROOT, 'dist', `process-test-${process.pid}`, 'main.js');
  execFileSync(process.execPath, ['build.mjs', '--outfile', mainJs], { cwd: SERVER_ROOT });
}, 60_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  if (mainJs) rmSync(join(mainJs, '..'), { recursive: true, force: true });
});

let serial = 0;

/** Starts the built server with its stdout and stderr on `output` (a descriptor or 'pipe'). */
async function start(output: number | 'pipe') {
  serial += 1;
  const port = await freePort();
  const child = spawn(process.execPath, [mainJs], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, `data-${serial}`),
      LOCAL_MODE: '1',
      LOG_LEVEL: 'info',
      SHUTDOWN_DEADLINE_MS: String(DEADLINE_MS),
      JOBS: '0',
      SEED_DEMO: '0',
    },
    stdio: ['ignore', output, output],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  let running = true;
  void exited.then(() => (running = false));
  for (let i = 0; i < 240 && running; i += 1) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(running, 'the server started').toBe(true);
  return { child, base, exited };
}

/** Requests that each write a log line (Fastify logs every request at info). */
async function busy(base: string, requests = REQUESTS) {
  for (let from = 0; from < requests; from += 20) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${base}/api/regions?country=DE&x=${from + i}`).then((r) => r.status),
      ),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
  }
}

/** SIGTERM, then how long until the process was gone, and how it ended. */
async function stop(server: { child: ChildProcess; exited: Promise<unknown> }) {
  const sent = Date.now();
  server.child.kill('SIGTERM');
  const ended = await Promise.race([
    server.exited,
    new Promise((resolve) => setTimeout(() => resolve('still running'), GONE_WITHIN_MS)),
  ]);
  if (ended === 'still running') server.child.kill('SIGKILL');
  return { ended, tookMs: Date.now() - sent };
}

describe('the built server stops on SIGTERM', () => {
  it('when the reader of its output has gone away (EPIPE), still serving until then', async () => {
    const server = await start('pipe');
    // The reader goes: every later write to the pipe fails.
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    await busy(server.base);
    const { ended, tookMs } = await stop(server);
    expect(ended).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(DEADLINE_MS);
  });

  it('when the reader holds the pipe open and never reads (the pipe fills up)', async () => {
    const fifo = join(work, `log-${serial}.fifo`);
    execFileSync('mkfifo', [fifo]);
    // Read and write: opening does not wait for a writer, and nothing will ever read it.
    const held = openSync(fifo, 'r+');
    try {
      const server = await start(held);
      await busy(server.base);
      const { ended, tookMs } = await stop(server);
      expect(ended).toEqual({ code: 0, signal: null });
      expect(tookMs).toBeLessThan(DEADLINE_MS);
    } finally {
      closeSync(held);
    }
  });

  it('when its parent holds the socket pair of its output and never reads it', async () => {
    const server = await start('pipe');
    // Nothing reads: the socket pair's buffer (about 200 KiB here) fills up.
    server.child.stdout!.pause();
    server.child.stderr!.pause();
    await busy(server.base, REQUESTS * 3);
    const { ended, tookMs } = await stop(server);
    expect(ended).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(DEADLINE_MS);
  });

  it('when its output is read to the end, which shows the shutdown', async () => {
    const server = await start('pipe');
    let output = '';
    server.child.stdout!.on('data', (chunk) => (output += chunk));
    server.child.stderr!.on('data', (chunk) => (output += chunk));
    await busy(server.base);
    const { ended, tookMs } = await stop(server);
    expect(ended).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(DEADLINE_MS);
    expect(output).toContain('shutting down');
    expect(output.match(/"url":"\/api\/regions/g)?.length).toBeGreaterThanOrEqual(REQUESTS);
  });

  it('when its output is a file, which holds every line', async () => {
    const path = join(work, `log-${serial}.txt`);
    const file = openSync(path, 'w');
    try {
      const server = await start(file);
      await busy(server.base);
      const { ended, tookMs } = await stop(server);
      expect(ended).toEqual({ code: 0, signal: null });
      expect(tookMs).toBeLessThan(DEADLINE_MS);
    } finally {
      closeSync(file);
    }
    const log = readFileSync(path, 'utf8');
    expect(log).toContain('shutting down');
    expect(log.match(/"url":"\/api\/regions/g)?.length).toBeGreaterThanOrEqual(REQUESTS);
  });

  it('within its deadline, with code 1, when something it waits for never ends', async () => {
    const server = await start('pipe');
    let output = '';
    server.child.stdout!.on('data', (chunk) => (output += chunk));
    server.child.stderr!.on('data', (chunk) => (output += chunk));
    // A request whose body never comes: the server waits for it to finish before it closes.
    const { port } = new URL(server.base);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    // The server has the request (Fastify logs it on arrival, before its body): it is in flight.
    for (let i = 0; i < 200 && !output.includes('"url":"/api/login"'); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(output).toContain('"url":"/api/login"');
    try {
      const { ended, tookMs } = await stop(server);
      expect(ended).toEqual({ code: 1, signal: null });
      expect(tookMs).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
      expect(tookMs).toBeLessThan(DEADLINE_MS + 1_000);
      expect(output).toContain(`shutdown not finished within ${DEADLINE_MS} ms`);
    } finally {
      socket.destroy();
    }
  });
});

describe('the shutdown watchdog', () => {
  it('ends a process whose main thread never lets a timer run', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { armShutdownWatchdog } from './src/lib/shutdown-watchdog.ts';
         armShutdownWatchdog(300);
         for (;;);`,
      ],
      { cwd: SERVER_ROOT, stdio: 'ignore' },
    );
    const started = Date.now();
    const ended = await Promise.race([
      new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal }))),
      new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    if (ended === 'still running') child.kill('SIGKILL');
    expect(ended).toEqual({ code: null, signal: 'SIGKILL' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
