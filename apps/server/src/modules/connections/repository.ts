import { and, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { friendships } from '../../db/schema/index';

const pair = (a: number, b: number) =>
  or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  );

export async function findFriendship(db: Tx, a: number, b: number) {
  const [row] = await db.select().from(friendships).where(pair(a, b)).limit(1);
  return row;
}

export async function countAccepted(db: Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'accepted'),
        or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
      ),
    );
  return row?.count ?? 0;
}

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
