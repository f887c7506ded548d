import {
  CHAT_LIMITS,
  type Actor,
  type ChatMember,
  type ChatMessage,
  type ChatThread,
  type InboxOutput,
  type MessagesFrom,
  type SendMessageOutput,
  type ThreadOutput,
  type SendMessageInput,
} from '@attune/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { decodeIdCursor, encodeIdCursor } from '../../lib/id-cursor';
import type { RateLimits } from '../../plugins/app/rate-limits';
import type { LivePublisher } from '../live/service';
import * as events from '../events/service';
import * as users from '../users/service';
import * as policy from './policy';
import * as repository from './repository';

/** What the chat needs besides the database: limits, the live hub, links in mails. */
export interface ChatContext {
  db: Tx;
  rateLimits: RateLimits;
  live: LivePublisher;
  publicUrl: string;
}

const threadNotFound = () =>
  notFound('This conversation does not exist, or you are not part of it.');
const memberNotFound = () => notFound('This member does not exist.');

/** The error each refusal answers (a member who blocked the actor looks like a missing one). */
const REFUSALS: Record<policy.MessageRefusal, () => AppError> = {
  self: () => new AppError('cannot_message_self', 400, 'You cannot send a message to yourself.'),
  blocked_by_actor: () =>
    new AppError('messages_blocked', 403, 'You blocked this member. Unblock them first.'),
  blocked_by_member: memberNotFound,
  not_accepted: () =>
    new AppError(
      'messages_not_accepted',
      403,
      'This member only receives messages from people they chose, for example their connections.',
    ),
};

const nameOf = (member: { nickname: string; username: string }) =>
  member.nickname || member.username;

export function presentMessage(row: repository.MessageRow): ChatMessage {
  return {
    id: row.id,
    threadId: row.threadId,
    senderId: row.senderId,
    text: row.body,
    image: row.image,
    automatic: row.automatic,
    createdAt: row.createdAt.toISOString(),
  };
}

const presentMember = (row: repository.ThreadMemberRow): ChatMember => ({
  id: row.userId,
  nickname: nameOf(row),
  name: row.firstName,
  avatarUrl: row.avatarUrl,
});

/**
 * The policy's view of each other member of a conversation, from their rows and the participants'
 * rows. `existing`: the conversation was there before this message.
 */
async function counterpartsOf(
  db: Tx,
  actorId: number,
  others: readonly { userId: number; hasWritten: boolean }[],
  existing: boolean,
): Promise<policy.Counterpart[]> {
  const rows = await repository.counterparts(
    db,
    actorId,
    others.map((other) => other.userId),
  );
  return viewsOf(rows, others, existing);
}

/** Counterpart rows joined with the participants' rows of one conversation. */
const viewsOf = (
  rows: readonly repository.CounterpartRow[],
  others: readonly { userId: number; hasWritten: boolean }[],
  existing: boolean,
): policy.Counterpart[] => {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const inGroupConversation = existing && others.length >= 2;
  return others.flatMap((other) => {
    const row = byId.get(other.userId);
    return row ? [{ ...row, hasWritten: other.hasWritten, inGroupConversation }] : [];
  });
};

type SendInput = z.output<typeof SendMessageInput>;

/**
 * Sends a message (`POST /api/social/messages`): into a conversation the actor is part of, or to
 * members — the one conversation with a single member, else a new one. Everyone written to must
 * accept the actor (chat policy). Stored, counted and mailed in one transaction; the ids are
 * answered, and the participants' sockets told, only once it committed. A retry with the same
 * `client_id` answers the first message's ids and changes nothing.
 */
