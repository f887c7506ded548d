import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LOGIN_MUTATION, type DevMail, type LoginResult } from '@attune/contract';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './database';

export const TEST_TOKENS = {
  register: 'test-register-token-0123456789',
  recover: 'test-recover-token-0123456789',
};
export const STAFF_DOMAIN = 'medel.example';
export const GOOD_PASSWORD = 'quiet-harbour-lantern-42';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database, as `npm start` would, with test secrets and quiet logs. */
export async function createTestApp(
  env: Record<string, string> = {},
  shared?: { database: Database },
  build: Pick<BuildAppOptions, 'graphqlLimits'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOCAL_MODE: '1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'attune-test-')),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    REGISTER_TOKEN: TEST_TOKENS.register,
    RECOVER_TOKEN: TEST_TOKENS.recover,
    STAFF_EMAIL_DOMAINS: STAFF_DOMAIN,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    WEB_DIST_DIR: join(tmpdir(), 'attune-no-web-build'),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    // Test files share the run's Redis but not their databases (member ids repeat): each app has
    // its own channels, so one file's live events never reach another's sockets.
    REDIS_KEY_PREFIX: `attune-test-${randomBytes(4).toString('hex')}`,
    // The job runner has tests of its own (modules/jobs); others do not start it.
    JOBS: '0',
    ...env,
  });
  const database = shared?.database ?? (await openTestDatabase());
  const app = await buildApp(config, {
    database,
    logger: false,
    rateLimitPrefix: env.RATE_LIMIT_PREFIX ?? `attune-test:${randomBytes(6).toString('hex')}`,
    ...build,
    // Login's progressive delays in hundredths unless a test asks for others, so a test of ten
    // failures takes well under a second.
    rateLimitDelayScale: Number(env.RATE_LIMIT_DELAY_SCALE ?? 0.01),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      if (!shared) await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique e-mail address per call, so tests never share rate-limit keys or accounts. */
export const uniqueEmail = (prefix = 'member', domain = 'example.com') =>
  `${prefix}-${Date.now().toString(36)}-${(counter += 1)}-${randomBytes(3).toString('hex')}@${domain}`;

export async function post(
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({ method: 'POST', url, payload: body as object, headers });
  return {
    status: response.statusCode,
    body: response.json(),
    headers: response.headers,
    cookies: response.cookies,
  };
}

/**
 * A REST call as a signed-in member (their Bearer token) or, with null, as a visitor; the body
 * only when given.
 */
export type CallArgs = [
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT',
  url: string,
  who: { token: string } | null,
  payload?: object,
];
export const callAs = (app: FastifyInstance, ...[method, url, who, payload]: CallArgs) =>
  app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: who ? bearer(who.token) : {},
  });

/** The error code of a REST answer (`{ code, message, … }`). */
export const codeOf = (response: { json(): unknown }) => (response.json() as { code: string }).code;

type SignedInMember = Awaited<ReturnType<typeof signedInMember>>;
/** A list of exactly N of T. */
type Tuple<T, N extends number, Built extends T[] = []> = Built['length'] extends N
  ? Built
  : Tuple<T, N, [T, ...Built]>;

/** `count` new members, each signed up and signed in (a test's cast, as a tuple). */
export const signedInMembers = <N extends number>(app: FastifyInstance, count: N) =>
  Promise.all(Array.from({ length: count }, () => signedInMember(app))) as Promise<
    Tuple<SignedInMember, N>
  >;

export async function graphql<T = unknown>(
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query, variables },
    headers,
  });
  return {
    status: response.statusCode,
    body: response.json() as {
      data: T | null;
      errors?: { message: string; extensions: { code: string } }[];
    },
    cookies: response.cookies,
  };
}

/** Delivers the outbox, then lists the dev outbox as the browser would. */
export async function mailsTo(app: FastifyInstance, email: string): Promise<DevMail[]> {
  await app.mail.drain();
  const response = await app.inject({ method: 'GET', url: '/dev/mail.json' });
  return (response.json() as DevMail[]).filter((mail) => mail.to === email.toLowerCase());
}

/** The 6-digit code of the newest mail to this address. */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await mailsTo(app, email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Signs up through the public API exactly as the web app does; returns the new member's id. */
export async function signUp(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = GOOD_PASSWORD,
  type = 'regular',
) {
  await post(app, '/api/send2facode', { email });
  const code = await latestCode(app, email);
  const validated = await post(app, '/api/validate2facode', {
    email,
    code,
    is_reset_password: false,
  });
  if (validated.status !== 200)
    throw new Error(`validate failed: ${JSON.stringify(validated.body)}`);
  const registered = await post(
    app,
    '/api/registeruser',
    { email, password, type },
    { authorization: `Bearer ${TEST_TOKENS.register}` },
  );
  if (registered.status !== 200)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  return { email, password, id: registered.body.id as number };
}

export async function logIn(app: FastifyInstance, username: string, password: string) {
  const result = await graphql<LoginResult>(app, LOGIN_MUTATION, {
    input: { username, password, clientMutationId: 'test' },
  });
  if (!result.body.data) throw new Error(`login failed: ${JSON.stringify(result.body.errors)}`);
  return { ...result.body.data.login, cookies: result.cookies };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `PUT /api/update-profile` as the member with this token, in `language`. */
export const updateProfile = (app: FastifyInstance, token: string, body: object, language = 'en') =>
  app.inject({
    method: 'PUT',
    url: '/api/update-profile',
    payload: body,
    headers: { ...bearer(token), 'accept-language': language },
  });

/** A new member, signed up through the API and logged in: the account plus its tokens. */
export async function signedInMember(app: FastifyInstance) {
  const account = await signUp(app);
  const login = await logIn(app, account.email, account.password);
  return { ...account, token: login.authToken, refreshToken: login.refreshToken };
}
