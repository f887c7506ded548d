import { SEARCH_MAX_LENGTH } from './constants';
import { z } from 'zod';
import { hasCapability } from './capabilities';
import { LANGUAGES } from './constants';
import { MemberListEntry, MemberListQuery } from './members';

/**
 * Groups (step 7, decision 0042): `POST /api/social/groups` and `GET /api/social/groups/{id}`
 * (BuddyPress v1 shapes), `GET /api/groups`, `GET /api/groups/me`, `GET /api/group/groups`,
 * `GET /api/group/{idOrSlug}`, `GET /api/group/posts`, `GET /api/group/questions`,
 * `POST /api/group/update`, joining and leaving (`/api/social/groups/{id}/members`), membership
 * requests (`/api/groups/membership-requests`), `GET /api/pending-members`,
 * `POST /api/group/manage-pending-requests`, `POST /api/group/admins` and the group's member list
 * (`GET /api/group/members`).
 */

export const GROUP_STATUSES = ['public', 'private', 'hidden'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** How the viewer stands in a group. */
export const GROUP_STANDINGS = ['outsider', 'pending', 'member', 'admin'] as const;
export type GroupStanding = (typeof GROUP_STANDINGS)[number];

/** Who may do something in a group: a standing, or `staff` (the `manage_groups` capability). */
export type GroupWho = GroupStanding | 'staff';

export const GROUP_ACTIONS = [
  /** Know the group exists: its name, description and cover (lists, its page). */
  'see',
  /** Read its posts, questions and member list. */
  'read',
  /** Write a post or question in it. */
  'post',
  /** Join at once (public groups). */
  'join',
  /** Ask to join (private groups); a group admin answers. */
  'request',
  /** Withdraw one's own request. */
  'cancelRequest',
  /** Leave the group. */
  'leave',
  /** Change its name, descriptions, cover image and status (`group/update`). */
  'update',
  /** See and answer membership requests (`pending-members`, `group/manage-pending-requests`). */
  'manageRequests',
  /** Make a member one of the group's admins, or an admin a member again (`group/admins`). */
  'appointAdmins',
] as const;
export type GroupAction = (typeof GROUP_ACTIONS)[number];

const EVERYONE: readonly GroupWho[] = ['outsider', 'pending', 'member', 'admin', 'staff'];
const INSIDE: readonly GroupWho[] = ['member', 'admin', 'staff'];
const MEMBERS: readonly GroupWho[] = ['member', 'admin'];
const STEWARDS: readonly GroupWho[] = ['admin', 'staff'];
const NOBODY: readonly GroupWho[] = [];

/**
 * The group permissions: the one table the server's groups policy decides with and the web
 * shows actions from (decision 0042). Anything not listed is refused (deny by default). Joining,
 * asking and posting also need the member's capabilities (`join_groups`, `write_posts`).
 */
export const GROUP_PERMISSIONS: Readonly<
  Record<GroupAction, Readonly<Record<GroupStatus, readonly GroupWho[]>>>
> = {
  see: { public: EVERYONE, private: EVERYONE, hidden: INSIDE },
  read: { public: EVERYONE, private: INSIDE, hidden: INSIDE },
  post: { public: INSIDE, private: INSIDE, hidden: INSIDE },
  join: { public: ['outsider'], private: NOBODY, hidden: NOBODY },
  request: { public: NOBODY, private: ['outsider'], hidden: NOBODY },
  cancelRequest: { public: ['pending'], private: ['pending'], hidden: ['pending'] },
  leave: { public: MEMBERS, private: MEMBERS, hidden: MEMBERS },
  update: { public: STEWARDS, private: STEWARDS, hidden: STEWARDS },
  manageRequests: { public: STEWARDS, private: STEWARDS, hidden: STEWARDS },
  appointAdmins: { public: STEWARDS, private: STEWARDS, hidden: STEWARDS },
};

/** The capability an action needs besides the table's standing, if any. */
const ACTION_CAPABILITY: Partial<Record<GroupAction, 'join_groups' | 'write_posts'>> = {
  join: 'join_groups',
  request: 'join_groups',
  post: 'write_posts',
};

/** May a member with these capabilities, standing so in a group of this status, do this? */
export function mayInGroup(
  action: GroupAction,
  group: { status: GroupStatus | string; standing: GroupStanding | string },
  capabilities: readonly string[],
): boolean {
  const allowed = GROUP_PERMISSIONS[action]?.[group.status as GroupStatus];
  if (!allowed) return false;
  const needed = ACTION_CAPABILITY[action];
  if (needed && !hasCapability(capabilities, needed)) return false;
  if (allowed.includes(group.standing as GroupStanding)) return true;
  return allowed.includes('staff') && hasCapability(capabilities, 'manage_groups');
}

/** Creating a group: public and private ones any member who joins groups; hidden ones staff. */
export function mayCreateGroup(status: GroupStatus, capabilities: readonly string[]): boolean {
  return status === 'hidden'
    ? hasCapability(capabilities, 'manage_groups')
    : hasCapability(capabilities, 'join_groups');
}

export const GROUP_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 2000,
  /** Groups per page of a list. */
  pageSize: 20,
  /** Requests per page of `pending-members`. */
  requestsPageSize: 50,
  /** Groups a member may create in a day. */
  createdPerDay: 5,
} as const;

