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
  type Language,
} from '@attune/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { decodeKeyCursor, encodeKeyCursor } from '../../lib/key-cursor';
import { freeSlug } from '../../lib/slugs';
import type { RateLimits } from '../../plugins/app/rate-limits';
import * as members from '../members/service';
import * as events from '../events/service';
import * as policy from './policy';
import { factsOf, presentGroup, presentSocialGroup } from './presenter';
import * as repository from './repository';

export { isGroupStaff, may as mayInGroupAs, type GroupFacts } from './policy';

export interface GroupsContext {
  db: Tx;
  rateLimits: RateLimits;
  publicUrl: string;
}

/** The reader's language, for the description and mails' links. */
export interface Reader {
  actor: Actor;
  language: Language;
}

const groupNotFound = () => notFound('This group does not exist or is not available to you.');
const membersOnly = () =>
  new AppError('group_members_only', 403, 'Only members of this group can see this.');

/** The id or slug a `{group}` parameter names: digits are an id, anything else a slug. */
const refOf = (group: string | number) =>
  typeof group === 'number' || /^\d+$/.test(group) ? { id: Number(group) } : { slug: group };

/**
 * A group the actor may know of (GROUP_PERMISSIONS.see), else 404 — a hidden group looks exactly
 * like a missing one to outsiders.
 */
async function visible(db: Tx, actor: Actor, group: string | number) {
  const row = await repository.findGroup(db, refOf(group), actor.userId);
  if (!row || !policy.may(actor, 'see', factsOf(row))) throw groupNotFound();
  return row;
}

/** One group as the reader may see it (`GET /api/group/{group}`). */
export async function getGroup(db: Tx, reader: Reader, group: string | number) {
  return presentGroup(await visible(db, reader.actor, group), reader.actor, reader.language);
}

/** A group's posts may be read by the actor (posts and questions lists); 404 / 403 otherwise. */
export async function assertReadable(db: Tx, actor: Actor, groupId: number) {
  const row = await visible(db, actor, groupId);
  if (!policy.may(actor, 'read', factsOf(row))) throw membersOnly();
  return row;
}

/** The actor may write in the group (a post or question with `groupId`); 404 / 403 otherwise. */
export async function assertMayPost(db: Tx, actor: Actor, groupId: number) {
  const row = await visible(db, actor, groupId);
  if (!policy.may(actor, 'post', factsOf(row))) throw membersOnly();
  return row;
}

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

const MESSAGES = {
  joined: 'You joined the group.',
  requested: 'Your request to join was sent.',
  withdrawn: 'Your request to join was withdrawn.',
  left: 'You left the group.',
  accepted: 'The request was accepted.',
  rejected: 'The request was declined.',
} as const;

/** Joins a public group at once. Only for oneself (`user_id` is the actor). */
export async function joinGroup(
  ctx: GroupsContext,
  reader: Reader,
  groupId: number,
  userId: number,
) {
  const { actor } = reader;
  if (userId !== actor.userId) throw forbidden('You can only join a group yourself.');
  const row = await visible(ctx.db, actor, groupId);
  const facts = factsOf(row);
  if (facts.standing === 'member' || facts.standing === 'admin')
    throw new AppError('already_member', 409, 'You are already a member of this group.');
  if (!policy.may(actor, 'join', facts))
    throw forbidden(
      row.status === 'private'
        ? 'This group is private: ask to join instead.'
        : 'You cannot join this group.',
    );
  await repository.insertMembership(ctx.db, { groupId: row.id, userId, status: 'active' });
  return { message: MESSAGES.joined, group: await getGroup(ctx.db, reader, row.id) };
}

/** Asks to join a private group; its admins are told (and mailed, by their switch). */
export async function requestMembership(ctx: GroupsContext, reader: Reader, groupId: number) {
  const { actor } = reader;
  const row = await visible(ctx.db, actor, groupId);
  const facts = factsOf(row);
  if (facts.standing === 'member' || facts.standing === 'admin')
    throw new AppError('already_member', 409, 'You are already a member of this group.');
  if (facts.standing === 'pending')
    throw new AppError('request_exists', 409, 'You already asked to join this group.');
  if (!policy.may(actor, 'request', facts))
    throw forbidden(
      row.status === 'public'
        ? 'This group is public: join it directly.'
        : 'You cannot ask to join this group.',
    );
  await ctx.db.transaction(async (tx) => {
    const added = await repository.insertMembership(tx, {
      groupId: row.id,
      userId: actor.userId,
      status: 'pending',
    });
    if (!added) throw new AppError('request_exists', 409, 'You already asked to join this group.');
    await events.record(tx, {
      type: 'group_join_requested',
      actorId: actor.userId,
      group: { id: row.id, slug: row.slug, name: row.name },
      recipients: await repository.notifiableMembers(tx, row.id, actor.userId, 'admin'),
      publicUrl: ctx.publicUrl,
    });
  });
  return { message: MESSAGES.requested, group: await getGroup(ctx.db, reader, row.id) };
}

/** Withdraws one's own waiting request. */
export async function withdrawRequest(ctx: GroupsContext, reader: Reader, groupId: number) {
  const row = await visible(ctx.db, reader.actor, groupId);
  if (!policy.may(reader.actor, 'cancelRequest', factsOf(row)))
    throw notFound('You have no waiting request to join this group.');
  await repository.deleteMembership(ctx.db, row.id, reader.actor.userId, 'pending');
  return { message: MESSAGES.withdrawn, group: await getGroup(ctx.db, reader, row.id) };
}

