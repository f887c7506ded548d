import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What happened to a member (a connection request, an accepted one; later comments, mentions,
 * messages): created by steps 6–7, listed and delivered live in step 8.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    /** Whose notification it is. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What happened, e.g. 'friend_request', 'friend_accepted' (NOTIFICATION_KINDS in the contract). */
    kind: text('kind').notNull(),
    /** Who did it; null once their account is gone. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the kind needs to be shown (ids, never copied personal text). */
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    // A member's notifications, newest first (cursor pagination by id).
    index('notifications_user_idx').on(table.userId, table.id),
    // A member's unread count, counted from the unread ones only.
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);