export async function sendMessage(
  ctx: ChatContext,
  actor: Actor,
  input: SendInput,
): Promise<SendMessageOutput> {
  const text = input.message.trim();
  const image = input.image ?? null;
  if (!text && !image) throw new AppError('content_required', 400, 'Please write something first.');
  // Only an image the sender uploaded (their own folder of /api/media) goes into a message.
  if (image && !image.url.startsWith(`/media/posts/${actor.userId}/`))
    throw new AppError('validation_failed', 400, 'Please upload the image again.', {
      field: 'image',
    });
  const clientId = input.client_id ?? null;
  if (clientId) {
    const earlier = await repository.messageByClientId(ctx.db, actor.userId, clientId);
    if (earlier) return { thread_id: earlier.threadId, id: earlier.id };
  }
  await ctx.rateLimits.consume('chat-message:account', String(actor.userId));

  const sent = await ctx.db.transaction(async (tx) => {
    // What finding the conversation already read is not read again.
    const target = await threadToWriteIn(tx, actor.userId, input);
    const { threadId } = target;
    const participants = target.participants ?? (await repository.participantsOf(tx, threadId));
    const others = participants.filter((one) => one.userId !== actor.userId);
    const standing =
      target.standing ??
      (await repository.counterparts(
        tx,
        actor.userId,
        others.map((one) => one.userId),
      ));
    const counterparts = viewsOf(standing, others, target.existing);
    const refusal = policy.conversationRefusal(actor.userId, counterparts);
    if (refusal) throw REFUSALS[refusal]();
    const message = await repository.insertMessage(tx, {
      threadId,
      senderId: actor.userId,
      body: text,
      image,
      automatic: false,
      clientId,
    });
    if (!message) {
      // The same client id won a race with this request: answer the stored one.
      const earlier = await repository.messageByClientId(tx, actor.userId, clientId!);
      return { messages: [], participants, first: earlier! };
    }
    const unread = await repository.recordMessage(tx, { ...message, senderId: actor.userId });
    await mailNewlyUnread(ctx, tx, actor.userId, threadId, unread);
    const automatic = await automaticResponses(tx, message, others);
    return { messages: [message, ...automatic], participants, first: message };
  });

  if (sent.messages.length > 0) {
    const everyone = sent.participants.map((one) => one.userId);
    for (const message of sent.messages)
      await ctx.live.toMembers(everyone, {
        type: 'message.new',
        threadId: message.threadId,
        message: presentMessage(message),
        // The sender's own message names their client id (automatic responses are not theirs).
        ...(clientId && message.senderId === actor.userId ? { clientId } : {}),
      });
    await ctx.live.countsChanged(everyone);
  }
  return { thread_id: sent.first.threadId, id: sent.first.id };
}

/**
 * The conversation a message goes into, made when it is new (`existing` false); 404 when it is not
 * the actor's. With what it read on the way: the participants of a conversation named by id, or
 * how the members written to stand towards the actor.
 */
async function threadToWriteIn(
  tx: Tx,
  actorId: number,
  input: SendInput,
): Promise<{
  threadId: number;
  existing: boolean;
  participants?: repository.ParticipantRow[];
  standing?: repository.CounterpartRow[];
}> {
  if (input.thread_id !== undefined) {
    const participants = await repository.participantsOf(tx, input.thread_id);
    if (
      !policy.mayRead(
        actorId,
        participants.map((one) => one.userId),
      )
    )
      throw threadNotFound();
    return { threadId: input.thread_id, existing: true, participants };
  }
  const recipients = [...new Set(input.recipients ?? [])];
  const others = recipients.filter((id) => id !== actorId);
  if (others.length === 0) throw REFUSALS.self();
  const standing = await repository.counterparts(tx, actorId, others);
  if (standing.length !== others.length) throw memberNotFound();
  // Two members have one conversation: found again (the setting still decides, until the other
  // member wrote in it), or made.
  if (others.length === 1)
    return {
      threadId: await repository.pairThread(tx, actorId, others[0]!),
      existing: true,
      standing,
    };
  return {
    threadId: await repository.groupThread(tx, [actorId, ...others]),
    existing: false,
    standing,
  };
}

/**
 * One mail per conversation until it is read (decision 0045): only the members for whom this
 * message is the first unread one, and whose `new_message` switch is on, are mailed — a busy
 * conversation does not send a mail per message.
 */
async function mailNewlyUnread(
  ctx: ChatContext,
  tx: Tx,
  senderId: number,
  threadId: number,
  unread: { userId: number; unreadCount: number }[],
) {
  const firstUnread = unread.filter((one) => one.userId !== senderId && one.unreadCount === 1);
  if (firstUnread.length === 0) return;
  const [sender, recipients] = await Promise.all([
    users.findUserById(tx, senderId),
    users.mailRecipientsOf(
      tx,
      firstUnread.map((one) => one.userId),
    ),
  ]);
  if (!sender) return;
  await events.record(tx, {
    type: 'chat_message_unread',
    senderName: nameOf(sender),
    threadId,
    recipients,
    publicUrl: ctx.publicUrl,
  });
}

