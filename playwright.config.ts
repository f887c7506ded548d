/**
 * Playwright: browser journeys in e2e/ against the built app (run `npm run build` first; `npm test`
 * does). The system Chromium is used; never download a browser (docs/ARCHITECTURE.md §6).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { defineConfig, devices, type ReporterDescription } from '@playwright/test';

/** A port nobody listens on now, asked from the system (a child process, as this file is synchronous). */
function freePort(): string {
  return execFileSync(
    process.execPath,
    [
      '-e',
      "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
    ],
    { encoding: 'utf8' },
  );
}

// A free port per run, so the suite runs while the app (port 3000) or another run is up.
// ATTUNE_E2E_PORT picks one instead. Workers load this file again and inherit the environment, so
// they reuse the port the main process chose.
const PORT = Number((process.env.ATTUNE_E2E_PORT ??= freePort()));
const BASE_URL = `http://127.0.0.1:${PORT}`;

// A fresh embedded database (PGlite) per run. Playwright loads this file again in every worker;
// workers inherit the environment, so they reuse the directory the main process made.
// Set ATTUNE_E2E_DATA_DIR yourself to keep the database of a run for inspection.
const ownsDataDir = !process.env.ATTUNE_E2E_DATA_DIR;
const dataDir = (process.env.ATTUNE_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'attune-e2e-')));
if (ownsDataDir) {
  // The web server is stopped before the runner exits; then its ~40 MB data directory can go.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

const reporter: ReporterDescription[] = [['list']];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_NAME) {
  reporter.push(['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]);
}

export default defineConfig({
  testDir: 'e2e',
  // Tests are independent (each signs up its own member), so the two workers share the long
  // files instead of one worker running a file's tests alone at the end.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  // A journey of two or three members with an axe scan per screen takes 30–70 s on a slow 2-core
  // machine (2026-11-26); the limit is for a test that hangs, not for a slow machine.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter,
  use: {
    baseURL: BASE_URL,
    // Recording a trace slows every action; PLAYWRIGHT_TRACE=1 records them (kept for failures).
    trace: process.env.PLAYWRIGHT_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    url: `${BASE_URL}/readyz`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOCAL_MODE: '1',
      RATE_LIMIT_IP_MULTIPLIER: '50',
      // A fresh database per run reuses member ids; with REDIS_URL set (CI), a run's own key prefix
      // keeps the counters and caches of an earlier run (same ids, same day) out of this one.
      REDIS_KEY_PREFIX:
        (process.env.ATTUNE_E2E_REDIS_PREFIX ??= `attune-e2e-${process.pid}-${Date.now()}`),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
