import { GROUP_LIMITS, type Actor } from '@attune/contract';
import type { Tx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { decodeKeyCursor, encodeKeyCursor } from '../../lib/key-cursor';
import * as events from '../events/service';
import * as policy from './policy';
import { factsOf, presentGroup } from './presenter';
import * as repository from './repository';
import { visible, getGroup, type GroupsContext, type Reader } from './reading';

/** Joining, asking to join, leaving, and the admins' answers and appointments. */

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
