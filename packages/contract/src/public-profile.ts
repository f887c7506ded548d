import { z } from 'zod';
import { GroupSummary } from './groups';
import { VISIBILITIES } from './reference';

/** A field of extended profile group 1 as a viewer may see it. */
export const ExtendedProfileFieldOutput = z.object({
  databaseId: z.number().int(),
  name: z.string(),
  value: z.object({ raw: z.string() }),
  /** Who may see this value; only on the member's own profile (null for others). */
  visibility: z.enum(VISIBILITIES).nullable(),
});

/**
 * A member's profile as the signed-in viewer may see it (spec §3 "Profile"): the answer of
 * `GET /api/users/nickname/{nickname}` and `GET /api/user?id=`, the same fields as the GraphQL
 * `user` query. What the member hid from this viewer is absent: extended fields only where their
 * visibility allows (decision 0011); e-mail only for the member and admins; capabilities and token
 * expiry only for the member.
 */
export const PublicProfileOutput = z.object({
  /** The numeric id, as `fetch-user` gives it (WordPress REST style). */
  id: z.number().int(),
  databaseId: z.number().int(),
  /** The display name; '' until the member chooses one (decision 0023). */
  nickname: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  capabilities: z.array(z.string()),
  jwtAuthExpiration: z.string().nullable(),
  roles: z.array(z.string()),
  avatar: z.object({ url: z.string().nullable() }),
  description: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  lastActivity: z.string().nullable(),
  locale: z.string(),
  area: z.string(),
  memberTypes: z.array(z.string()),
  mentionName: z.string(),
  registeredDate: z.string(),
  /** Null when the member keeps it private. */
  completedSetup: z.boolean().nullable(),
  /** FRIEND_STATUS: 1 connected, 2 the viewer's request waits, 3 not connected, 4 theirs waits. */
  isFriend: z.number().int(),
  totalFriendCount: z.number().int(),
  /** The member's groups the viewer may know of (hidden ones only to their members and staff). */
  groups: z.array(GroupSummary),
  /** The groups the viewer and the member are both in (empty on one's own profile). */
  similarGroups: z.array(GroupSummary),
  extendedProfile: z.array(ExtendedProfileFieldOutput),
});
export type PublicProfile = z.infer<typeof PublicProfileOutput>;

/** `GET /api/users/nickname/{nickname}`: a display name (or, for a member without one, the username). */
export const ProfileAddressParams = z.object({
  nickname: z.string().trim().min(1).max(200),
});

/** `GET /api/user?id=`: a member's database id. */
export const UserIdQuery = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
