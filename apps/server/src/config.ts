import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MANUFACTURER_NAMES } from '@attune/contract';
import { DEFAULT_POOL_SETTINGS } from './db/pool-settings';

const flag = z
  .enum(['1', '0', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.url().optional());

/** A text setting that counts as unset when empty or only spaces. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

/** An empty variable counts as unset (its default applies), not as 0. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );

/** A whole number of milliseconds from the environment; 0 switches the PostgreSQL timeout off. */
const milliseconds = (fallback: number) =>
  unsetIfEmpty(
    z.coerce
      .number({ error: 'a whole number of milliseconds' })
      .int('a whole number of milliseconds')
      .min(0, 'a whole number of milliseconds, 0 (off) or more')
      .max(86_400_000, 'at most 86400000 (one day)')
      .default(fallback),
  );

const EnvSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** Connections each instance keeps to PostgreSQL at most (decision 0020). */
  DATABASE_POOL_MAX: unsetIfEmpty(
    z.coerce
      .number({ error: 'a whole number from 1 to 200' })
      .int('a whole number from 1 to 200')
      .min(1, 'a whole number from 1 to 200')
      .max(200, 'a whole number from 1 to 200')
      .default(DEFAULT_POOL_SETTINGS.max),
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(DEFAULT_POOL_SETTINGS.statementTimeoutMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(
    DEFAULT_POOL_SETTINGS.idleInTransactionTimeoutMs,
  ),
  DATABASE_APPLICATION_NAME: z
    .string()
    .trim()
    .regex(/^[\x20-\x7e]{1,63}$/, 'from 1 to 63 printable ASCII characters')
    .default(DEFAULT_POOL_SETTINGS.applicationName),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Attune <no-reply@attune.local>'),
  LOCAL_MODE: flag.optional(),
  PUBLIC_URL: optionalUrl,
  AUTH_SECRET: z.string().optional(),
  REGISTER_TOKEN: z.string().min(16).optional(),
  RECOVER_TOKEN: z.string().min(16).optional(),
  AUTH_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." or "-" only')
    .default('attune_auth'),
  SUPPORT_EMAIL: z.email().default('support@attune.local'),
  STAFF_EMAIL_DOMAINS: commaList,
  MANUFACTURER_NAME: optionalText,
  MANUFACTURER_NAME_DE: optionalText,
  MANUFACTURER_NAME_ES: optionalText,
  CONSENT_SCRIPT_URL: optionalUrl,
  CONSENT_ID: z.string().optional(),
  CONSENT_LANGUAGE_ATTRIBUTE: z.string().default('data-language'),
  RATE_LIMIT_IP_MULTIPLIER: z.coerce.number().positive().default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a shutdown may take before the process exits anyway (issue 45). */
  SHUTDOWN_DEADLINE_MS: unsetIfEmpty(
    z.coerce
      .number({ error: 'a whole number of milliseconds from 100 to 600000' })
      .int('a whole number of milliseconds from 100 to 600000')
      .min(100, 'a whole number of milliseconds from 100 to 600000')
      .max(600_000, 'a whole number of milliseconds from 100 to 600000')
      .default(10_000),
  ),
  SEED_DEMO: flag.optional(),
  JOBS: flag.optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.string().trim().optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits, "_", ".", ":" or "-" only')
    .default('attune'),
  GRAPHQL_INTROSPECTION: flag.optional(),
  API_DOCS: flag.optional(),
});

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: which peer may tell the client's address in `X-Forwarded-For`. Empty: nobody (the
 * socket's address counts). A number: that many proxy hops in front of the server (only safe when
 * the server cannot be reached except through them). Otherwise a comma list of proxy addresses,
 * CIDR ranges or the names loopback, linklocal and uniquelocal. Trusting everyone (`true`, `*`)
 * would let any client pick its address and escape the per-address limits, so it is refused.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10) throw new Error('a hop count from 1 to 10');
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.includes(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk =
      prefix === undefined ||
      (/^\d+$/.test(prefix) && Number(prefix) >= 0 && Number(prefix) <= bits);
    if (!family || !prefixOk || rest.length > 0)
      throw new Error(
        `"${entry}" is not an address, a CIDR range or loopback/linklocal/uniquelocal (trusting every client is not allowed)`,
      );
  }
  return entries;
}

export type AppConfig = ReturnType<typeof finishConfig>;

/** Thrown when the environment is invalid; main.ts prints it and exits 1. */
export class ConfigError extends Error {}

