import { DEFAULT_IS_FRIEND } from '@attune/contract';
import type { Tx } from '../../db/client';
import * as repository from './repository';

/** Whether two members have an accepted connection. */
export async function areConnected(db: Tx, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  return (await repository.findFriendship(db, a, b))?.status === 'accepted';
}

/**
 * The numeric friend status the spec's client reads (isFriend): 1 connected, 2 a request is
 * pending, 3 (the spec's default) not connected. Recorded in docs/decisions/0011-profiles-and-privacy.md.
 */
export async function friendStatus(db: Tx, viewerId: number, otherId: number): Promise<number> {
  if (viewerId === otherId) return DEFAULT_IS_FRIEND;
  const row = await repository.findFriendship(db, viewerId, otherId);
  if (!row) return DEFAULT_IS_FRIEND;
  return row.status === 'accepted' ? 1 : 2;
}

/** The member's connections and requests, for the data export. */
export async function connectionsForExport(db: Tx, userId: number) {
  const rows = await repository.listFor(db, userId);
  return rows.map((row) => ({
    otherMemberId: row.requesterId === userId ? row.addresseeId : row.requesterId,
    requestedByMe: row.requesterId === userId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  }));
}

/** Creates a connection directly (demo content only; members connect through requests in step 4). */
export const seedConnection = (
  db: Tx,
  requesterId: number,
  addresseeId: number,
  status: 'accepted' | 'pending',
) => repository.insertFriendship(db, requesterId, addresseeId, status);

/** SQL columns for reading members with their relation to a viewer in one query (users/profiles.ts). */
export const friendshipColumn = repository.friendshipColumn;

/** The numeric friend status (isFriend) from a friendship's status, as friendStatus answers it. */
export const friendStatusOf = (self: boolean, status: string | null): number =>
  self || !status ? DEFAULT_IS_FRIEND : status === 'accepted' ? 1 : 2;
