/**
 * What a database failure means for the request that met it, and how to log it without the data
 * it carries. Drizzle wraps every failed query in an error whose message lists the query's
 * parameters, and the driver's error may hold row values (`detail`: "Failing row contains (…)")
 * and, on PGlite, the parameters again: password hashes, e-mail addresses, codes. Logs get only
 * what `redactError` keeps.
 */

/** SQLSTATE classes and codes that say the database is away or overloaded, not that the request is wrong. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a restart, a failover
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
]);

/** Network failures of the driver (Node errno codes). */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Messages of node-postgres and pg-pool for a lost or unobtainable connection (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /timeout exceeded when trying to connect/,
  /^Client was closed/,
  /Cannot use a pool after calling end/,
];

export type DatabaseFailure =
  /** The database is away or overloaded: answer 503 and let the client retry. */
  | 'unavailable'
  /** The database refused a value (out of range, not a number, a NUL character): the client's fault. */
  | 'invalid_input';

type Cause = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error and its causes (Drizzle → driver), outermost first; bounded against cycles. */
function chain(error: unknown): Cause[] {
  const found: Cause[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && found.length < 5) {
    found.push(current as Cause);
    current = (current as Cause).cause;
  }
  return found;
}

/** Classifies a thrown error; undefined when it is not a database failure we can name. */
export function classifyDatabaseError(error: unknown): DatabaseFailure | undefined {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : undefined;
    if (code && /^[0-9A-Z]{5}$/.test(code)) {
      // Class 08: connection exception.
      if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code)) return 'unavailable';
      // Class 22: data exception (22P02 not a number, 22003 out of range, 22021 NUL byte, 22001 too long…).
      if (code.startsWith('22')) return 'invalid_input';
    }
    if (code && UNAVAILABLE_ERRNO.has(code)) return 'unavailable';
    // An AggregateError (a host with IPv4 and IPv6 addresses, both refusing) has no code of its own.
    if (Array.isArray(link.errors) && link.errors.some((inner) => classifyDatabaseError(inner)))
      return 'unavailable';
    const message = typeof link.message === 'string' ? link.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unavailable';
  }
  return undefined;
}

/** Fields of a driver error that describe the failure without holding data. */
const SAFE_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'errno',
  'syscall',
  'statusCode',
] as const;

export interface RedactedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * A log-safe copy of an error: type, message, stack and the descriptive fields, with the query's
 * parameters, row values (`detail`, `where`) and the internal query dropped, causes included. A
 * Drizzle message keeps its SQL text (placeholders only) and loses its `params:` line.
 */
export function redactError(error: unknown, depth = 0): RedactedError {
  if (!error || typeof error !== 'object')
    return { type: typeof error, message: String(error), stack: '' };
  const source = error as Record<string, unknown> & Error;
  const message = typeof source.message === 'string' ? source.message : String(error);
  const safe: RedactedError = {
    type: source.constructor?.name ?? 'Error',
    message: message
      .replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]')
      // PostgreSQL quotes the refused value: `invalid input syntax for type integer: "…"`.
      .replace(/(invalid input (?:syntax|value) for [^:\n]*: )"[^\n]*"/g, '$1"[redacted]"'),
    stack: '',
  };
  // The stack starts with the message: rebuilt from the redacted one and the frames.
  const frames =
    typeof source.stack === 'string'
      ? source.stack.split('\n').filter((line) => /^\s+at /.test(line))
      : [];
  safe.stack = [`${safe.type}: ${safe.message.split('\n')[0]}`, ...frames].join('\n');
  for (const field of SAFE_FIELDS) {
    if (source[field] !== undefined && source[field] !== null && source[field] !== '')
      safe[field] = source[field];
  }
  if (source.cause && depth < 4) safe.cause = redactError(source.cause, depth + 1);
  return safe;
}