/**
 * Reads and validates the environment. In local mode, secrets that are not given are generated once
 * into DATA_DIR so that `npm start` needs no setup and restarts keep sessions valid.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return finishConfig(parsed.data);
}

function finishConfig(raw: z.infer<typeof EnvSchema>) {
  const localMode = raw.LOCAL_MODE ?? !raw.PUBLIC_URL;
  const dataDir = resolve(raw.DATA_DIR);
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');

  if (!localMode) {
    const missing = (
      ['AUTH_SECRET', 'REGISTER_TOKEN', 'RECOVER_TOKEN', 'SMTP_URL', 'PUBLIC_URL'] as const
    ).filter((name) => !raw[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required when LOCAL_MODE is off`).join('\n')}`,
      );
    }
  }

  let trustProxy: false | number | string[];
  try {
    trustProxy = parseTrustProxy(raw.TRUST_PROXY);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${(error as Error).message}`);
  }

  const secrets = localMode ? localSecrets(dataDir) : undefined;
  const authSecret = raw.AUTH_SECRET ?? secrets!.authSecret;
  if (Buffer.byteLength(authSecret) < 32) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: must be at least 32 bytes (256 bits)',
    );
  }

  return {
    port: raw.PORT,
    // Local mode is for one person's machine: reachable from it only ('localhost' binds 127.0.0.1
    // and ::1, so http://localhost works over IPv4 and IPv6). A deployment listens everywhere.
    host: raw.HOST || (localMode ? 'localhost' : '0.0.0.0'),
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    /** How the server uses PostgreSQL (ignored by the embedded PGlite). */
    databasePool: {
      max: raw.DATABASE_POOL_MAX,
      statementTimeoutMs: raw.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: raw.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      applicationName: raw.DATABASE_APPLICATION_NAME,
    },
    redisUrl: raw.REDIS_URL,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    localMode,
    publicUrl,
    /** False in local mode without PUBLIC_URL: public links then follow the request's own origin. */
    publicUrlConfigured: Boolean(raw.PUBLIC_URL),
    productionHost: localMode ? 'localhost' : new URL(publicUrl).hostname,
    authSecret,
    registerToken: raw.REGISTER_TOKEN ?? secrets!.registerToken,
    recoverToken: raw.RECOVER_TOKEN ?? secrets!.recoverToken,
    authCookieName: raw.AUTH_COOKIE_NAME,
    supportEmail: raw.SUPPORT_EMAIL,
    // Local mode lets people try staff sign-up with the demo domain unless domains are configured.
    staffEmailDomains:
      raw.STAFF_EMAIL_DOMAINS.length === 0 && localMode
        ? ['medel.example']
        : raw.STAFF_EMAIL_DOMAINS,
    manufacturerNames: manufacturerNames(raw),
    consent:
      raw.CONSENT_SCRIPT_URL && raw.CONSENT_ID
        ? {
            scriptUrl: raw.CONSENT_SCRIPT_URL,
            id: raw.CONSENT_ID,
            languageAttribute: raw.CONSENT_LANGUAGE_ATTRIBUTE,
          }
        : null,
    rateLimitIpMultiplier: raw.RATE_LIMIT_IP_MULTIPLIER,
    logLevel: raw.LOG_LEVEL,
    /** After SIGTERM: whatever is still pending then, the process exits with code 1 (main.ts). */
    shutdownDeadlineMs: raw.SHUTDOWN_DEADLINE_MS,
    /** Demo accounts (known password): only into the embedded database, unless SEED_DEMO=1 asks. */
    seedDemo: raw.SEED_DEMO ?? (localMode && !raw.DATABASE_URL),
    /** Background jobs (weekly digest, cleaning; decision 0046): on unless JOBS=0. */
    jobs: raw.JOBS ?? true,
    webDistDir: raw.WEB_DIST_DIR,
    trustProxy,
    /** Bearer token for /metrics; without it /metrics answers loopback peers in local mode only. */
    metricsToken: raw.METRICS_TOKEN,
    /** Prefix of every Redis key (rate limits, later pub/sub), so deployments can share a Redis. */
    redisKeyPrefix: raw.REDIS_KEY_PREFIX,
    graphqlIntrospection: raw.GRAPHQL_INTROSPECTION ?? localMode,
    /** The OpenAPI document and its UI at /api/docs. */
    apiDocs: raw.API_DOCS ?? localMode,
  };
}

/**
 * The manufacturer's name in each language. A brand name (MANUFACTURER_NAME) usually stays the same
 * in every language, so it is used where no language has its own; without any, each language gets
 * its own neutral words (never the English ones inside a German or Spanish page).
 */
function manufacturerNames(raw: z.infer<typeof EnvSchema>) {
  return {
    en: raw.MANUFACTURER_NAME ?? DEFAULT_MANUFACTURER_NAMES.en,
    de: raw.MANUFACTURER_NAME_DE ?? raw.MANUFACTURER_NAME ?? DEFAULT_MANUFACTURER_NAMES.de,
    es: raw.MANUFACTURER_NAME_ES ?? raw.MANUFACTURER_NAME ?? DEFAULT_MANUFACTURER_NAMES.es,
  };
}

interface LocalSecrets {
  authSecret: string;
  registerToken: string;
  recoverToken: string;
}

function localSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets: LocalSecrets = {
    authSecret: randomBytes(32).toString('base64url'),
    registerToken: randomBytes(24).toString('base64url'),
    recoverToken: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
