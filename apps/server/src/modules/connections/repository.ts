import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { blocks, friendships, memberReports } from '../../db/schema/index';

export type FriendshipRow = typeof friendships.$inferSelect;
export type BlockRow = typeof blocks.$inferSelect;

/** A member's connections and requests, both ways, newest first (by acceptance, else request). */
export async function listFor(db: Tx, userId: number) {
  return db
    .select()
    .from(friendships)
    .where(or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)))
    .orderBy(
      desc(sql`coalesce(${friendships.acceptedAt}, ${friendships.createdAt})`),
      desc(friendships.id),
    );
}

/**
 * Serialises every change between two members until the transaction ends (a transaction-level
 * advisory lock on the pair, in the two-key space, which never meets the one-key locks of start-up):
 * a request, an answer and a block of the same two members never interleave.
 */
export async function lockPair(tx: Tx, a: number, b: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`,
  );
}

/** The friendship between two members, whoever asked (the pair index). */
export async function findPair(tx: Tx, a: number, b: number): Promise<FriendshipRow | undefined> {
  const [row] = await tx
    .select()
    .from(friendships)
    .where(
      and(
        sql`least(${friendships.requesterId}, ${friendships.addresseeId}) = ${Math.min(a, b)}`,
        sql`greatest(${friendships.requesterId}, ${friendships.addresseeId}) = ${Math.max(a, b)}`,
      ),
    )
    .limit(1);
  return row;
}

/** A new pending request, or undefined when the pair already has a row (the pair index decides). */
export async function insertRequest(
  tx: Tx,
  requesterId: number,
  addresseeId: number,
): Promise<FriendshipRow | undefined> {
  const [row] = await tx
    .insert(friendships)
    .values({ requesterId, addresseeId, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Accepts a pending request; undefined when it is no longer pending. */
export async function acceptRequest(tx: Tx, id: number): Promise<FriendshipRow | undefined> {
  const [row] = await tx
    .update(friendships)
    .set({ status: 'accepted', acceptedAt: sql`now()` })
    .where(and(eq(friendships.id, id), eq(friendships.status, 'pending')))
    .returning();
  return row;
}

export async function deleteFriendship(tx: Tx, id: number) {
  await tx.delete(friendships).where(eq(friendships.id, id));
}

/** Blocks between two members, either way (zero, one or two rows). */
export async function blocksBetween(tx: Tx, a: number, b: number): Promise<BlockRow[]> {
  return tx
    .select()
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    );
}

/** Records a block (nothing when it exists already). */
export async function insertBlock(tx: Tx, blockerId: number, blockedId: number) {
  await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** Lifts a block; whether there was one. */
export async function deleteBlock(tx: Tx, blockerId: number, blockedId: number) {
  const rows = await tx
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  return rows.length > 0;
}

/** The members a member blocked, newest first. */
export async function listBlocksBy(tx: Tx, blockerId: number): Promise<BlockRow[]> {
  return tx
    .select()
    .from(blocks)
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
}

export async function insertReport(
  tx: Tx,
  report: { reporterId: number; reportedId: number; reason: string; details: string },
): Promise<number> {
  const [row] = await tx.insert(memberReports).values(report).returning({ id: memberReports.id });
  return row!.id;
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
