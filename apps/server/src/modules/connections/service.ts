import { DEFAULT_IS_FRIEND } from '@attune/contract';
import type { Tx } from '../../db/client';
import * as repository from './repository';

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

/** The SQL column of the friendship with the viewer, for reading members in one query (users/profiles.ts). */
export const friendshipColumn = repository.friendshipColumn;

/**
 * The numeric friend status the spec's client reads (isFriend), from the friendship's status: 1
 * connected, 2 a request is pending, 3 (the spec's default) not connected or oneself. Recorded in
 * docs/decisions/0011-profiles-and-privacy.md.
 */
export const friendStatusOf = (self: boolean, status: string | null): number =>
  self || !status ? DEFAULT_IS_FRIEND : status === 'accepted' ? 1 : 2;
