import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE_NAMES } from '@attune/contract';
import { unauthorized } from '../../errors';
import { authenticate, type AuthContext, type Principal } from './service';

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

/** Cookie flags shared by the session and refresh cookies: httpOnly, Lax, secure outside local mode. */
export function setAuthCookie(
  reply: FastifyReply,
  ctx: AuthContext,
  name: string,
  value: string,
  expires: Date,
  path = '/',
) {
  reply.setCookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: !ctx.config.localMode,
    path,
    expires,
  });
}

export function clearAuthCookies(reply: FastifyReply, ctx: AuthContext) {
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: !ctx.config.localMode,
  };
  reply.clearCookie(COOKIE_NAMES.session, options);
  reply.clearCookie(COOKIE_NAMES.refresh, options);
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
