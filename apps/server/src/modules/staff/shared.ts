import type { Db, Tx } from '../../db/client';
import { notFound } from '../../errors';
import { encodeIdCursor } from '../../lib/id-cursor';
import type { RateLimits } from '../../plugins/app/rate-limits';
import { type StaffPrincipal } from '../../lib/staff-access';
import * as repository from './repository';

/** What the staff area's calls need besides the database. */
export interface StaffContext {
  db: Db;
  rateLimits: RateLimits;
  publicUrl: string;
  /** Ends every session of a member on every instance (auth's revokeAllSessions). */
  endSessions: (userId: number, reason: string) => Promise<void>;
}

/** Helpers the staff area's parts share: dates, member references, the principal's row, pages. */
export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
export const ref = (id: number | null, nickname: string | null, area: string | null) =>
  id === null ? null : { id, nickname: nickname ?? '', area: area ?? 'international' };

/** The acting staff member's own area and roles, read fresh (roles may have changed). */
export async function selfOf(db: Tx, principal: StaffPrincipal) {
  const self = await repository.memberStanding(db, principal.userId);
  if (!self) throw notFound();
  return self;
}

/** A page of rows asked for one more than shown: the extra one says there is a next page. */
export function page<T extends { id: number }>(rows: T[], size: number) {
  const shown = rows.slice(0, size);
  return { shown, nextCursor: rows.length > size ? encodeIdCursor(shown.at(-1)!.id) : null };
}