const name = z.string().trim().min(1).max(GROUP_LIMITS.nameMaxLength);
const description = z.string().trim().max(GROUP_LIMITS.descriptionMaxLength);

/** A description per language; the one in the reader's language shows, else the first there is. */
export const GroupDescriptions = z.object({
  en: description.optional(),
  de: description.optional(),
  es: description.optional(),
});
export type GroupDescriptions = z.infer<typeof GroupDescriptions>;

/**
 * `POST /api/social/groups` (BuddyPress v1): a new group; its creator is its first admin. The
 * description is kept in the creator's language (the request's), or per language with
 * `descriptions`.
 */
export const GroupCreateInput = z.object({
  name,
  description: description.optional(),
  descriptions: GroupDescriptions.optional(),
  status: z.enum(GROUP_STATUSES).default('public'),
});
export type GroupCreateInput = z.input<typeof GroupCreateInput>;

/** `POST /api/group/update`: what a group admin or staff changes. */
export const GroupUpdateInput = z
  .object({
    groupId: z.coerce.number().int().positive(),
    name: name.optional(),
    descriptions: GroupDescriptions.optional(),
    /** An image from `POST /api/media` (a `/media/` address), or null to remove the cover. */
    coverImageUrl: z
      .string()
      .max(300)
      .regex(/^\/media\/[A-Za-z0-9/_.-]+$/, 'An image uploaded to this site.')
      .nullable()
      .optional(),
    status: z.enum(GROUP_STATUSES).optional(),
  })
  .refine((input) => Object.keys(input).length > 1, { message: 'Nothing to change.' });
export type GroupUpdateInput = z.infer<typeof GroupUpdateInput>;

/** What the viewer may do in a group: GROUP_PERMISSIONS applied to them. */
export const GroupAbilities = z.object(
  Object.fromEntries(GROUP_ACTIONS.map((action) => [action, z.boolean()])) as Record<
    GroupAction,
    z.ZodBoolean
  >,
);
export type GroupAbilities = z.infer<typeof GroupAbilities>;

/** A group as the viewer gets it. */
export const GroupOutput = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** The description in the reader's language, else in the first language that has one. */
  description: z.string(),
  descriptions: GroupDescriptions,
  status: z.enum(GROUP_STATUSES),
  coverImageUrl: z.string().nullable(),
  memberCount: z.number().int(),
  /** Membership requests waiting: only for who may answer them, else null. */
  pendingCount: z.number().int().nullable(),
  standing: z.enum(GROUP_STANDINGS),
  may: GroupAbilities,
  createdAt: z.string(),
});
export type GroupOutput = z.infer<typeof GroupOutput>;

export const GroupListQuery = z.object({
  /** Part of the group's name; case and accents are ignored. */
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  /** `mine`: only groups the viewer belongs to. */
  show: z.enum(['all', 'mine']).default('all'),
  cursor: z.string().max(100).optional(),
});
export type GroupListQuery = z.input<typeof GroupListQuery>;

