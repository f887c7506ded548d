import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const parentDir = mkdtempSync(join(tmpdir(), 'attune-test-files-'));
afterAll(() => rmSync(parentDir, { recursive: true, force: true }));

const dataDir = () => mkdtempSync(join(parentDir, 'config-'));

describe('loadConfig', () => {
  it('defaults to local mode with generated secrets kept in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      localMode: true,
      port: 3000,
      authCookieName: 'attune_auth',
      productionHost: 'localhost',
    });
    expect(Buffer.byteLength(first.authSecret)).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first.authSecret);
  });

  it('reads LOCAL_MODE as 1/0/true/false', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), LOCAL_MODE: 'true' }).localMode).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOCAL_MODE: 'yes' })).toThrow(/LOCAL_MODE/);
  });

  it('names each bad variable', () => {
    try {
      loadConfig({
        PORT: 'abc',
        SUPPORT_EMAIL: 'nope',
        DATABASE_URL: 'not a url',
        DATA_DIR: dataDir(),
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'SUPPORT_EMAIL', 'DATABASE_URL'])
        expect(message).toContain(`${name}:`);
    }
  });

  it('needs real secrets, SMTP and a public URL outside local mode', () => {
    expect(() => loadConfig({ LOCAL_MODE: '0', DATA_DIR: dataDir() })).toThrow(
      /AUTH_SECRET: required[\s\S]*SMTP_URL: required[\s\S]*PUBLIC_URL: required/,
    );
    const config = loadConfig({
      PUBLIC_URL: 'https://community.example.org/',
      AUTH_SECRET: 'x'.repeat(32),
      REGISTER_TOKEN: 'r'.repeat(20),
      RECOVER_TOKEN: 'p'.repeat(20),
      SMTP_URL: 'smtp://mail.example.org:587',
      STAFF_EMAIL_DOMAINS: ' MEDEL.com, medel.at ',
    });
    expect(config).toMatchObject({
      localMode: false,
      publicUrl: 'https://community.example.org',
      productionHost: 'community.example.org',
      staffEmailDomains: ['medel.com', 'medel.at'],
    });
  });

  it('refuses a short AUTH_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: 'short' })).toThrow(
      /AUTH_SECRET: must be at least 32 bytes/,
    );
  });

  it('configures the consent provider only when script and id are given', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).consent).toBeNull();
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        CONSENT_SCRIPT_URL: 'https://consent.example/cc.js',
        CONSENT_ID: 'abc',
      }).consent,
    ).toEqual({
      scriptUrl: 'https://consent.example/cc.js',
      id: 'abc',
      languageAttribute: 'data-language',
    });
  });

  const production = {
    PUBLIC_URL: 'https://community.example.org',
    AUTH_SECRET: 'x'.repeat(32),
    REGISTER_TOKEN: 'r'.repeat(20),
    RECOVER_TOKEN: 'p'.repeat(20),
    SMTP_URL: 'smtp://mail.example.org:587',
  };

  it('listens on this machine only in local mode, everywhere in a deployment, unless HOST says', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).host).toBe('localhost');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, DATA_DIR: dataDir() }).host).toBe('0.0.0.0');
  });

  it('seeds demo accounts only into the embedded database, unless SEED_DEMO=1 asks', () => {
    const postgres = 'postgres://db.example.org/attune';
    expect(loadConfig({ DATA_DIR: dataDir() }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: postgres }).seedDemo).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: postgres, SEED_DEMO: '1' }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ ...production, DATA_DIR: dataDir() }).seedDemo).toBe(false);
  });

  it('trusts no proxy unless TRUST_PROXY names one, and never every client', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ ...production, DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,::1' })
        .trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', '::1']);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    for (const value of ['true', '*', '0.0.0.0/0x', '10.0.0.0/33', 'proxy.example.org', '0'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY:/,
      );
  });

  it('turns introspection and the API docs on in local mode only, unless configured', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      graphqlIntrospection: true,
      apiDocs: true,
    });
    expect(loadConfig({ ...production, DATA_DIR: dataDir() })).toMatchObject({
      graphqlIntrospection: false,
      apiDocs: false,
    });
    expect(
      loadConfig({
        ...production,
        DATA_DIR: dataDir(),
        GRAPHQL_INTROSPECTION: '1',
        API_DOCS: 'true',
      }),
    ).toMatchObject({ graphqlIntrospection: true, apiDocs: true });
  });

  it('takes the Redis key prefix from REDIS_KEY_PREFIX', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).redisKeyPrefix).toBe('attune');
    expect(
      loadConfig({ DATA_DIR: dataDir(), REDIS_KEY_PREFIX: 'staging:attune' }).redisKeyPrefix,
    ).toBe('staging:attune');
    expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_KEY_PREFIX: 'a b' })).toThrow(
      /REDIS_KEY_PREFIX/,
    );
  });
});

describe('PostgreSQL pool settings', () => {
  it('has defaults, and takes an empty variable as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).databasePool).toEqual({
      max: 10,
      statementTimeoutMs: 10_000,
      idleInTransactionTimeoutMs: 30_000,
      applicationName: 'attune',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_POOL_MAX: '25',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '',
        DATABASE_APPLICATION_NAME: 'attune-eu-1',
      }).databasePool,
    ).toEqual({
      max: 25,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 30_000,
      applicationName: 'attune-eu-1',
    });
  });

  it.each([
    ['DATABASE_POOL_MAX', '0', 'a whole number from 1 to 200'],
    ['DATABASE_POOL_MAX', 'ten', 'a whole number from 1 to 200'],
    ['DATABASE_POOL_MAX', '500', 'a whole number from 1 to 200'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '-1', '0 (off) or more'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '2.5', 'a whole number of milliseconds'],
    ['DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', '30s', 'a whole number of milliseconds'],
    ['DATABASE_APPLICATION_NAME', 'ä'.repeat(3), 'printable ASCII'],
    ['DATABASE_APPLICATION_NAME', 'x'.repeat(64), 'from 1 to 63'],
  ])('refuses %s=%s with a clear message', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(
      new RegExp(`${name}: .*${message.replace(/[()]/g, '\\$&')}`),
    );
  });
});
