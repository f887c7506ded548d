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
 * A column for the batched profile read (users/profiles.ts), correlated with the member's id
 * column: the status of the connection between the viewer and that member (null: none, and
 * always for the viewer's own profile, without a lookup), through the pair index. The member's
 * number of connections is their row's `friend_count` (kept by a trigger, migration 0005).
 */
export const friendshipColumn = (viewerId: SQLWrapper, userId: SQLWrapper) =>
  // Aliased, column names written out: Drizzle leaves columns unqualified in a one-table select,
  // which would make them ambiguous inside a correlated subquery.
  sql<string | null>`case when ${viewerId}::int = ${userId} then null else (
    select f.status from ${friendships} f
    where least(f.requester_id, f.addressee_id) = least(${viewerId}::int, ${userId})
      and greatest(f.requester_id, f.addressee_id) = greatest(${viewerId}::int, ${userId})) end`;
