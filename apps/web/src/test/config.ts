import type { PublicConfig } from '@attune/contract';
import { setConfig } from '../lib/config';

/** A public configuration as served in local mode, for unit tests. */
export const testConfig: PublicConfig = {
  graphqlUrl: '/graphql',
  restUrl: '/api',
  socialUrl: '/api/social',
  backendUrl: '/',
  appUrl: 'http://localhost:3000',
  registerToken: 'register-token',
  recoverToken: 'recover-token',
  authCookieName: 'attune_auth',
  supportEmail: 'support@example.com',
  productionHost: 'attune.example.com',
  localMode: true,
  manufacturerName: 'the manufacturer',
  manufacturerNames: { en: 'the manufacturer', de: 'der Hersteller', es: 'el fabricante' },
  consent: null,
};

export function useTestConfig(): void {
  setConfig(testConfig);
}

/** A fetch answer with a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
