import type { ConnectionRequestsFrom } from '@attune/contract';

/**
 * The connections domain's per-resource rules (decision 0028, 0032): pure functions over the acting
 * member's id and the rows concerned (the friendship of the pair, the blocks between the two, the
 * other member's setting). The routes call the service, which reads the rows and asks these; a
 * rule changes here only. Who may call the routes at all (a signed-in member) is the access rule.
 */

/** A friendship as the rules see it. */
export interface PairFriendship {
  requesterId: number;
  addresseeId: number;
  /** 'pending' or 'accepted'. */
  status: string;
}

/** A block as the rules see it. */
export interface PairBlock {
  blockerId: number;
  blockedId: number;
}

/** Why a connection request is refused. */
export type RequestRefusal =
  | 'self'
  /** The actor blocked the member (they may unblock). */
  | 'blocked_by_actor'
  /** The member blocked the actor: answered as if the member did not exist. */
  | 'blocked_by_member'
  | 'already_connected'
  /** The actor's own request is still pending. */
  | 'request_exists'
  /** The member's request to the actor is pending: the actor answers it instead (decision 0032). */
  | 'request_received'
  /** The member's setting refuses requests from the actor. */
  | 'not_accepted';

/**
 * Does the member's "who may send me requests" setting let this actor ask? 'shared_group' needs
 * a group both are active members of (decisions 0032, 0042).
 */
export function acceptsRequestsFrom(
  setting: ConnectionRequestsFrom | string,
  sharesGroup: boolean,
): boolean {
  switch (setting) {
    case 'everyone':
      return true;
    case 'shared_group':
      return sharesGroup;
    default:
      // 'nobody', and anything unknown: refuse (deny by default).
      return false;
  }
}

/**
 * May `actorId` send `member` a connection request? Null when yes, else why not. The state of the
 * pair speaks before the member's setting: a member who asked the actor hears "accept it", even
 * when they accept no requests themselves.
 */
export function requestRefusal(input: {
  actorId: number;
  member: { id: number; requestsFrom: string };
  friendship: PairFriendship | undefined;
  blocks: readonly PairBlock[];
  sharesGroup: boolean;
}): RequestRefusal | null {
  const { actorId, member, friendship, blocks } = input;
  if (actorId === member.id) return 'self';
  if (blocks.some((block) => block.blockerId === actorId && block.blockedId === member.id))
    return 'blocked_by_actor';
  if (blocks.some((block) => block.blockerId === member.id && block.blockedId === actorId))
    return 'blocked_by_member';
  if (friendship) {
    if (friendship.status === 'accepted') return 'already_connected';
    return friendship.requesterId === actorId ? 'request_exists' : 'request_received';
  }
  if (!acceptsRequestsFrom(member.requestsFrom, input.sharesGroup)) return 'not_accepted';
  return null;
}

/** What can be done to a pending request, and by whom. */
export type RequestAnswer = 'accept' | 'reject' | 'cancel';

/** Why an answer to a request is refused. */
export type AnswerRefusal = 'no_request' | 'already_connected' | 'not_yours';

/**
 * May `actorId` accept, reject or cancel the request between them and the other member? Only the
 * addressee accepts or rejects, only the requester cancels.
 */
export function answerRefusal(
  actorId: number,
  answer: RequestAnswer,
  friendship: PairFriendship | undefined,
): AnswerRefusal | null {
  if (!friendship) return 'no_request';
  if (friendship.requesterId !== actorId && friendship.addresseeId !== actorId) return 'no_request';
  if (friendship.status === 'accepted') return 'already_connected';
  const mine = answer === 'cancel' ? friendship.requesterId : friendship.addresseeId;
  return mine === actorId ? null : 'not_yours';
}

/** Either member may end an accepted connection; a pending request is cancelled or rejected instead. */
export const mayRemoveConnection = (actorId: number, friendship: PairFriendship | undefined) =>
  Boolean(
    friendship &&
    friendship.status === 'accepted' &&
    (friendship.requesterId === actorId || friendship.addresseeId === actorId),
  );

/** A member may block, unblock and report anyone but themselves (blocks are always possible). */
export const mayActOn = (actorId: number, memberId: number) => actorId !== memberId;
