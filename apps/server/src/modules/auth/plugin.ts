import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE_NAMES } from '@attune/contract';
import { unauthorized } from '../../errors';
import { authenticate, type AuthContext, type Principal } from './service';

export { clearAuthCookies, setAuthCookie } from './cookies';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthContext;
    /** The signed-in member, or null. Bearer auth token; the session cookie only where `allowCookie`. */
    principalOf(
      request: FastifyRequest,
      options?: { allowCookie?: boolean },
    ): Promise<Principal | null>;
    /** Like principalOf, but answers 401 when nobody is signed in. */
    requirePrincipal(
      request: FastifyRequest,
      options?: { allowCookie?: boolean },
    ): Promise<Principal>;
  }
  interface FastifyRequest {
    principalCache?: Promise<Principal | null>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export const authPlugin = fp(async (app: FastifyInstance, ctx: AuthContext) => {
  app.decorate('auth', ctx);

  const resolve = async (
    request: FastifyRequest,
    allowCookie: boolean,
  ): Promise<Principal | null> => {
    const token = bearerToken(request);
    if (token) return authenticate(ctx, token, 'access');
    const cookie = allowCookie ? request.cookies[COOKIE_NAMES.session] : undefined;
    if (cookie) return authenticate(ctx, cookie, 'session');
    return null;
  };

  app.decorate('principalOf', (request: FastifyRequest, options?: { allowCookie?: boolean }) => {
    if (options?.allowCookie) return resolve(request, true);
    request.principalCache ??= resolve(request, false);
    return request.principalCache;
  });

  app.decorate(
    'requirePrincipal',
    async (request: FastifyRequest, options?: { allowCookie?: boolean }) => {
      const principal = await app.principalOf(request, options);
      if (!principal) throw unauthorized();
      return principal;
    },
  );
});
