import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE_NAMES } from '@attune/contract';
import { bearerToken } from '../../lib/bearer';
import {
  applySessionsMessage,
  authenticate,
  SESSIONS_CHANNEL,
  type AuthContext,
  type Principal,
} from './service';

export { clearAuthCookies, setAuthCookie } from './cookies';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthContext;
    /** The signed-in member, or null. Bearer auth token; the session cookie only where `allowCookie`. */
    principalOf(
      request: FastifyRequest,
      options?: { allowCookie?: boolean },
    ): Promise<Principal | null>;
  }
  interface FastifyRequest {
    principalCache?: Promise<Principal | null>;
    /**
     * The signed-in member, set before the handler when the route or GraphQL field declares a
     * member rule (plugins/app/access.ts); read it with `memberOf(request)`. Null elsewhere.
     */
    principal: Principal | null;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, ctx: AuthContext) => {
  app.decorate('auth', ctx);
  // Sessions ended or changed on any instance leave this one's cache (decision 0030); after a
  // Redis outage, whatever was missed meanwhile is dropped.
  const unsubscribe = ctx.pubsub.subscribe(
    SESSIONS_CHANNEL,
    (message) => applySessionsMessage(ctx.sessions, message),
    { onResync: () => ctx.sessions.clear() },
  );
  app.addHook('onClose', async () => unsubscribe());

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
});
