import { FRIEND_STATUS, type FriendStatus } from '@attune/contract';
import type { Tx } from '../../db/client';
import * as repository from './repository';
import type { FriendshipState } from './repository';

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

export type { FriendshipState } from './repository';

/**
 * The numeric friend status the spec's client reads (isFriend, FRIEND_STATUS in the contract),
 * from how the viewer stands to the member: 1 connected, 2 the viewer's request is pending, 4 the
 * member's request to the viewer is pending, 3 (the spec's default) not connected or oneself.
 */
export const friendStatusOf = (self: boolean, state: FriendshipState | null): FriendStatus =>
  self || !state
    ? FRIEND_STATUS.notConnected
    : state === 'accepted'
      ? FRIEND_STATUS.connected
      : state === 'sent'
        ? FRIEND_STATUS.requestSent
        : FRIEND_STATUS.requestReceived;
