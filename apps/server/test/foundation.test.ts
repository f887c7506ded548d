import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAMES, PublicConfig } from '@attune/contract';
import { SERVER_ROOT } from '../src/paths';
import { bearer, createTestApp, logIn, post, signUp, TEST_TOKENS, type TestApp } from './app';
import { freePort } from './server-process';

const parentDir = mkdtempSync(join(tmpdir(), 'attune-test-files-'));
afterAll(() => rmSync(parentDir, { recursive: true, force: true }));

describe('foundation endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('serves the public settings at /config.json, with same-origin paths in local mode', async () => {
    const response = await t.app.inject({
      url: '/config.json',
      headers: { host: '127.0.0.1:3100' },
    });
    const config = PublicConfig.parse(response.json());
    expect(config).toMatchObject({
      graphqlUrl: '/graphql',
      restUrl: '/api',
      socialUrl: '/api/social',
      registerToken: TEST_TOKENS.register,
      recoverToken: TEST_TOKENS.recover,
      authCookieName: 'attune_auth',
      productionHost: 'localhost',
      localMode: true,
      consent: null,
    });
  });

  it('publishes an OpenAPI 3.1 document generated from the contract', async () => {
    const document = (await t.app.inject('/api/docs/json')).json();
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/api/send2facode',
      '/api/validate2facode',
      '/api/registeruser',
      '/api/recoverpassword',
      '/api/resetpassword',
      '/api/authwp',
      '/api/logout',
    ]) {
      expect(document.paths[path]?.post, path).toBeDefined();
    }
    expect(
      document.paths['/api/registeruser'].post.requestBody.content['application/json'].schema
        .properties,
    ).toHaveProperty('email');
    expect(document.paths['/graphql']).toBeUndefined();
  });

  it('answers unknown API routes and bad JSON in the one error shape', async () => {
    const missing = await t.app.inject('/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'not_found',
      message: expect.any(String),
      data: { status: 404, params: {} },
    });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/send2facode',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'bad_request', data: { status: 400 } });
  });

  it('limits GraphQL query depth', async () => {
    const deep = `{ viewer { avatar { url } extendedProfile { value { raw } } } }`;
    expect(
      (await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: deep } }))
        .statusCode,
    ).toBe(200);
    // Introspection nests deeply enough to cross the limit of 8.
    const nested = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }`;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: nested },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toMatch(/depth/i);
  });

  it('lists the dev outbox as JSON and HTML in local mode', async () => {
    const { email } = await signUp(t.app);
    const html = await t.app.inject('/dev/mail');
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain(email);
  });
});

describe('outside local mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LOCAL_MODE: '0',
      PUBLIC_URL: 'https://community.example.org',
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
  });
  afterAll(() => t.close());

  it('has no dev outbox', async () => {
    expect((await t.app.inject('/dev/mail.json')).statusCode).toBe(404);
    expect((await t.app.inject('/dev/mail')).statusCode).toBe(404);
  });

  it('serves the configured origin and production host', async () => {
    const config = (await t.app.inject('/config.json')).json();
    expect(config).toMatchObject({
      graphqlUrl: 'https://community.example.org/graphql',
      productionHost: 'community.example.org',
      localMode: false,
    });
  });

  it('marks auth cookies secure', async () => {
    // Sign-up mail goes to SMTP here, so the member is created directly.
    const { createMember } = await import('../src/modules/users/service');
    const { hashPassword } = await import('../src/modules/auth/service');
    await t.database.db.transaction(async (tx) =>
      createMember(tx, {
        email: 'secure@example.org',
        passwordHash: await hashPassword('long-enough-password-1'),
        registrationType: 'regular',
        locale: 'en',
      }),
    );
    const login = await logIn(t.app, 'secure@example.org', 'long-enough-password-1');
    expect(login.cookies.find((c) => c.name === COOKIE_NAMES.refresh)?.secure).toBe(true);
    const authwp = await post(
      t.app,
      '/api/authwp',
      { email: 'secure@example.org' },
      bearer(login.authToken),
    );
    expect(authwp.cookies.find((c) => c.name === COOKIE_NAMES.session)?.secure).toBe(true);
  });
});

/** Runs the real entry point (src/main.ts through tsx) as `npm start` would. */
function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('exits 1 with a message naming the bad variable', async () => {
    const run = runMain({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(join(parentDir, 'main-')) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Invalid configuration:\n\s+PORT:/);
  });

  it('refuses to start outside local mode without its secrets', async () => {
    const run = runMain({
      LOCAL_MODE: '0',
      PUBLIC_URL: 'https://x.example',
      DATA_DIR: mkdtempSync(join(parentDir, 'main-')),
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('AUTH_SECRET: required when LOCAL_MODE is off');
  });

  it('migrates, seeds, serves, and on SIGTERM finishes in-flight requests and exits 0', async () => {
    const port = await freePort();
    const run = runMain({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(parentDir, 'main-')),
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 120; i += 1) {
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A login takes an argon2 verification: in flight when the signal arrives.
    const inFlight = fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'mutation { login(input: {username: "member", password: "attune-demo-2026"}) { user { username } } }',
      }),
    }).then((r) => r.json() as Promise<{ data: { login: { user: { username: string } } } }>);
    // Signal only once the server has logged the login's arrival: a fixed pause raced the
    // request on a loaded machine, and a request that arrives after shutdown began is refused.
    const loginArrived = /incoming request[^\n]*\/graphql|\/graphql[^\n]*incoming request/;
    for (let i = 0; i < 400 && !loginArrived.test(run.output()); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(run.output()).toMatch(loginArrived);
    run.child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.data.login.user.username).toBe('member');
    const code = await run.exited;
    expect(code, run.output()).toBe(0);
    expect(run.output()).toContain('demo accounts seeded');
    expect(run.output()).toContain('shutting down');
  }, 60_000);
});

describe('serving the web build', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { gzipSync } = await import('node:zlib');
    webDir = mkdtempSync(join(parentDir, 'web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Attune</title>');
    const script = 'console.log("hello");'.repeat(100);
    writeFileSync(join(webDir, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(webDir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    t = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(() => t.close());

  it('serves hashed assets for a year, pre-compressed when the browser accepts it', async () => {
    const asset = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for app routes, never cached, but not for API paths or missing files', async () => {
    const page = await t.app.inject('/en/login?redirect=%2Fen');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Attune</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/api/unknown')).statusCode).toBe(404);
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('logs out with an empty POST', async () => {
    const member = await signUp(t.app);
    const login = await logIn(t.app, member.email, member.password);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(login.authToken),
    });
    expect(out.statusCode).toBe(200);
  });
});
