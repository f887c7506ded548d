import { getConfig } from './config';
import { readAuthToken } from './auth-token';
import { getRequestLanguage } from './request-language';
import { readParams } from './rest-client';

interface GraphqlErrorEntry {
  message: string;
  extensions?: { code?: string; status?: number; params?: unknown };
}

/**
 * A failed GraphQL call: the first error's code, status and params (`extensions`), or an
 * HTTP/network failure (no code). `lib/error-text.ts` turns it into text for the member.
 */
export class GraphqlError extends Error {
  readonly code: string | undefined;
  /** The first error's own status when it has one (a wrong login is 401), else the HTTP status. */
  readonly status: number;
  readonly params: Readonly<Record<string, string | number>>;
  readonly errors: readonly GraphqlErrorEntry[];

  constructor(message: string, status: number, errors: readonly GraphqlErrorEntry[] = []) {
    super(message);
    this.name = 'GraphqlError';
    const first = errors[0]?.extensions;
    this.status = typeof first?.status === 'number' ? first.status : status;
    this.errors = errors;
    this.code = first?.code;
    this.params = readParams(first?.params);
  }
}

export interface GraphqlRequestOptions {
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

export interface GraphqlClient {
  request<TData, TVariables extends Record<string, unknown> = Record<string, unknown>>(
    document: string,
    variables?: TVariables,
    options?: GraphqlRequestOptions,
  ): Promise<TData>;
}

/**
 * A small typed GraphQL client: JSON content type, `Authorization: Bearer` when `getToken` gives a
 * token. Without `getToken` it is the anonymous client (spec §6).
 */
export function createGraphqlClient(getToken?: () => string | null | undefined): GraphqlClient {
  return {
    async request<TData>(
      document: string,
      variables?: Record<string, unknown>,
      options: GraphqlRequestOptions = {},
    ): Promise<TData> {
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': getRequestLanguage(),
      };
      const token = getToken?.();
      if (token) headers.Authorization = `Bearer ${token}`;

      let response: Response;
      try {
        response = await fetch(getConfig().graphqlUrl, {
          method: 'POST',
          headers,
          body: JSON.stringify({ query: document, variables: variables ?? {} }),
          credentials: options.credentials ?? 'same-origin',
          signal: options.signal,
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new GraphqlError('', 0);
      }

      const body = (await response.json().catch(() => undefined)) as
        { data?: TData | null; errors?: GraphqlErrorEntry[] } | undefined;
      const errors = body?.errors ?? [];
      if (errors.length > 0)
        throw new GraphqlError(errors[0]?.message ?? '', response.status, errors);
      if (!response.ok || !body?.data) throw new GraphqlError('', response.status);
      return body.data;
    },
  };
}

/** Client for calls made without a user (login, refresh). */
export const anonymousGraphqlClient = createGraphqlClient();

/** Client for the signed-in member: Bearer with the auth token from the cookie when there is one. */
export const graphqlClient = createGraphqlClient(readAuthToken);
