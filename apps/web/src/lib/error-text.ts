import {
  ERROR_COUNT_PARAMS,
  ERROR_PARAM_NAMES,
  isErrorCode,
  type ErrorCode,
} from '@attune/contract';
import { GraphqlError } from './graphql-client';
import { i18n } from './i18n';
import { ApiError } from './rest-client';

export type ErrorParamValues = Readonly<Record<string, string | number>>;

/** A failed call the server answered with one of the contract's error codes. */
export interface ServerError {
  code: ErrorCode;
  status: number;
  params: ErrorParamValues;
}

/**
 * The contract error behind a failed REST or GraphQL call, or null: no answer (network), a server
 * fault (5xx), or a code this version of the app does not know.
 */
export function serverError(error: unknown): ServerError | null {
  if (!(error instanceof ApiError || error instanceof GraphqlError)) return null;
  const status = error.status;
  if (!isErrorCode(error.code) || status <= 0 || status >= 500) return null;
  return { code: error.code, status, params: error.params };
}

const COUNT_PARAMS: Partial<Record<ErrorCode, string>> = ERROR_COUNT_PARAMS;

/**
 * The text of an error code in the member's language, its parameters filled in; a code with a
 * number (minutes, tries left, characters) picks its plural form by it. Codes a visitor may meet
 * are in `common:errors.<code>`, those only members meet in `errors:<code>` (loaded by the
 * signed-in layouts). Null when a parameter the code takes is missing, so the caller falls back
 * to its own text.
 */
export function errorCodeText(code: ErrorCode, params: ErrorParamValues = {}): string | null {
  if (ERROR_PARAM_NAMES[code].some((name) => params[name] === undefined)) return null;
  const countParam = COUNT_PARAMS[code];
  const count = countParam === undefined ? undefined : Number(params[countParam]);
  // The key type is widened on purpose: every code has a text, which the locale test enforces.
  const keys = [
    `common:errors.${code}`,
    `errors:${code}`,
  ] as unknown as 'common:errors.login_failed';
  return i18n.t(keys, { ...params, count });
}

/**
 * The one way a failed call becomes text for the member (spec §8): a known error code gives its
 * translated text; an unknown code, a server fault or no answer at all gives the call's own
 * fallback (the spec's text, translated). The server's English `message` is never shown.
 */
export function errorText(error: unknown, fallback: string): string {
  const known = serverError(error);
  return (known && errorCodeText(known.code, known.params)) ?? fallback;
}
