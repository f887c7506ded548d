import { eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { friendships } from '../../db/schema/index';

export async function listFor(db: Tx, userId: number) {
  return db
    .select()
    .from(friendships)
    .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)));
}

export async function insertFriendship(
  db: Tx,
  requesterId: number,
  addresseeId: number,
  status: 'accepted' | 'pending',
) {
  await db
    .insert(friendships)
    .values({
      requesterId,
      addresseeId,
      status,
      acceptedAt: status === 'accepted' ? sql`now()` : null,
    })
    .onConflictDoNothing();
}

/**
 * How the viewer stands to a member, as the batched profile read (users/profiles.ts) needs it:
 * 'accepted', 'sent' (the viewer's request is pending), 'received' (the member's request to the
 * viewer is pending) or null (none, and always for the viewer's own profile, without a lookup).
 * A column correlated with the member's id column, through the pair index. The member's number
 * of connections is their row's `friend_count` (kept by a trigger, migration 0005).
 */
export type FriendshipState = 'accepted' | 'sent' | 'received';

export const friendshipColumn = (viewerId: SQLWrapper, userId: SQLWrapper) =>
  // Aliased, column names written out: Drizzle leaves columns unqualified in a one-table select,
  // which would make them ambiguous inside a correlated subquery.
  sql<FriendshipState | null>`case when ${viewerId}::int = ${userId} then null else (
    select case when f.status = 'accepted' then 'accepted'
                when f.requester_id = ${viewerId}::int then 'sent' else 'received' end
    from ${friendships} f
    where least(f.requester_id, f.addressee_id) = least(${viewerId}::int, ${userId})
      and greatest(f.requester_id, f.addressee_id) = greatest(${viewerId}::int, ${userId})) end`;
