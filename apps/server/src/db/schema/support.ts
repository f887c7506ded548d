import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A support request (step 9): for the staff to answer. It goes with the sender's account, and
 * requests sent signed out with its e-mail address go too (account deletion).
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    /** SUPPORT_FORM_IDS in the contract. */
    formId: text('form_id').notNull(),
    /** The signed-in sender, or null (sent signed out). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The language the sender wrote in (their confirmation's language). */
    language: text('language').notNull(),
    /** 'open' until staff answer it. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When and by whom staff marked it handled (status 'handled'). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('support_requests_status_idx').on(table.status, table.createdAt)],
);
