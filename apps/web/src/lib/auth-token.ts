import Cookies from 'js-cookie';
import { DURATIONS } from '@attune/contract';
import { getConfig } from './config';

/** The auth token kept in the cookie named by `config.authCookieName`, or null. */
export function readAuthToken(): string | null {
  return Cookies.get(getConfig().authCookieName) ?? null;
}

/** Saves the auth token: one day, Lax, path /, secure outside local mode, no domain (host only). */
export function writeAuthToken(token: string): void {
  const config = getConfig();
  Cookies.set(config.authCookieName, token, {
    expires: DURATIONS.authCookieDays,
    secure: !config.localMode,
    sameSite: 'Lax',
    path: '/',
  });
}

/** Removes the auth token cookie. */
export function clearAuthToken(): void {
  Cookies.remove(getConfig().authCookieName, { path: '/' });
}

/** The `exp` claim (unix seconds) of a JWT, or null when it cannot be read. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** Seconds left before the token's JWT expires (Infinity when it has no readable expiry). */
export function secondsLeft(token: string, nowMs: number = Date.now()): number {
  const exp = jwtExpiry(token);
  return exp === null ? Number.POSITIVE_INFINITY : exp - nowMs / 1000;
}
