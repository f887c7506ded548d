import { sql, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import type { FriendshipState } from '@attune/contract';
import { blocks, friendships } from '../../db/schema/index';

/**
 * How two members stand to each other, as other modules' statements read it: SQL fragments of
 * connections and blocks (the member directory, profiles, posts, comments, groups and
 * notifications use them), read with the contract's FriendshipState (friendStatusOf shows it). The one place these
 * rules are written; it imports nothing of any module, so every module may use it (its public face
 * beside service.ts, docs/ARCHITECTURE.md).
 */

/**
 * How the viewer stands to a member, as the batched profile read (users/profiles.ts) needs it:
 * 'accepted', 'sent' (the viewer's request is pending), 'received' (the member's request to the
 * viewer is pending) or null (none, and always for the viewer's own profile, without a lookup).
 * A column correlated with the member's id column, through the pair index. The member's number
 * of connections is their row's `friend_count` (kept by a trigger, migration 0005).
 */
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
