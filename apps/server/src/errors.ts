import type { ErrorCode, ErrorParams } from '@attune/contract';
import { classifyDatabaseError } from './db/errors';

/** A code's parameters: required when the code takes some (contract `ErrorParamsByCode`), else optional. */
type ParamsArgs<C extends ErrorCode> = keyof ErrorParams<C> extends never
  ? [params?: ErrorParams<C>, headers?: Record<string, string>]
  : [params: ErrorParams<C>, headers?: Record<string, string>];

/**
 * An error with a stable code, its parameters and an HTTP status; the error handler answers
 * `{ code, message, data: { status, params } }` and GraphQL puts the same in `extensions`. The
 * message is English (logs, old clients); the web app shows its own text for the code.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly params: ErrorParams<C>;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: C,
    readonly status: number,
    message: string,
    ...[params, headers]: ParamsArgs<C>
  ) {
    super(message);
    this.name = 'AppError';
    this.params = params ?? ({} as ErrorParams<C>);
    this.headers = headers ?? {};
  }
}

/** A refused value, named by its field (see `validation_failed` in the contract). */
export const invalidField = (field: string, message: string) =>
  new AppError('validation_failed', 400, message, { field });
export const unauthorized = (
  message = 'Authentication required.',
  code:
    'unauthorized' | 'token_invalid' | 'session_revoked' | 'refresh_token_reused' = 'unauthorized',
) => new AppError(code, 401, message);
export const forbidden = (message: string) => new AppError('forbidden', 403, message);
export const notFound = (message = 'Not found.') => new AppError('not_found', 404, message);

/** Seconds a client should wait before retrying while the database is away (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer for a database failure, or undefined when the error is no database failure we can
 * name: 503 with `Retry-After` while the database is away (a restart, a failover, a full pool),
 * 400 when it refused a value the client sent. Used by the REST error handler and GraphQL alike.
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  const failure = classifyDatabaseError(error);
  if (failure === 'unavailable') {
    return new AppError(
      'service_unavailable',
      503,
      'The service is briefly unavailable. Please try again in a moment.',
      {},
      { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
  if (failure === 'invalid_input') {
    return new AppError('validation_failed', 400, 'A value in the request cannot be stored.', {
      field: 'request',
    });
  }
  return undefined;
}
