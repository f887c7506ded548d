import type { FastifyReply } from 'fastify';
import { COOKIE_NAMES } from '@attune/contract';
import type { AuthContext } from './service';

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
