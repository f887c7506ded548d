import type { FastifyRequest } from 'fastify';
import {
  friendStatusOf,
  SPEC_MESSAGES,
  type ConnectionRequestsFrom,
  type FriendListing,
  type FriendStatus,
  type MemberReportReason,
} from '@attune/contract';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import * as events from '../events/service';
import type { ConnectionChange } from '../events/service';
import * as users from '../users/service';
import * as policy from './policy';
import * as repository from './repository';
import type { FriendshipRow } from './repository';

/** The member's connections and requests, for the data export. */
export async function connectionsForExport(db: Tx, userId: number) {
  const rows = await repository.listFor(db, userId);
  return rows.map((row) => ({
    otherMemberId: row.requesterId === userId ? row.addresseeId : row.requesterId,
    requestedByMe: row.requesterId === userId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  }));
}

/** Creates a connection directly (demo content only; members connect through requests in step 4). */
export const seedConnection = (
  db: Tx,
  requesterId: number,
  addresseeId: number,
  status: 'accepted' | 'pending',
) => repository.insertFriendship(db, requesterId, addresseeId, status);

export type { FriendshipRow } from './repository';

/** What the friendship changes need besides the database: the app's address, for mail links. */
export interface ConnectionsContext {
  db: Db;
  publicUrl: string;
  /**
   * Whether two members share a group (the request setting 'shared_group'): the groups module's
   * rule, handed in by the app, since the social graph knows no content (docs/ARCHITECTURE.md).
   */
  sharesGroup(tx: Tx, oneId: number, otherId: number): Promise<boolean>;
}

/** 'User ID not found' (spec §8), as the profile read answers: a missing member, or one who blocked the actor. */
const memberNotFound = () => notFound(SPEC_MESSAGES.userIdNotFound);

const REQUEST_REFUSALS: Record<policy.RequestRefusal, () => AppError> = {
  self: () =>
    new AppError('cannot_befriend_self', 400, 'You cannot send a connection request to yourself.'),
  blocked_by_actor: () =>
    new AppError('blocked', 403, 'You blocked this member. Unblock them first to connect.'),
  blocked_by_member: memberNotFound,
  already_connected: () =>
    new AppError('already_connected', 409, 'You are already connected with this member.'),
  request_exists: () =>
    new AppError(
      'friend_request_exists',
      409,
      'You already sent this member a connection request. It is waiting for their answer.',
    ),
  request_received: () =>
    new AppError(
      'friend_request_received',
      409,
      'This member already sent you a connection request. Accept it to connect.',
    ),
  not_accepted: () =>
    new AppError(
      'requests_not_accepted',
      403,
      'This member does not accept connection requests at the moment.',
    ),
};

const ANSWER_REFUSALS: Record<policy.AnswerRefusal, (answer: policy.RequestAnswer) => AppError> = {
  no_request: () =>
    new AppError(
      'friend_request_not_found',
      404,
      'There is no pending connection request between you and this member.',
    ),
  already_connected: () =>
    new AppError('already_connected', 409, 'You are already connected with this member.'),
  not_yours: (answer) =>
    new AppError(
      'not_your_request',
      403,
      answer === 'cancel'
        ? 'Only the member who sent this request can cancel it.'
        : 'Only the member who received this request can answer it.',
    ),
};

/**
 * Records that the actor answered a request, withdrew theirs or ended a connection: the other
 * member is told (notifications/listener.ts), never of a block.
 */
const recordChange = (
  tx: Tx,
  ctx: ConnectionsContext,
  change: ConnectionChange,
  actorId: number,
  memberId: number,
  friendshipId: number,
) =>
  events.record(tx, {
    type: 'connection_changed',
    change,
    actorId,
    memberId,
    friendshipId,
    publicUrl: ctx.publicUrl,
  });

/** The result of a change: the friendship row afterwards (undefined when none) and the new status. */
export interface FriendshipChangeResult {
  otherId: number;
  friendship: FriendshipRow | undefined;
  isFriend: FriendStatus;
}

const statusAfter = (actorId: number, friendship: FriendshipRow | undefined): FriendStatus =>
  friendStatusOf(
    false,
    !friendship
      ? null
      : friendship.status === 'accepted'
        ? 'accepted'
        : friendship.requesterId === actorId
          ? 'sent'
          : 'received',
  );

/**
 * `actorId` asks `memberId` to connect. In one transaction, serialised per pair: the member must
 * exist and not have blocked the actor (else 404, as their profile answers), the actor must not
 * have blocked them, the pair must have no request or connection yet (the pair index is the last
 * guard), and the member's setting must let the actor ask. Notifies the member and, if their
 * `friend_request` switch is on, mails them in their language.
 */
