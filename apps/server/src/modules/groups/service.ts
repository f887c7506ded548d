import {
  GROUP_LIMITS,
  type Actor,
  type Capability,
  type GroupMembersQuery,
  type GroupStatus,
  type GroupCreateInput,
  type GroupDescriptions,
  type GroupListQuery,
  type GroupUpdateInput,
} from '@attune/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { forbidden } from '../../errors';
import { decodeKeyCursor, encodeKeyCursor } from '../../lib/key-cursor';
import { freeSlug } from '../../lib/slugs';
import * as members from '../members/service';
import * as events from '../events/service';
import * as policy from './policy';
import { factsOf, presentGroup, presentSocialGroup } from './presenter';
import * as repository from './repository';
import { visible, getGroup, assertReadable, type GroupsContext, type Reader } from './reading';

/**
 * Groups (step 7, decision 0042): creating, listing and changing them, a member's groups, and the
 * faces of reading.ts (one group as the actor may read it) and membership.ts (joining, leaving,
 * requests and admins).
 */
export {
  joinGroup,
  requestMembership,
  withdrawRequest,
  leaveGroup,
  pendingMembers,
  answerRequest,
  appointAdmin,
} from './membership';
export {
  assertMayPost,
  assertReadable,
  getGroup,
  type GroupsContext,
  type Reader,
} from './reading';

export { isGroupStaff, may as mayInGroupAs, type GroupFacts } from './policy';

/** Descriptions as kept: trimmed, empty ones left out. */
function cleanDescriptions(descriptions: GroupDescriptions): GroupDescriptions {
  return Object.fromEntries(
    Object.entries(descriptions).filter(([, text]) => typeof text === 'string' && text.trim()),
  ) as GroupDescriptions;
}

/**
 * A new group; its creator is its first admin. Public and private groups any member who joins
 * groups may create (a few a day), hidden ones staff.
 */
export async function createGroup(ctx: GroupsContext, reader: Reader, input: GroupCreateInput) {
  const { actor } = reader;
  const status = input.status ?? 'public';
  if (!policy.mayCreate(actor, status))
    throw forbidden(
      status === 'hidden' ? 'Only staff can create hidden groups.' : 'You cannot create groups.',
    );
  await ctx.rateLimits.consume('group-create:account', String(actor.userId));
  const descriptions = cleanDescriptions({
    ...(input.description ? { [reader.language]: input.description } : {}),
    ...input.descriptions,
  });
  const id = await ctx.db.transaction(async (tx) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await tx.transaction(async (inner) => {
          const groupId = await repository.insertGroup(inner, {
            name: input.name,
            slug: await groupSlug(inner, input.name),
            status,
            descriptions,
            creatorId: actor.userId,
          });
          await repository.insertMembership(inner, {
            groupId,
            userId: actor.userId,
            status: 'active',
            role: 'admin',
          });
          return groupId;
        });
      } catch (error) {
        if (attempt >= 3 || !/groups_slug_key/.test(String(constraintOf(error)))) throw error;
      }
    }
  });
  const row = (await repository.findGroup(ctx.db, { id }, actor.userId))!;
  return presentSocialGroup(row, reader.language, ctx.publicUrl);
}

const constraintOf = (error: unknown) =>
  (error as { constraint?: string })?.constraint ??
  (error as { cause?: { constraint?: string } })?.cause?.constraint ??
  error;

/** Slugs that name the group API's own paths (`/api/group/posts` …), never a group's. */
const RESERVED_SLUGS = ['groups', 'members', 'posts', 'questions', 'update', 'me'];

/** A free slug for a group's name (spec §5's rule, as posts'); a name of signs only is 'group'. */
const groupSlug = (db: Tx, name: string) =>
  freeSlug(name, {
    maxLength: 80,
    fallback: 'group',
    taken: async (base) => [
      ...(await repository.slugsLike(db, base)),
      ...RESERVED_SLUGS.filter((slug) => slug === base),
    ],
  });

/** A group, BuddyPress style (`GET /api/social/groups/{id}`). */
export async function getSocialGroup(ctx: GroupsContext, reader: Reader, group: string | number) {
  return presentSocialGroup(
    await visible(ctx.db, reader.actor, group),
    reader.language,
    ctx.publicUrl,
  );
}

/**
 * A page of groups by name: every group the reader may know of (public and private ones, hidden
 * ones they belong to), or only theirs; `postable` keeps those they may write in.
 */
export async function listGroups(
  db: Tx,
  reader: Reader,
  query: { search?: string; show?: GroupListQuery['show']; cursor?: string; postable?: boolean },
) {
  const { actor } = reader;
  const limit = GROUP_LIMITS.pageSize;
  const rows = await repository.listGroups(db, {
    viewerId: actor.userId,
    staff: policy.isGroupStaff(actor),
    search: query.search || undefined,
    mine: query.show === 'mine' || query.postable,
    after: decodeKeyCursor(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const items = page
    .map((row) => presentGroup(row, actor, reader.language))
    .filter((group) => !query.postable || group.may.post);
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeKeyCursor(last.name.toLowerCase(), last.id) : null,
  };
}

/**
 * Changes a group's name, descriptions, cover image or status: its admins and staff. A group made
 * public takes in those waiting to join; a hidden one drops their requests.
 */
export async function updateGroup(db: Tx, reader: Reader, input: GroupUpdateInput) {
  const { actor } = reader;
  const row = await visible(db, actor, input.groupId);
  if (!policy.may(actor, 'update', factsOf(row)))
    throw forbidden('Only the group’s admins can change it.');
  if (input.status === 'hidden' && row.status !== 'hidden' && !policy.mayCreate(actor, 'hidden'))
    throw forbidden('Only staff can hide a group.');
  await db.transaction(async (tx) => {
    await repository.updateGroup(tx, row.id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.descriptions === undefined
        ? {}
        : { descriptions: cleanDescriptions({ ...row.descriptions, ...input.descriptions }) }),
      ...(input.coverImageUrl === undefined ? {} : { coverImageUrl: input.coverImageUrl }),
      ...(input.status === undefined ? {} : { status: input.status }),
    });
    // Requests waiting to join follow the new status (joined, or dropped).
    if (input.status !== undefined && input.status !== row.status)
      await repository.settlePending(tx, row.id, input.status);
  });
  return getGroup(db, reader, row.id);
}

