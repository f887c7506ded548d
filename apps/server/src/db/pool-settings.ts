// Apart from client.ts so that the configuration reads the defaults without loading the engines.

/** How the server uses PostgreSQL (config `databasePool`, decision 0020). */
export interface PoolSettings {
  /** Connections at most. */
  max: number;
  /** `statement_timeout` of every pooled connection (ms, 0 = off). */
  statementTimeoutMs: number;
  /** `idle_in_transaction_session_timeout` (ms, 0 = off). */
  idleInTransactionTimeoutMs: number;
  /** `application_name`, shown in pg_stat_activity and the server's logs. */
  applicationName: string;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  max: 10,
  statementTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 30_000,
  applicationName: 'attune',
};