export async function sendRequest(
  ctx: ConnectionsContext,
  actorId: number,
  memberId: number,
): Promise<FriendshipChangeResult> {
  if (actorId === memberId) throw REQUEST_REFUSALS.self();
  return ctx.db.transaction(async (tx) => {
    await repository.lockPair(tx, actorId, memberId);
    const member = await users.findUserById(tx, memberId);
    if (!member) throw memberNotFound();
    const refusal = async () =>
      policy.requestRefusal({
        actorId,
        member: { id: member.id, requestsFrom: member.connectionRequestsFrom },
        friendship: await repository.findPair(tx, actorId, memberId),
        blocks: await repository.blocksBetween(tx, actorId, memberId),
        sharesGroup: await ctx.sharesGroup(tx, actorId, memberId),
      });
    const refused = await refusal();
    if (refused) throw REQUEST_REFUSALS[refused]();
    const row = await repository.insertRequest(tx, actorId, memberId);
    if (!row) {
      // Another request for the pair won the race (the pair index): say what it is.
      throw REQUEST_REFUSALS[(await refusal()) ?? 'request_exists']();
    }
    await events.record(tx, {
      type: 'connection_requested',
      actorId,
      recipient: member,
      friendshipId: row.id,
      publicUrl: ctx.publicUrl,
    });
    return { otherId: memberId, friendship: row, isFriend: statusAfter(actorId, row) };
  });
}

/** Runs `work` on the pending request between the two, after the policy allowed `answer`. */
async function answerRequest<T>(
  ctx: ConnectionsContext,
  actorId: number,
  memberId: number,
  answer: policy.RequestAnswer,
  work: (tx: Tx, request: FriendshipRow) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await repository.lockPair(tx, actorId, memberId);
    const request =
      actorId === memberId ? undefined : await repository.findPair(tx, actorId, memberId);
    const refused = policy.answerRefusal(actorId, answer, request);
    if (refused) throw ANSWER_REFUSALS[refused](answer);
    return work(tx, request!);
  });
}

/**
 * The addressee accepts the member's pending request: the two are connected. Notifies the
 * requester and, if their `friend_accepted` switch is on, mails them in their language.
 */
export function acceptRequest(ctx: ConnectionsContext, actorId: number, memberId: number) {
  return answerRequest(ctx, actorId, memberId, 'accept', async (tx, request) => {
    const accepted = await repository.acceptRequest(tx, request.id);
    await recordChange(tx, ctx, 'accept', actorId, memberId, request.id);
    return { otherId: memberId, friendship: accepted, isFriend: statusAfter(actorId, accepted) };
  });
}

/**
 * The addressee declines the member's pending request: it goes, their own notice of it goes, and
 * the requester is told (a notice, and a mail under their `friend_accepted` switch).
 */
export function rejectRequest(ctx: ConnectionsContext, actorId: number, memberId: number) {
  return answerRequest(ctx, actorId, memberId, 'reject', async (tx, request) => {
    await repository.deleteFriendship(tx, request.id);
    await recordChange(tx, ctx, 'reject', actorId, memberId, request.id);
    return { otherId: memberId, friendship: undefined, isFriend: statusAfter(actorId, undefined) };
  });
}

/**
 * The requester withdraws their pending request: the addressee's notice of the request goes (it
 * can no longer be answered) and a notice that it was withdrawn takes its place, with a mail
 * under their `friend_request` switch.
 */
export function cancelRequest(ctx: ConnectionsContext, actorId: number, memberId: number) {
  return answerRequest(ctx, actorId, memberId, 'cancel', async (tx, request) => {
    await repository.deleteFriendship(tx, request.id);
    await recordChange(tx, ctx, 'cancel', actorId, memberId, request.id);
    return { otherId: memberId, friendship: undefined, isFriend: statusAfter(actorId, undefined) };
  });
}

/**
 * Either member ends an accepted connection; the other is told (a notice, and a mail under their
 * `friend_accepted` switch). A block ends a connection without telling anyone (blockMember).
 */
export async function removeConnection(
  ctx: ConnectionsContext,
  actorId: number,
  memberId: number,
): Promise<FriendshipChangeResult> {
  return ctx.db.transaction(async (tx) => {
    await repository.lockPair(tx, actorId, memberId);
    const friendship =
      actorId === memberId ? undefined : await repository.findPair(tx, actorId, memberId);
    if (!policy.mayRemoveConnection(actorId, friendship))
      throw new AppError('not_connected', 404, 'You are not connected with this member.');
    await repository.deleteFriendship(tx, friendship!.id);
    await recordChange(tx, ctx, 'remove', actorId, memberId, friendship!.id);
    return { otherId: memberId, friendship: undefined, isFriend: statusAfter(actorId, undefined) };
  });
}

/**
 * The viewer's connections and the pending requests both ways, each other member as a friend
 * listing entry (spec §3) as the viewer may see them: one query for the friendships and one
 * (batched, the request's profile loader) for every member in them, however many there are.
 */