/**
 * Leaves a group (only oneself). The only admin cannot leave while others remain: the group would
 * have nobody to answer requests (409 `last_admin`).
 */
export async function leaveGroup(
  ctx: GroupsContext,
  reader: Reader,
  groupId: number,
  userId: number,
) {
  const { actor } = reader;
  if (userId !== actor.userId) throw forbidden('You can only leave a group yourself.');
  const row = await visible(ctx.db, actor, groupId);
  const facts = factsOf(row);
  if (!policy.may(actor, 'leave', facts)) throw notFound('You are not a member of this group.');
  await ctx.db.transaction(async (tx) => {
    await repository.lockGroup(tx, row.id);
    if (
      facts.standing === 'admin' &&
      row.memberCount > 1 &&
      (await repository.adminCount(tx, row.id)) <= 1
    )
      throw new AppError(
        'last_admin',
        409,
        'You are the only admin of this group. Make another member admin before you leave.',
      );
    await repository.deleteMembership(tx, row.id, actor.userId, 'active');
  });
  // A hidden group one just left is no longer there to show.
  const after = await repository.findGroup(ctx.db, { id: row.id }, actor.userId);
  return {
    message: MESSAGES.left,
    group: presentGroup(after!, actor, reader.language),
  };
}

/** The group, if the actor may answer its membership requests; 404 / 403 otherwise. */
async function managed(db: Tx, actor: Actor, groupId: number) {
  const row = await visible(db, actor, groupId);
  if (!policy.may(actor, 'manageRequests', factsOf(row)))
    throw forbidden('Only the group’s admins can answer requests to join.');
  return row;
}

/** A page of a group's waiting requests, oldest first (its admins and staff). */
export async function pendingMembers(db: Tx, actor: Actor, groupId: number, cursor?: string) {
  const row = await managed(db, actor, groupId);
  const limit = GROUP_LIMITS.requestsPageSize;
  const rows = await repository.pendingMembers(db, row.id, decodeRequestCursor(cursor), limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((member) => ({
      id: member.id,
      nickname: member.nickname,
      name: member.firstName,
      avatarUrl: member.avatarUrl,
      requestedAt: member.requestedAt.toISOString(),
    })),
    nextCursor:
      rows.length > limit && last ? encodeKeyCursor(last.requestedAt.toISOString(), last.id) : null,
  };
}

/** Where a page of requests starts: after the request of this time and member. */
function decodeRequestCursor(cursor: string | undefined) {
  const position = decodeKeyCursor(cursor);
  if (!position) return undefined;
  const at = new Date(position.key);
  if (Number.isNaN(at.getTime()))
    throw new AppError('validation_failed', 400, 'This cursor is not one of ours.', {
      field: 'cursor',
    });
  return { at, userId: position.id };
}

/** A group admin (or staff) accepts or declines a request; an accepted member is told. */
export async function answerRequest(
  ctx: GroupsContext,
  reader: Reader,
  input: { groupId: number; userId: number; action: 'accept' | 'reject' },
) {
  const row = await managed(ctx.db, reader.actor, input.groupId);
  await ctx.db.transaction(async (tx) => {
    const answered =
      input.action === 'accept'
        ? await repository.acceptRequest(tx, row.id, input.userId)
        : await repository.deleteMembership(tx, row.id, input.userId, 'pending');
    if (!answered) throw notFound('There is no waiting request from this member.');
    if (input.action !== 'accept') return;
    const [member] = await repository
      .notifiableMembers(tx, row.id, reader.actor.userId)
      .then((members) => members.filter((candidate) => candidate.id === input.userId));
    if (member)
      await events.record(tx, {
        type: 'group_join_accepted',
        actorId: reader.actor.userId,
        group: { id: row.id, slug: row.slug, name: row.name },
        recipient: member,
        publicUrl: ctx.publicUrl,
      });
  });
  return {
    message: input.action === 'accept' ? MESSAGES.accepted : MESSAGES.rejected,
    group: await getGroup(ctx.db, reader, row.id),
  };
}

/**
 * A group admin (or staff) makes a member one of its admins, or an admin a member again. The
 * last admin stays one (409 `last_admin`): the group would have nobody to answer requests.
 */
export async function appointAdmin(
  ctx: GroupsContext,
  reader: Reader,
  input: { groupId: number; userId: number; admin: boolean },
) {
  const row = await visible(ctx.db, reader.actor, input.groupId);
  if (!policy.may(reader.actor, 'appointAdmins', factsOf(row)))
    throw forbidden('Only the group’s admins can choose its admins.');
  await ctx.db.transaction(async (tx) => {
    await repository.lockGroup(tx, row.id);
    if (!input.admin && (await repository.adminCount(tx, row.id)) <= 1)
      throw new AppError(
        'last_admin',
        409,
        'A group needs at least one admin. Make another member admin first.',
      );
    const changed = await repository.setRole(
      tx,
      row.id,
      input.userId,
      input.admin ? 'admin' : 'member',
    );
    if (!changed) throw notFound('This member is not in the group.');
  });
  return {
    message: input.admin ? 'They are now an admin of the group.' : 'They are now a member.',
    group: await getGroup(ctx.db, reader, row.id),
  };
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
