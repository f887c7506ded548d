import type { ErrorOutput } from '@attune/contract';
import { getConfig, joinUrl } from './config';
import { getRequestLanguage } from './request-language';

/** Code of an `ApiError` when no answer arrived at all (offline, DNS, aborted). */
export const NETWORK_ERROR = 'network_error';
/** Code of an `ApiError` when the answer was not the `{ code, message, data }` error shape. */
export const UNKNOWN_ERROR = 'unknown_error';

/**
 * A failed REST call: the server's stable `code`, the HTTP `status`, the code's `params` and the
 * English `message` (may be empty; never shown to members, `lib/error-text.ts` gives the text).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly params: Readonly<Record<string, string | number>>;

  constructor(
    code: string,
    status: number,
    message: string,
    params: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.params = params;
  }
}

/** The server's error shape `{ code, message, data: { status, params } }`, checked without zod (kept out of the first bundle). */
function isErrorOutput(body: unknown): body is ErrorOutput {
  const value = body as Partial<ErrorOutput> | null;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof value.code === 'string' &&
    typeof value.message === 'string' &&
    typeof value.data?.status === 'number'
  );
}

/** Only plain string and number values: they fill in translated texts. */
export function readParams(value: unknown): Record<string, string | number> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || (typeof entry[1] === 'number' && Number.isFinite(entry[1])),
    ),
  );
}

/** Turns a failed answer into an `ApiError`, reading `{ code, message, data: { status, params } }` when present. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isErrorOutput(body)) {
    return new ApiError(
      body.code,
      body.data.status || status,
      body.message,
      readParams(body.data.params),
    );
  }
  return new ApiError(UNKNOWN_ERROR, status, '');
}

export interface RestRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as `Authorization: Bearer <bearer>` when given. */
  bearer?: string | null | undefined;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

/** The one REST fetch wrapper: JSON in and out, Bearer when given, `ApiError` on any failure. */
export async function restRequest<T>(path: string, options: RestRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': getRequestLanguage(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;

  let response: Response;
  try {
    response = await fetch(joinUrl(getConfig().restUrl, path), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: options.credentials ?? 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0, '');
  }

  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}
