import { SEARCH_MAX_LENGTH } from './constants';
import { z } from 'zod';
import { NotificationOutput } from './notifications';

/**
 * Chat (step 8, decision 0045): `POST /api/social/messages` (BuddyPress v1's shape),
 * `GET /api/social/messages?box=inbox` and `GET /api/messages` (the inbox), `GET /api/messages/{threadId}`
 * (the thread and its history, newest first, by cursor), `POST /api/messages/{threadId}/read`,
 * `DELETE /api/messages/{threadId}` (gone from my inbox, until someone writes again),
 * `GET|PATCH /api/messages/settings` (who may message me), and the live socket `/ws`.
 */

/** Who may start a conversation with a member (their choice). Connections by default. */
export const MESSAGES_FROM = ['connections', 'shared_group', 'everyone'] as const;
export type MessagesFrom = (typeof MESSAGES_FROM)[number];

export const CHAT_LIMITS = {
  /** Characters in one message. */
  messageMax: 4000,
  /** Other members in one conversation. */
  recipientsMax: 20,
  /** Threads per inbox page (the bench's page). */
  threadsPerPage: 10,
  /** Messages per history page. */
  messagesPerPage: 30,
  /** Messages a member may send per minute (all threads). */
  messagesPerMinute: 60,
  /** Largest WebSocket frame the server reads; a larger one closes the socket with 1009. */
  frameMaxBytes: 64 * 1024,
  /** Events a resuming client is sent at most; past that it reloads its lists. */
  resumeMax: 200,
} as const;

/** An image in a message: one the sender uploaded through `POST /api/media`. */
export const ChatImage = z.object({
  url: z
    .string()
    .max(200)
    .regex(/^\/media\/posts\/\d+\/[A-Za-z0-9_-]+\.webp$/, 'an image uploaded through /api/media'),
  width: z.number().int().positive().max(10_000),
  height: z.number().int().positive().max(10_000),
});
export type ChatImage = z.infer<typeof ChatImage>;

/**
 * Sends a message: to `recipients` (a new conversation, or the existing one with that one member),
 * or into `thread_id`. `client_id`, chosen by the sender's device, makes a retry safe: the same
 * `client_id` twice stores the message once and answers the first one's ids.
 */
export const SendMessageInput = z
  .object({
    recipients: z.array(z.number().int().positive()).max(CHAT_LIMITS.recipientsMax).optional(),
    thread_id: z.number().int().positive().optional(),
    message: z.string().max(CHAT_LIMITS.messageMax).default(''),
    image: ChatImage.optional(),
    client_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  })
  .refine((input) => input.thread_id !== undefined || (input.recipients?.length ?? 0) > 0, {
    message: 'Choose who the message is for.',
    path: ['recipients'],
  });
export type SendMessageInput = z.input<typeof SendMessageInput>;

export const SendMessageOutput = z.object({
  thread_id: z.number().int(),
  id: z.number().int(),
});
export type SendMessageOutput = z.infer<typeof SendMessageOutput>;

/** A member as a conversation shows them. */
export const ChatMember = z.object({
  id: z.number().int(),
  nickname: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type ChatMember = z.infer<typeof ChatMember>;

export const ChatMessage = z.object({
  id: z.number().int(),
  threadId: z.number().int(),
  /** Null once the sender's account is gone. */
  senderId: z.number().int().nullable(),
  text: z.string(),
  image: ChatImage.nullable(),
  /** The recipient's automatic response, sent for them. */
  automatic: z.boolean(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** One conversation in the inbox. */
export const ChatThread = z.object({
  id: z.number().int(),
  /** The other members, without the viewer. */
  participants: z.array(ChatMember),
  lastMessage: ChatMessage.nullable(),
  unreadCount: z.number().int(),
  /** Whether the viewer may write here now (no block; the other member still accepts them). */
  canReply: z.boolean(),
});
export type ChatThread = z.infer<typeof ChatThread>;

export const InboxQuery = z.object({
  box: z.enum(['inbox']).default('inbox'),
  /** Matches the other members' names and nicknames, accents and case ignored. */
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  cursor: z.string().max(100).optional(),
});

export const InboxOutput = z.object({
  items: z.array(ChatThread),
  nextCursor: z.string().nullable(),
  /** Unread messages in all the member's conversations (the profile's totalMessagesUnreadCount). */
  totalUnread: z.number().int(),
});
export type InboxOutput = z.infer<typeof InboxOutput>;

/** How far a participant has read. */
export const ChatReadMarker = z.object({
  userId: z.number().int(),
  lastReadMessageId: z.number().int(),
});
export type ChatReadMarker = z.infer<typeof ChatReadMarker>;

export const ThreadQuery = z.object({ cursor: z.string().max(100).optional() });

export const ThreadOutput = z.object({
  thread: ChatThread,
  /** Newest first; `nextCursor` fetches older ones. */
  messages: z.array(ChatMessage),
  nextCursor: z.string().nullable(),
  /** Every other participant's read marker (read receipts). */
  readMarkers: z.array(ChatReadMarker),
});
export type ThreadOutput = z.infer<typeof ThreadOutput>;

export const ReadThreadOutput = z.object({
  threadId: z.number().int(),
  lastReadMessageId: z.number().int(),
  totalUnread: z.number().int(),
});

export const ChatSettings = z.object({ messagesFrom: z.enum(MESSAGES_FROM) });
export type ChatSettings = z.infer<typeof ChatSettings>;

/** The counts in the header. */
export const LiveCounts = z.object({
  messagesUnread: z.number().int(),
  notificationsUnread: z.number().int(),
});
export type LiveCounts = z.infer<typeof LiveCounts>;

/**
 * What the browser sends on `/ws`. `auth` (first frame, when no session cookie came with the
 * upgrade), `typing` in a thread, `resume` after a reconnect (events after the last message id the
 * client saw), `ping`.
 */
export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4000) }),
  z.object({ type: z.literal('typing'), threadId: z.number().int().positive() }),
  z.object({ type: z.literal('resume'), since: z.number().int().min(0) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

/**
 * What the server sends on `/ws`: one discriminated union. `ready` once signed in; `message.new`
 * for a message in one of the member's conversations (theirs too, from another device);
 * `message.read` when a participant read up to a message; `typing`; `notification.new`; `counts`
 * for the header; `resync` when a resume missed more than it can send (reload the lists);
 * `error` before the server closes the socket.
 */
export const ServerEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.number().int() }),
  z.object({
    type: z.literal('message.new'),
    threadId: z.number().int(),
    message: ChatMessage,
    /**
     * The sender's `client_id`, when they gave one: their devices replace their "Sending…" copy
     * with this message even before the sending call has answered.
     */
    clientId: z.string().optional(),
  }),
  z.object({
    type: z.literal('message.read'),
    threadId: z.number().int(),
    userId: z.number().int(),
    lastReadMessageId: z.number().int(),
  }),
  z.object({
    type: z.literal('typing'),
    threadId: z.number().int(),
    member: ChatMember,
  }),
  z.object({ type: z.literal('notification.new'), notification: NotificationOutput }),
  z.object({ type: z.literal('counts'), counts: LiveCounts }),
  z.object({ type: z.literal('resync') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ServerEvent = z.infer<typeof ServerEvent>;

/**
 * Close codes of `/ws` besides the standard ones (1009: a frame over 64 KB). An upgrade from a page
 * of another site (Origin) is refused with HTTP 403 before it opens.
 */
export const WS_CLOSE = {
  /** No valid session: never signed in, signed out, token expired or revoked. */
  unauthorized: 4401,
} as const;