/**
 * The automatic responses a message draws: from each other member who has one switched on, once a
 * day per conversation, sent in their name.
 */
async function automaticResponses(
  tx: Tx,
  message: repository.MessageRow,
  others: readonly repository.ParticipantRow[],
): Promise<repository.MessageRow[]> {
  const responses = await repository.automaticResponses(
    tx,
    others.map((one) => one.userId),
  );
  const sent: repository.MessageRow[] = [];
  for (const response of responses) {
    if (!(await repository.claimAutomaticResponse(tx, message.threadId, response.userId))) continue;
    const reply = await repository.insertMessage(tx, {
      threadId: message.threadId,
      senderId: response.userId,
      body: response.text.trim().slice(0, CHAT_LIMITS.messageMax),
      image: null,
      automatic: true,
      clientId: null,
    });
    if (!reply) continue;
    await repository.recordMessage(tx, { ...reply, senderId: response.userId });
    sent.push(reply);
  }
  return sent;
}

type PageRow = {
  threadId: number;
  lastMessageId: number;
  unreadCount: number;
  clearedThroughId: number;
};

/** Conversations as the inbox and a thread's page show them, from their rows read for a page. */
function presentThreadRows(
  actorId: number,
  rows: readonly PageRow[],
  others: readonly (repository.ThreadMemberRow & Omit<repository.CounterpartRow, 'id'>)[],
  lastMessages: readonly repository.MessageRow[],
): ChatThread[] {
  const counterparts = others.map((member) => ({ ...member, id: member.userId }));
  const messageById = new Map(lastMessages.map((message) => [message.id, message]));
  return rows.map((row) => {
    const inThread = others.filter((member) => member.threadId === row.threadId);
    const views = viewsOf(counterparts, inThread, true);
    const last =
      row.lastMessageId > row.clearedThroughId ? messageById.get(row.lastMessageId) : undefined;
    return {
      id: row.threadId,
      participants: inThread.map(presentMember),
      lastMessage: last ? presentMessage(last) : null,
      unreadCount: row.unreadCount,
      canReply: inThread.length > 0 && policy.conversationRefusal(actorId, views) === null,
    };
  });
}

/** Conversations for a page of rows, their members and last messages read together: no N+1. */
async function presentThreads(
  db: Tx,
  actorId: number,
  rows: readonly PageRow[],
): Promise<ChatThread[]> {
  const [others, lastMessages] = await Promise.all([
    repository.membersWithStanding(
      db,
      actorId,
      rows.map((row) => row.threadId),
    ),
    repository.messagesByIds(
      db,
      rows
        .filter((row) => row.lastMessageId > row.clearedThroughId)
        .map((row) => row.lastMessageId),
    ),
  ]);
  return presentThreadRows(actorId, rows, others, lastMessages);
}

