import { z } from 'zod';
import { CONNECTION_REQUESTS_FROM, MEMBER_REPORT_REASONS } from './connections';

/** A member's database id as a JSON number (ids are PostgreSQL `int`). */
export const MemberIdInput = z.number().int().positive().max(2_147_483_647);

/** `POST /api/social/friends`: ask a member to connect (BuddyPress's body). */
export const FriendRequestInput = z.object({ friend_id: MemberIdInput });

/**
 * `POST /api/connection/accept-friend`, `reject-friend`, `cancel-friend`, `block`, `unblock`:
 * the other member.
 */
export const ConnectionMemberInput = z.object({ userId: MemberIdInput });

/** `DELETE /api/social/friends/{id}`: the other member of the connection. */
export const FriendIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A friendship row in BuddyPress's shape: who asked (`initiator_id`), whom, and whether it was accepted. */
export const FriendshipOutput = z.object({
  id: z.number().int(),
  initiator_id: z.number().int(),
  friend_id: z.number().int(),
  is_confirmed: z.boolean(),
  date_created: z.string(),
});
export type Friendship = z.infer<typeof FriendshipOutput>;

/**
 * The answer of every friendship change: a message, the other member, how the viewer now stands
 * to them (`isFriend`, FRIEND_STATUS) and the friendship row, null once there is none.
 */
export const FriendshipChangeOutput = z.object({
  message: z.string(),
  userId: z.number().int(),
  isFriend: z.number().int(),
  friendship: FriendshipOutput.nullable(),
});
export type FriendshipChange = z.infer<typeof FriendshipChangeOutput>;

/** A value of the extended profile in a listing: field name, field type and raw value. */
export const ListedProfileField = z.object({
  name: z.string(),
  type: z.string(),
  value: z.string(),
});

/**
 * A member in a friend or user listing (spec §3): only what the member lets the viewer see.
 * `name` is the member's name (first name), `nickname` their display name, `headline` the
 * Headline field ('' when empty or hidden), `extendedProfile` the visible fields of group 1.
 */
export const FriendListingEntry = z.object({
  /** WPGraphQL global id. */
  id: z.string(),
  databaseId: z.number().int(),
  name: z.string(),
  avatar: z.object({ url: z.string().nullable() }),
  nickname: z.string(),
  username: z.string(),
  locale: z.string(),
  lastName: z.string(),
  /** Role names. */
  roles: z.array(z.string()),
  description: z.string(),
  headline: z.string(),
  extendedProfile: z.array(
    z.object({ group_name: z.string(), fields: z.array(ListedProfileField) }),
  ),
  /** FRIEND_STATUS: 1 connected, 2 the viewer asked, 4 the member asked the viewer. */
  isFriend: z.number().int(),
  /** When the request was sent, or when it was accepted (ISO time). */
  since: z.string(),
});
export type FriendListing = z.infer<typeof FriendListingEntry>;

/** `GET /api/connection/my-friends`: connections, requests to me, my requests; newest first. */
export const MyFriendsOutput = z.object({
  friends: z.array(FriendListingEntry),
  incoming: z.array(FriendListingEntry),
  outgoing: z.array(FriendListingEntry),
});
export type MyFriends = z.infer<typeof MyFriendsOutput>;

/** `GET/PATCH /api/connection/settings`: who may send the member connection requests. */
export const ConnectionSettings = z.object({ requestsFrom: z.enum(CONNECTION_REQUESTS_FROM) });
export type ConnectionSettings = z.infer<typeof ConnectionSettings>;

/** A member the viewer blocked (`GET /api/connection/blocks`). */
export const BlockedMemberOutput = z.object({
  databaseId: z.number().int(),
  nickname: z.string(),
  username: z.string(),
  avatar: z.object({ url: z.string().nullable() }),
  blockedAt: z.string(),
});
export const BlockListOutput = z.object({ blocks: z.array(BlockedMemberOutput) });
export type BlockList = z.infer<typeof BlockListOutput>;

/** Longest report text a member may add. */
export const MEMBER_REPORT_DETAILS_MAX = 2000;

/** `POST /api/connection/report`: a reason, and details (required for `other`). */
export const MemberReportInput = z
  .object({
    userId: MemberIdInput,
    reason: z.enum(MEMBER_REPORT_REASONS),
    details: z.string().trim().max(MEMBER_REPORT_DETAILS_MAX).optional(),
  })
  .refine((report) => report.reason !== 'other' || Boolean(report.details), {
    path: ['details'],
    message: 'Please describe what happened.',
  });
export type MemberReport = z.infer<typeof MemberReportInput>;