export async function myConnections(
  request: FastifyRequest,
  viewer: users.ProfileViewer,
): Promise<{ friends: FriendListing[]; incoming: FriendListing[]; outgoing: FriendListing[] }> {
  const rows = await repository.listFor(request.server.database.db, viewer.userId);
  const others = rows.map((row) =>
    row.requesterId === viewer.userId ? row.addresseeId : row.requesterId,
  );
  const profiles = await users.profileLoader(request, viewer.userId).loadMany(others);
  const answer = {
    friends: [] as FriendListing[],
    incoming: [] as FriendListing[],
    outgoing: [] as FriendListing[],
  };
  const shown: { userId: number; fields: string[] }[] = [];
  rows.forEach((row, index) => {
    const profile = profiles[index];
    if (!profile || profile instanceof Error) return;
    shown.push({
      userId: profile.user.id,
      fields: users.healthFieldsReadByStaff(profile, viewer),
    });
    const list =
      row.status === 'accepted'
        ? answer.friends
        : row.requesterId === viewer.userId
          ? answer.outgoing
          : answer.incoming;
    list.push(users.presentListedMember(profile, viewer, row.acceptedAt ?? row.createdAt));
  });
  await users.auditStaffHealthReadsInList(
    request.server.database.db,
    viewer,
    shown,
    'connection/my-friends',
  );
  return answer;
}

/**
 * `actorId` blocks `memberId` (decision 0032): in one transaction, serialised per pair, the block is
 * recorded (again is fine), any connection or pending request between the two ends, and the
 * notices either had of the other's requests or acceptance go. From then on neither sees the
 * other's profile, and neither can ask the other to connect.
 */
export async function blockMember(ctx: ConnectionsContext, actorId: number, memberId: number) {
  if (!policy.mayActOn(actorId, memberId))
    throw new AppError('cannot_block_self', 400, 'You cannot block yourself.');
  await ctx.db.transaction(async (tx) => {
    await repository.lockPair(tx, actorId, memberId);
    if (!(await users.findUserById(tx, memberId))) throw memberNotFound();
    await repository.insertBlock(tx, actorId, memberId);
    const friendship = await repository.findPair(tx, actorId, memberId);
    if (friendship) await repository.deleteFriendship(tx, friendship.id);
    await events.record(tx, { type: 'member_blocked', actorId, memberId });
  });
}

/** Lifts the actor's block of a member; nothing happens when there was none. */
export async function unblockMember(ctx: ConnectionsContext, actorId: number, memberId: number) {
  // Nobody can block themselves, so there is nothing to lift: say so rather than answer "done".
  if (!policy.mayActOn(actorId, memberId))
    throw new AppError('cannot_block_self', 400, 'You cannot block yourself.');
  await ctx.db.transaction(async (tx) => {
    await repository.lockPair(tx, actorId, memberId);
    await repository.deleteBlock(tx, actorId, memberId);
  });
}

/** The members the actor blocked, newest first, with name, address and avatar (two queries). */
export async function blockedMembers(db: Tx, actorId: number) {
  const rows = await repository.listBlocksBy(db, actorId);
  const summaries = new Map(
    (
      await users.findUserSummaries(
        db,
        rows.map((row) => row.blockedId),
      )
    ).map((member) => [member.id, member]),
  );
  return rows.flatMap((row) => {
    const member = summaries.get(row.blockedId);
    return member
      ? [
          {
            databaseId: member.id,
            nickname: member.nickname,
            username: member.username,
            avatar: { url: member.avatarUrl },
            blockedAt: row.createdAt.toISOString(),
          },
        ]
      : [];
  });
}

/**
 * `actorId` reports `memberId` for the staff queue (step 9). Anyone but oneself may be reported,
 * blocked or not (a member who blocked someone may still report what they did).
 */
export async function reportMember(
  db: Tx,
  actorId: number,
  report: { memberId: number; reason: MemberReportReason; details: string },
) {
  if (!policy.mayActOn(actorId, report.memberId))
    throw new AppError('cannot_report_self', 400, 'You cannot report yourself.');
  if (!(await users.findUserById(db, report.memberId))) throw memberNotFound();
  return repository.insertReport(db, {
    reporterId: actorId,
    reportedId: report.memberId,
    reason: report.reason,
    details: report.details,
  });
}

/** Who may send the member connection requests. */
export async function requestSettings(db: Tx, userId: number) {
  const member = await users.findUserById(db, userId);
  if (!member) throw memberNotFound();
  return { requestsFrom: member.connectionRequestsFrom as ConnectionRequestsFrom };
}

export async function setRequestSettings(
  db: Tx,
  userId: number,
  requestsFrom: ConnectionRequestsFrom,
) {
  await users.updateUser(db, userId, { connectionRequestsFrom: requestsFrom });
  return { requestsFrom };
}
