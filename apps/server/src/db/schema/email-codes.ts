import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One-time e-mail codes for sign-up and password reset. Codes and nonces are stored only as HMACs. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** 'register', 'reset' or 'email-change' (then `email` is the new address). */
    purpose: text('purpose').notNull(),
    /** The member who asked to move to `email` (purpose 'email-change' only). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    nonceHash: text('nonce_hash'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('email_codes_email_purpose_idx').on(table.email, table.purpose, table.createdAt),
    index('email_codes_user_idx').on(table.userId),
  ],
);

export type EmailCodeRow = typeof emailCodes.$inferSelect;
