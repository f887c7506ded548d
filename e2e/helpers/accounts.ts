import type { APIRequestContext } from '@playwright/test';
import { LOGIN_MUTATION, type PublicConfig } from '@attune/contract';
import { latestMailMarker, readCodeFromMail } from './mail';

/** A fresh e-mail address per test, so tests never share an account or a rate limit bucket. */
export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A password that passes the server's rules (long, not a common one). */
export function strongPassword(): string {
  return `Quiet-Harbour-${Math.random().toString(36).slice(2, 10)}!`;
}

async function publicConfig(request: APIRequestContext): Promise<PublicConfig> {
  const response = await request.get('/config.json');
  if (!response.ok()) throw new Error(`GET /config.json answered ${response.status()}`);
  return (await response.json()) as PublicConfig;
}

async function post(request: APIRequestContext, url: string, data: unknown, bearer?: string) {
  const response = await request.post(url, {
    data,
    headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
  });
  if (!response.ok()) {
    throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  }
  return response.json() as Promise<Record<string, unknown>>;
}

/**
 * Creates an account through the REST API as the web app would (send code, validate it from the
 * dev outbox, register with the register token). The browser is not involved.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  email: string = uniqueEmail(),
  password: string = strongPassword(),
): Promise<{ email: string; password: string }> {
  const config = await publicConfig(request);
  const before = await latestMailMarker(request, email);
  await post(request, '/api/send2facode', { email });
  const code = await readCodeFromMail(request, email, before);
  await post(request, '/api/validate2facode', { email, code, is_reset_password: false });
  await post(
    request,
    '/api/registeruser',
    { email, password, type: 'regular' },
    config.registerToken,
  );
  return { email, password };
}

/** The first GraphQL error message the server gives for a login with these credentials. */
export async function loginErrorMessage(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  const response = await request.post('/graphql', {
    data: { query: LOGIN_MUTATION, variables: { input: { username, password } } },
  });
  const body = (await response.json()) as { errors?: Array<{ message: string }> };
  const message = body.errors?.[0]?.message;
  if (!message) throw new Error('Expected the login to fail with a GraphQL error');
  return message;
}
