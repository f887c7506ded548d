import { AUTH_RULES } from '@attune/contract';
import type { SessionRow } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The one rule for a live session: not revoked, under 30 days old, used in the last 7 days. */
export function isSessionActive(session: SessionRow, now = new Date()): boolean {
  if (session.revokedAt) return false;
  if (session.expiresAt.getTime() <= now.getTime()) return false;
  return now.getTime() - session.lastUsedAt.getTime() < AUTH_RULES.sessionIdleDays * DAY_MS;
}

/** When a session started now must end at the latest. */
export const sessionExpiry = (now = new Date()) =>
  new Date(now.getTime() + AUTH_RULES.sessionAbsoluteDays * DAY_MS);

/** Touching the session on every request would be a write per request; once a minute is enough for a 7-day idle rule. */
export const needsTouch = (session: SessionRow, now = new Date()) =>
  now.getTime() - session.lastUsedAt.getTime() > 60_000;