export const GroupListOutput = z.object({
  items: z.array(GroupOutput),
  nextCursor: z.string().nullable(),
});
export type GroupListOutput = z.infer<typeof GroupListOutput>;

/** `GET /api/group/{group}`: a group by its id or its slug (the web's `/groups/{group}`). */
export const GroupRefParams = z.object({ group: z.string().trim().min(1).max(120) });

export const GroupIdParams = z.object({ id: z.coerce.number().int().positive() });

/** `GET /api/group/posts?groupId=` and `group/questions`. */
export const GroupPostsQuery = z.object({
  groupId: z.coerce.number().int().positive(),
  cursor: z.string().max(100).optional(),
});

/** `POST /api/social/groups/{id}/members` (BuddyPress v1): join a public group. */
export const GroupJoinInput = z.object({ user_id: z.coerce.number().int().positive() });

/** `POST /api/groups/membership-requests`: ask to join a private group. */
export const GroupRequestInput = z.object({ groupId: z.coerce.number().int().positive() });

/** `GET /api/pending-members?groupId=`. */
export const PendingMembersQuery = z.object({
  groupId: z.coerce.number().int().positive(),
  cursor: z.string().max(100).optional(),
});

/** `POST /api/group/manage-pending-requests`: a group admin (or staff) answers a request. */
export const ManagePendingInput = z.object({
  groupId: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
  action: z.enum(['accept', 'reject']),
});

/** `POST /api/group/admins`: a group admin (or staff) makes a member admin, or not. */
export const GroupAdminInput = z.object({
  groupId: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
  admin: z.boolean(),
});
export type GroupAdminInput = z.infer<typeof GroupAdminInput>;

/** A member who asked to join, as the group's admins see them. */
export const PendingMemberOutput = z.object({
  id: z.number().int(),
  nickname: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  requestedAt: z.string(),
});
export type PendingMember = z.infer<typeof PendingMemberOutput>;

export const PendingMembersOutput = z.object({
  items: z.array(PendingMemberOutput),
  nextCursor: z.string().nullable(),
});
export type PendingMembersOutput = z.infer<typeof PendingMembersOutput>;

/** The answer of joining, asking, withdrawing, leaving and answering a request. */
export const GroupMembershipOutput = z.object({
  message: z.string(),
  group: GroupOutput,
});
export type GroupMembershipOutput = z.infer<typeof GroupMembershipOutput>;

/** `GET /api/group/members?groupId=…`: the directory's query (step 6 rules) within one group. */
export const GroupMembersQuery = MemberListQuery.extend({
  groupId: z.coerce.number().int().positive(),
});
export type GroupMembersQuery = z.infer<typeof GroupMembersQuery>;

/** A group member: a member-list entry (step 6) and their place in the group. */
export const GroupMemberEntry = MemberListEntry.extend({
  groupRole: z.enum(['admin', 'member']),
});
export type GroupMemberEntry = z.infer<typeof GroupMemberEntry>;

export const GroupMembersOutput = z.object({
  items: z.array(GroupMemberEntry),
  nextCursor: z.string().nullable(),
});
export type GroupMembersOutput = z.infer<typeof GroupMembersOutput>;

/** A group in a profile (`groups`, `similarGroups`): enough to show and link it. */
export const GroupSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(GROUP_STATUSES),
  memberCount: z.number().int(),
});
export type GroupSummary = z.infer<typeof GroupSummary>;

/** BuddyPress v1's group object (`/api/social/groups`). */
export const SocialGroupOutput = z.object({
  id: z.number().int(),
  creator_id: z.number().int(),
  parent_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(GROUP_STATUSES),
  description: z.object({ raw: z.string(), rendered: z.string() }),
  date_created: z.string(),
  total_member_count: z.number().int(),
  link: z.string(),
  is_member: z.boolean(),
});
export type SocialGroupOutput = z.infer<typeof SocialGroupOutput>;

/** The languages a description may be in (those of the interface). */
export const GROUP_DESCRIPTION_LANGUAGES = LANGUAGES;