/**
 * Tells a group's members that `authorId` posted in it (notification rows, and mails by each
 * member's `group_post` switch), in the caller's transaction.
 */
export async function announcePost(
  tx: Tx,
  publicUrl: string,
  post: { groupId: number; authorId: number; title: string; slug: string; id: number },
) {
  const group = await repository.findGroup(tx, { id: post.groupId }, post.authorId);
  if (!group) return;
  await events.record(tx, {
    type: 'group_post_written',
    authorId: post.authorId,
    group: { id: group.id, name: group.name },
    post: { id: post.id, slug: post.slug, title: post.title },
    recipients: await repository.notifiableMembers(tx, group.id, post.authorId),
    publicUrl,
  });
}

/** The groups of a member's profile (`groups`): those the viewer may know of, by name. */
export async function memberGroups(db: Tx, actor: Actor, memberId: number) {
  return presentSummaries(
    await repository.groupsOfMember(db, memberId, actor.userId, policy.isGroupStaff(actor), false),
  );
}

/** A profile's `similarGroups`: the groups the viewer and the member are both in. */
export async function similarGroups(db: Tx, actor: Actor, memberId: number) {
  if (memberId === actor.userId) return [];
  return presentSummaries(
    await repository.groupsOfMember(db, memberId, actor.userId, policy.isGroupStaff(actor), true),
  );
}

/**
 * A profile's `groups` and `similarGroups` (memberGroups and similarGroups) read together in one
 * statement, for the profile reads that show both.
 */
export async function profileGroups(db: Tx, actor: Actor, memberId: number) {
  const rows = await repository.profileGroupsOf(
    db,
    memberId,
    actor.userId,
    policy.isGroupStaff(actor),
  );
  const summary = ({ id, slug, name, status, memberCount }: repository.ProfileGroupRow) => ({
    id,
    slug,
    name,
    status: status as GroupStatus,
    memberCount,
  });
  return {
    groups: rows.filter((row) => row.place <= 100).map(summary),
    similarGroups:
      memberId === actor.userId
        ? []
        : rows.filter((row) => row.shared && row.sharedPlace <= 100).map(summary),
  };
}

const presentSummaries = (rows: Awaited<ReturnType<typeof repository.groupsOfMember>>) =>
  rows.map((row) => ({ ...row, status: row.status as GroupStatus }));

/**
 * A page of a group's members as member-list entries (the directory's search and filters, step 6
 * rules) with each one's place in the group; only for who may read the group.
 */
export async function listGroupMembers(db: Tx, actor: Actor, query: GroupMembersQuery) {
  const row = await assertReadable(db, actor, query.groupId);
  const { groupId: _groupId, ...directoryQuery } = query;
  const page = await members.listMembersWithin(
    db,
    { userId: actor.userId, capabilities: actor.capabilities as Capability[] },
    sql`select m.user_id from group_members m where m.group_id = ${row.id} and m.status = 'active'`,
    directoryQuery,
  );
  const roles = await repository.rolesIn(
    db,
    row.id,
    page.items.map((item) => item.id),
  );
  return {
    items: page.items.map((item) => ({
      ...item,
      groupRole: roles.get(item.id) === 'admin' ? ('admin' as const) : ('member' as const),
    })),
    nextCursor: page.nextCursor,
  };
}

/** The slug and name of those of these groups the actor may know of (a notification names them). */
export const visibleNames = (db: Tx, actor: Actor, ids: number[]) =>
  repository.visibleNames(db, ids, actor.userId, policy.isGroupStaff(actor));

/** Whether two members share a group (the connection setting 'shared_group'). */
export const shareAGroup = repository.shareAGroup;

/** A member's groups and requests, for their data export. */
export async function groupsForExport(db: Tx, userId: number) {
  const rows = await repository.membershipsOf(db, userId);
  return rows.map((row) => ({ ...row, since: row.since.toISOString() }));
}

/** A group of the demo community, with its creator as admin and these members (local mode). */
export async function seedGroup(
  db: Tx,
  input: {
    name: string;
    descriptions: GroupDescriptions;
    status: 'public' | 'private' | 'hidden';
    creatorId: number;
    memberIds: number[];
    pendingIds?: number[];
  },
): Promise<number> {
  const groupId = await repository.insertGroup(db, {
    name: input.name,
    slug: await groupSlug(db, input.name),
    status: input.status,
    descriptions: input.descriptions,
    creatorId: input.creatorId,
  });
  await repository.insertMembership(db, {
    groupId,
    userId: input.creatorId,
    status: 'active',
    role: 'admin',
  });
  for (const userId of input.memberIds)
    await repository.insertMembership(db, { groupId, userId, status: 'active' });
  for (const userId of input.pendingIds ?? [])
    await repository.insertMembership(db, { groupId, userId, status: 'pending' });
  return groupId;
}
