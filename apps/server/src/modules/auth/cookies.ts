import type { FastifyReply } from 'fastify';
import { COOKIE_NAMES } from '@attune/contract';
import type { AppConfig } from '../../config';

/** The cookies the server sets itself (the web app sets the language and banner cookies). */
export type ServerCookie = 'session' | 'refresh';

export interface CookieDefinition {
  name: string;
  path: string;
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  /** Host-only cookies: no Domain attribute, so they never reach other subdomains. */
  domain?: undefined;
}

/**
 * One definition per cookie: setting and clearing both read it, so a cookie is always cleared with
 * the very attributes it was set with (a browser keeps a cookie whose clearing names another path).
 * The refresh cookie travels only to /graphql, where the refresh mutation reads it.
 */
export function cookieDefinition(
  cookie: ServerCookie,
  config: Pick<AppConfig, 'localMode'>,
): CookieDefinition {
  return {
    name: COOKIE_NAMES[cookie],
    path: cookie === 'refresh' ? '/graphql' : '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: !config.localMode,
  };
}

/** Sets one of the server's cookies with its own attributes, until `expires`. */
export function setAuthCookie(
  reply: FastifyReply,
  config: Pick<AppConfig, 'localMode'>,
  cookie: ServerCookie,
  value: string,
  expires: Date,
) {
  const { name, ...attributes } = cookieDefinition(cookie, config);
  reply.setCookie(name, value, { ...attributes, expires });
}

/** Clears every cookie the server sets, each with the attributes it was set with. */
export function clearAuthCookies(reply: FastifyReply, config: Pick<AppConfig, 'localMode'>) {
  for (const cookie of ['session', 'refresh'] as const) {
    const { name, ...attributes } = cookieDefinition(cookie, config);
    reply.clearCookie(name, attributes);
  }
}
