import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE_NAMES } from '@attune/contract';
import { bearerToken } from '../../lib/bearer';
import { applyAnnouncement } from '../../lib/member-cache';
import { authenticate, type AuthContext, type Principal } from './service';

/** The channel the triggers of migration 0030 notify: member ids joined by commas, or `*`. */
export const SESSIONS_CHANNEL = 'attune_sessions';

/** The members whose sessions changed, or `'*'` for any member (migration 0030's announcement). */
export type SessionsChanged = readonly number[] | '*';

export { clearAuthCookies, setAuthCookie } from './cookies';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthContext;
    /** The signed-in member, or null. Bearer auth token; the session cookie only where `allowCookie`. */
    principalOf(
      request: FastifyRequest,
      options?: { allowCookie?: boolean },
    ): Promise<Principal | null>;
    /**
     * Calls `handler` whenever the database announces, on any instance, that sessions changed
     * (the live sockets check theirs again); returns the function that stops it.
     */
    onSessionsChanged(handler: (members: SessionsChanged) => void): () => void;
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
  const handlers = new Set<(members: SessionsChanged) => void>();
  const announce = (members: SessionsChanged) => {
    for (const handler of handlers) handler(members);
  };
  // Sessions ended or changed, whoever changed them, are announced by the database (decision
  // 0066): requests read their session anew anyway; the live sockets, open for hours, check
  // theirs again. Whatever changed while nobody listened was never announced, so a new
  // connection asks them all to check.
  const channel = await ctx.database.listen(SESSIONS_CHANNEL, {
    message: (payload) => applyAnnouncement(payload, announce, () => announce('*')),
    connected: () => announce('*'),
    disconnected: () => {},
  });
  app.addHook('onClose', () => channel.stop());
  app.decorate('onSessionsChanged', (handler: (members: SessionsChanged) => void) => {
    handlers.add(handler);
    return () => handlers.delete(handler);
  });

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
