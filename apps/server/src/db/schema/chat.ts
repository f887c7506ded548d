import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** A conversation between two or more members (step 8, decision 0045). */
export const chatThreads = pgTable('chat_threads', {
  id: serial('id').primaryKey(),
  /** Two-member conversations are found again by their pair: "least:greatest" ids; null for more. */
  pairKey: text('pair_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member in a conversation, with what the inbox needs without reading messages: the newest
 * message's id (inbox order), how far they read, how many are unread (kept by the sending
 * statement), and what they deleted for themselves.
 */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest message in the thread (0 before the first): the inbox's order and cursor. */
    lastMessageId: integer('last_message_id').notNull().default(0),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    /** "Delete for me": messages up to this id are gone for this member. */
    clearedThroughId: integer('cleared_through_id').notNull().default(0),
    /** Out of the inbox until someone writes again. */
    hidden: boolean('hidden').notNull().default(false),
    /**
     * The member wrote in this thread: their reply shows they accept it, so the other members may
     * write back whatever their "who may message me" setting says (decision 0045).
     */
    hasWritten: boolean('has_written').notNull().default(false),
    /** The day this member's automatic response was last sent in this thread (once a day). */
    autoRepliedOn: date('auto_replied_on'),
  },
  (table) => [
    primaryKey({ columns: [table.threadId, table.userId] }),
    // The inbox: a member's visible threads, newest first.
    index('chat_participants_inbox_idx')
      .on(table.userId, table.lastMessageId.desc())
      .where(sql`not ${table.hidden}`),
    // The total unread count, from the threads with unread messages only.
    index('chat_participants_unread_idx')
      .on(table.userId)
      .where(sql`${table.unreadCount} > 0`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    /**
     * A member's messages go with their account (as their posts and comments do); null only for
     * what the system sends.
     */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    /** `{ url, width, height }` of an image uploaded through /api/media, or null. */
    image: jsonb('image'),
    /** The recipient's automatic response, sent on their behalf. */
    automatic: boolean('automatic').notNull().default(false),
    /** Chosen by the sender's device: a retry with the same id stores nothing new. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_thread_idx').on(table.threadId, table.id),
    uniqueIndex('chat_messages_client_idx').on(table.senderId, table.clientId),
  ],
);
