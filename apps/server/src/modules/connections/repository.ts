import { and, desc, eq, or, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
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

/** One member blocked the other, this way round (the primary key of blocks). */
const blockedBy = (blockerId: SQLWrapper, blockedId: SQLWrapper) =>
  sql`exists (select 1 from ${blocks} b where b.blocker_id = ${blockerId} and b.blocked_id = ${blockedId})`;

/** A member's accepted connections (either side of the friendship), as SQL rows of one id. */
const connectionsOf = (memberId: SQLWrapper | number | Placeholder) =>
  sql`select case when f.requester_id = ${memberId}::int then f.addressee_id else f.requester_id end
    from friendships f
    where (f.requester_id = ${memberId}::int or f.addressee_id = ${memberId}::int)
      and f.status = 'accepted'`;

/**
 * A member and their accepted connections (connectionsOf), as SQL rows of one id: whose
 * 'connections' values they see (the directory) and whose posts fill their feed.
 */
export const circleOf = (memberId: SQLWrapper | number | Placeholder) =>
  sql`select ${memberId}::int union all ${connectionsOf(memberId)}`;

/** The members a member blocked and those who blocked them, as SQL rows of one id. */
export const blockedEitherWay = (memberId: SQLWrapper) =>
  sql`select b.blocked_id from ${blocks} b where b.blocker_id = ${memberId}::int
    union all select b.blocker_id from ${blocks} b where b.blocked_id = ${memberId}::int`;

/**
 * Every member with a friendship row with a member, whatever its status (their accepted
 * connections and the requests waiting either way), as SQL rows of one id: whom suggestions leave
 * out. Through friendships_requester_idx and friendships_addressee_idx.
 */
export const relatedTo = (memberId: SQLWrapper) =>
  sql`select case when f.requester_id = ${memberId}::int then f.addressee_id else f.requester_id end
    from friendships f
    where f.requester_id = ${memberId}::int or f.addressee_id = ${memberId}::int`;

/**
 * Neither of two members has blocked the other: the SQL form of the rule for lists, which test
 * many members against one viewer (member directory, suggestions). The viewer's blocks both ways
 * are read once per statement (the primary key one way, blocks_blocked_idx the other) into an
 * array that each member is tested against, instead of two probes per member.
 */
export const notBlockedByOrOf = (viewerId: SQLWrapper, userId: SQLWrapper) =>
  sql`${userId} <> all(array(${blockedEitherWay(viewerId)}))`;

/**
 * Whether either of two members blocked the other, as a column correlated with the member's id
 * column (users/profiles.ts reads it with every profile): two primary-key probes, no extra query.
 * False for the viewer's own profile, without a lookup.
 */
export const blockedColumn = (viewerId: SQLWrapper, userId: SQLWrapper) =>
  sql<boolean>`case when ${viewerId}::int = ${userId} then false
    else ${blockedBy(sql`${viewerId}::int`, userId)} or ${blockedBy(userId, sql`${viewerId}::int`)} end`;