/** A page of the member's inbox (10 conversations), newest first, with their total unread count. */
export async function inbox(
  db: Tx,
  actor: Actor,
  query: { search?: string; cursor?: string },
): Promise<InboxOutput> {
  const limit = CHAT_LIMITS.threadsPerPage;
  const { rows, total } = await repository.inboxWithDetails(db, actor.userId, {
    before: decodeIdCursor(query.cursor),
    search: query.search || undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: presentThreadRows(
      actor.userId,
      page,
      page.flatMap((row) => row.members),
      page.flatMap((row) => (row.lastMessage ? [row.lastMessage] : [])),
    ),
    nextCursor: rows.length > limit && last ? encodeIdCursor(last.lastMessageId) : null,
    totalUnread: total,
  };
}

/** A conversation of the member's and a page of its history, newest first; 404 when not theirs. */
export async function thread(
  db: Tx,
  actor: Actor,
  threadId: number,
  cursor?: string,
): Promise<ThreadOutput> {
  const members = await repository.membersOf(db, [threadId]);
  const own = members.find((member) => member.userId === actor.userId);
  if (
    !own ||
    !policy.mayRead(
      actor.userId,
      members.map((member) => member.userId),
    )
  )
    throw threadNotFound();
  const limit = CHAT_LIMITS.messagesPerPage;
  const rows = await repository.historyPage(db, threadId, {
    after: own.clearedThroughId,
    before: decodeIdCursor(cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const [presented] = await presentThreads(db, actor.userId, [own]);
  const last = page.at(-1);
  return {
    thread: presented!,
    messages: page.map(presentMessage),
    nextCursor: rows.length > limit && last ? encodeIdCursor(last.id) : null,
    readMarkers: members
      .filter((member) => member.userId !== actor.userId)
      .map((member) => ({ userId: member.userId, lastReadMessageId: member.lastReadMessageId })),
  };
}

/** Marks the conversation read; the others see the read receipt live. */
export async function markRead(ctx: ChatContext, actor: Actor, threadId: number) {
  const participants = await repository.participantsOf(ctx.db, threadId);
  if (
    !policy.mayRead(
      actor.userId,
      participants.map((one) => one.userId),
    )
  )
    throw threadNotFound();
  const marker = (await repository.markRead(ctx.db, threadId, actor.userId)) ?? 0;
  const before = participants.find((one) => one.userId === actor.userId)!.lastReadMessageId;
  if (marker !== before) {
    await ctx.live.toMembers(
      participants.map((one) => one.userId),
      { type: 'message.read', threadId, userId: actor.userId, lastReadMessageId: marker },
    );
  }
  await ctx.live.countsChanged([actor.userId]);
  return {
    threadId,
    lastReadMessageId: marker,
    totalUnread: await repository.totalUnread(ctx.db, actor.userId),
  };
}

/** "Delete for me": the history so far is gone for the member; others keep theirs. */
export async function deleteForMe(ctx: ChatContext, actor: Actor, threadId: number) {
  if (!(await repository.clearForMember(ctx.db, threadId, actor.userId))) throw threadNotFound();
  await ctx.live.countsChanged([actor.userId]);
}

/**
 * A member is typing in a conversation: the others are told, if the member may write to them
 * (the same policy as a message). Quietly nothing otherwise — typing is a hint, not an action.
 */
export async function typing(ctx: ChatContext, actor: Actor, threadId: number): Promise<boolean> {
  const members = await repository.membersOf(ctx.db, [threadId]);
  const self = members.find((member) => member.userId === actor.userId);
  if (!self) return false;
  const others = members.filter((member) => member.userId !== actor.userId);
  const counterparts = await counterpartsOf(ctx.db, actor.userId, others, true);
  if (policy.conversationRefusal(actor.userId, counterparts)) return false;
  await ctx.live.toMembers(
    others.map((member) => member.userId),
    { type: 'typing', threadId, member: presentMember(self) },
  );
  return true;
}

/** Messages in the member's conversations after `since` (a socket resuming), oldest first. */
export async function messagesSince(db: Tx, userId: number, since: number) {
  const rows = await repository.messagesSince(db, userId, since, CHAT_LIMITS.resumeMax + 1);
  return {
    messages: rows.slice(0, CHAT_LIMITS.resumeMax).map(presentMessage),
    complete: rows.length <= CHAT_LIMITS.resumeMax,
  };
}

/** Unread messages in all the member's conversations (the profile's totalMessagesUnreadCount). */
export const totalUnread = (db: Tx, userId: number) => repository.totalUnread(db, userId);

export async function settings(db: Tx, userId: number) {
  const messagesFrom = await repository.messagesFromOf(db, userId);
  if (messagesFrom === undefined) throw memberNotFound();
  return { messagesFrom: messagesFrom as MessagesFrom };
}

export async function setSettings(db: Tx, userId: number, messagesFrom: MessagesFrom) {
  await repository.setMessagesFrom(db, userId, messagesFrom);
  return { messagesFrom };
}

/**
 * A message of the demo content: stored and counted as a sent one, without mail, automatic
 * responses or live events (nobody is connected while the demo is seeded).
 */
export async function seedMessage(db: Tx, senderId: number, recipientId: number, text: string) {
  await db.transaction(async (tx) => {
    const threadId = await repository.pairThread(tx, senderId, recipientId);
    const message = await repository.insertMessage(tx, {
      threadId,
      senderId,
      body: text,
      image: null,
      automatic: false,
      clientId: null,
    });
    if (message) await repository.recordMessage(tx, { ...message, senderId });
  });
}

/** The messages a member wrote (their data export), oldest first. */
export async function messagesForExport(db: Tx, userId: number) {
  const rows = await repository.messagesBySender(db, userId);
  return rows.map((row) => ({
    threadId: row.threadId,
    text: row.body,
    image: row.image,
    automatic: row.automatic,
    createdAt: row.createdAt.toISOString(),
  }));
}
