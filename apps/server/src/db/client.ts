import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Freshness } from '../lib/freshness';
import { MIGRATIONS_DIR } from '../paths';
import { DEFAULT_POOL_SETTINGS, type PoolSettings } from './pool-settings';
import { useGenericPlanPool } from './generic-plans';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One Drizzle type for both engines: PGlite and node-postgres speak the same SQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** Either the database or an open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /**
   * Runs start-up work (migrations, seeding) while holding a PostgreSQL advisory lock, so instances
   * starting together take turns; PGlite has one process only and just runs it.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Hears NOTIFY on a channel: on PostgreSQL through a connection of its own, checked by a
   * heartbeat and connected again (with a growing pause) whenever it is lost or goes silent; on
   * PGlite from the one connection. Resolves after the first attempt. `close` stops every listener.
   */
  listen(channel: string, listener: NotificationListener): Promise<Listening>;
  /** Connections of the pool (PostgreSQL only), for /metrics. */
  poolStats?(): PoolStats;
  /** The whole PGlite data directory as a tarball (PGlite only): tests clone a migrated one. */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface NotificationListener {
  /** A notification's payload (delivered only after the notifying transaction committed). */
  message(payload: string): void;
  /** Listening (again): anything notified while it was not was missed. */
  connected(): void;
  /** The listening connection was lost: notifications go unheard until `connected`. */
  disconnected(): void;
}

/** One channel listened to: whether it is heard now (for the caches following it), and the way to stop. */
export interface Listening extends Freshness {
  stop(): Promise<void>;
}

export interface PoolStats {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
  max: number;
}

/** Key of the start-up advisory lock: the same in every Attune instance (any 64-bit number would do). */
export const STARTUP_LOCK_KEY = 0x41_74_74_75_6e_65n; // "Attune" in ASCII

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PostgreSQL only; DEFAULT_POOL_SETTINGS where not given. */
  pool?: Partial<PoolSettings>;
  /** PGlite data directory; ignored with a databaseUrl. */
  dataDir?: string;
  /** A PGlite data-dir tarball to start from (tests clone a migrated template this way). */
  pgliteLoadDataDir?: Blob | File;
  /** Keep PGlite in memory only. */
  inMemory?: boolean;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `<dataDir>/pglite`. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, { ...DEFAULT_POOL_SETTINGS, ...options.pool });
  return openPglite(options);
}

async function openPostgres(url: string, settings: PoolSettings): Promise<Database> {
  // The timeouts are session settings sent in the start-up packet, so every connection has them
  // from its first query on: a runaway statement or a transaction left open by a bug ends on the
  // server instead of holding a connection (and its locks) for good.
  const createPool = (max: number, options: string) => {
    const created = new pg.Pool({
      connectionString: url,
      max,
      statement_timeout: settings.statementTimeoutMs,
      idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
      application_name: settings.applicationName,
      options,
    });
    // An idle connection the server closes (restart, failover, dropped test database) emits an
    // error; without a listener that would crash the process. The pool replaces it on the next
    // query.
    created.on('error', (error) => console.warn(`PostgreSQL connection closed: ${error.message}`));
    // The pool listens only to idle connections. One checked out for a transaction that the
    // server drops between two queries emits its error with no listener, which would end the
    // process; the query in flight fails on its own (answered 503) and the pool discards the
    // broken connection when it comes back.
    created.on('connect', (client) => {
      client.on('error', (error) => {
        if (!created.ending) console.warn(`PostgreSQL connection lost: ${error.message}`);
      });
    });
    return created;
  };
  // Every statement here answers a request in milliseconds; JIT compiling one that the planner
  // costs high (a directory page whose fallback branch is costed as if it ran) takes ~50 ms
  // before the first row (decision 0033).
  const pool = createPool(settings.max, '-c jit=off');
  // Statements written to have one good plan whatever their values (executeNamed's, decision
  // 0035) run on connections that always keep a prepared statement's generic plan: left to choose,
  // PostgreSQL plans some of them anew on every execution, which costs more than running them.
  const genericPlanPool = createPool(
    Math.max(2, Math.ceil(settings.max / 2)),
    '-c jit=off -c plan_cache_mode=force_generic_plan',
  );
  useGenericPlanPool(pool, genericPlanPool);
  /**
   * One connection without the statement timeout, for start-up work: waiting for another
   * instance's advisory lock, and migrations (building an index on a large table), may take longer
   * than any request should.
   */
  const maintenanceClient = async () => {
    const client = new pg.Client({
      connectionString: url,
      application_name: `${settings.applicationName.slice(0, 50)} (start-up)`,
    });
    client.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    await client.connect();
    return client;
  };
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    engine: 'postgres',
    async listen(channel, listener) {
      const listening = await listenPostgres(url, settings.applicationName, channel, listener);
      const stopOnce = async () => {
        listeners.delete(stopOnce);
        await listening.stop();
      };
      listeners.add(stopOnce);
      return { heard: listening.heard, stop: stopOnce };
    },
    async migrate() {
      const client = await maintenanceClient();
      try {
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.end();
      }
    },
    ping: () => ping(db),
    async withStartupLock(work) {
      // A session lock on one connection of its own (no statement timeout: another instance's
      // migrations may take a while), held while the work runs.
      const client = await maintenanceClient();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()]);
        }
      } finally {
        await client.end();
      }
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: settings.max,
    }),
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await Promise.all([pool.end(), genericPlanPool.end()]);
    },
  };
}

