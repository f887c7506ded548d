import type { MessagesFrom } from '@attune/contract';

/**
 * The chat domain's rules (decision 0045): pure functions over the acting member and what the
 * service read about the others. REST, GraphQL and the socket all ask these; a rule changes here
 * only. Deny by default: anything unknown refuses.
 */

/** How one other member of a conversation stands towards the actor. */
export interface Counterpart {
  id: number;
  /** Their "who may message me" setting (MESSAGES_FROM). */
  messagesFrom: MessagesFrom | string;
  connected: boolean;
  sharesGroup: boolean;
  blockedByActor: boolean;
  blockedByMember: boolean;
  /** They wrote in this conversation themselves (false for a new one). */
  hasWritten: boolean;
  /**
   * They are in a conversation of three or more that already exists: whoever started it could
   * include them, and its members talk to each other there (decision 0045).
   */
  inGroupConversation: boolean;
}

export type MessageRefusal =
  | 'self'
  /** The actor blocked them (they may unblock). */
  | 'blocked_by_actor'
  /** They blocked the actor: answered as if they did not exist. */
  | 'blocked_by_member'
  /** Their setting does not include the actor. */
  | 'not_accepted';

/** Does a member's "who may message me" setting include the actor? */
export function acceptsMessagesFrom(
  setting: MessagesFrom | string,
  actor: { connected: boolean; sharesGroup: boolean },
): boolean {
  switch (setting) {
    case 'everyone':
      return true;
    case 'shared_group':
      return actor.connected || actor.sharesGroup;
    case 'connections':
      return actor.connected;
    default:
      return false;
  }
}

/**
 * May the actor write to this member (start a conversation with them, or write in one they are
 * in)? Blocks either way always refuse. The member's setting decides when a conversation starts,
 * and in a two-member one until they wrote in it themselves: a reply shows they accept it (so a
 * member who wrote first to someone outside their own setting still hears back). In a conversation
 * of three or more its members write freely once it exists.
 */
export function messageRefusal(actorId: number, member: Counterpart): MessageRefusal | null {
  if (member.id === actorId) return 'self';
  if (member.blockedByActor) return 'blocked_by_actor';
  if (member.blockedByMember) return 'blocked_by_member';
  if (member.hasWritten || member.inGroupConversation) return null;
  return acceptsMessagesFrom(member.messagesFrom, member) ? null : 'not_accepted';
}

/**
 * The first refusal among the other members of a conversation, or null when the actor may write to
 * all of them. A conversation is written to as a whole: one member who may not be written to stops
 * the message for everyone (nobody receives a message meant to include a member who refused it).
 */
export function conversationRefusal(
  actorId: number,
  others: readonly Counterpart[],
): MessageRefusal | null {
  for (const member of others) {
    const refusal = messageRefusal(actorId, member);
    if (refusal) return refusal;
  }
  return null;
}

/** Only a conversation's participants read it, hear its events or write in it. */
export const mayRead = (actorId: number, participantIds: readonly number[]) =>
  participantIds.includes(actorId);
