import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A member's e-mail notification choices; a missing row means the key's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