/** The pause before connecting the listener again grows from the first to the last. */
const LISTEN_RETRY_MS = { first: 250, last: 10_000 };

/**
 * How a listening connection is known to be alive (decision 0066). A connection whose peer went
 * away without a word (a half-open connection: a dead host, a dropped route, a paused proxy)
 * reports no error and delivers no notification, so the caches following it would serve for their
 * whole time to live. A trivial query every `everyMs` must be answered within `limitMs`: until
 * then the channel counts as not heard, and past it the connection is ended and made again. TCP
 * keepalive, from `keepAliveDelayMs` of silence on, lets the system notice too.
 */
export const LISTEN_HEARTBEAT = { everyMs: 1_500, limitMs: 5_000, keepAliveDelayMs: 1_000 };

/**
 * A connection of its own (LISTEN holds it for good, so it cannot come from the pool). When it is
 * lost (a restart, a failover, `pg_terminate_backend`) or silent past the heartbeat's limit, the
 * listener hears `disconnected` at once and `connected` once a new connection listens again; the
 * answer's `heard()` says, on every call, whether the channel is heard now.
 */
async function listenPostgres(
  url: string,
  applicationName: string,
  channel: string,
  listener: NotificationListener,
): Promise<Listening> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retryMs = LISTEN_RETRY_MS.first;
  let retry: NodeJS.Timeout | undefined;
  /** When the listening connection last answered (performance.now()); -Infinity while none listens. */
  let heardAt = -Infinity;
  /** Ends the current connection when it has not answered within the limit. */
  let watchdog: NodeJS.Timeout | undefined;
  /** Sends the current connection its heartbeat. */
  let beat: NodeJS.Timeout | undefined;

  /** Forgets the current connection: it no longer counts as heard, and its timers stop. */
  const drop = () => {
    current = undefined;
    heardAt = -Infinity;
    clearTimeout(watchdog);
    clearInterval(beat);
  };

  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({
      connectionString: url,
      application_name: `${applicationName.slice(0, 50)} (listen)`,
      keepAlive: true,
      keepAliveInitialDelayMillis: LISTEN_HEARTBEAT.keepAliveDelayMs,
    });
    current = client;
    // 'error' and 'end' may both come, a failed connect too, and the watchdog: only the first counts.
    const lost = (error?: Error) => {
      if (current !== client) return;
      drop();
      if (error && !stopped) console.warn(`PostgreSQL listening connection lost: ${error.message}`);
      // Destroyed, not ended: a silent peer would never answer a polite goodbye.
      client.connection.stream.destroy();
      client.end().catch(() => {});
      listener.disconnected();
      if (stopped) return;
      retry = setTimeout(connect, retryMs);
      retry.unref();
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.last);
    };
    // Connecting and listening must be answered within the limit too.
    watchdog = setTimeout(
      () => lost(new Error(`no answer within ${LISTEN_HEARTBEAT.limitMs} ms`)),
      LISTEN_HEARTBEAT.limitMs,
    );
    watchdog.unref();
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (notification) => {
      if (current === client && notification.channel === channel)
        listener.message(notification.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (current !== client) return;
    retryMs = LISTEN_RETRY_MS.first;
    heardAt = performance.now();
    watchdog.refresh();
    let waiting = false;
    beat = setInterval(() => {
      if (waiting || current !== client) return;
      waiting = true;
      client.query('select 1').then(
        () => {
          waiting = false;
          if (current !== client) return;
          const now = performance.now();
          // Answered only after the limit (this process stood still, its timers with it): the
          // caches were told nothing meanwhile, so they start again as after a lost connection.
          if (now - heardAt > LISTEN_HEARTBEAT.limitMs)
            return lost(new Error('answered only after the heartbeat limit'));
          heardAt = now;
          watchdog?.refresh();
        },
        (error: Error) => lost(error),
      );
    }, LISTEN_HEARTBEAT.everyMs);
    beat.unref();
    listener.connected();
  };

  await connect();
  return {
    heard: () => performance.now() - heardAt <= LISTEN_HEARTBEAT.limitMs,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      drop();
      if (!client) return;
      // A polite goodbye, unless the peer stays silent.
      await Promise.race([
        client.end().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, LISTEN_HEARTBEAT.limitMs).unref()),
      ]);
      client.connection.stream.destroy();
    },
  };
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!options.inMemory && options.dataDir) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    // Extensions must be passed on every open (ARCHITECTURE §6); the migrations create them.
    extensions: { pg_trgm, unaccent },
    ...(dataDir ? { dataDir } : {}),
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () =>
      migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    // One process: notifications are delivered in it, and nothing can go silent in between.
    async listen(channel, listener) {
      const unlisten = await client.listen(channel, (payload) => listener.message(payload));
      listener.connected();
      return { heard: () => true, stop: () => unlisten() };
    },
    withStartupLock: (work) => work(),
    snapshot: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
