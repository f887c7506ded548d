import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Transactional outbox: a mail is written in the same transaction as the change that causes it and
 * delivered by the mail worker with retries, so a crash never loses it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /**
     * A one-time code the mail carries: kept only until the mail is sent (or expires), then removed
     * from the bodies and from here (decision 0024).
     */
    secret: text('secret'),
    /** When the code in the mail stops working: an undelivered mail is not retried after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** 'pending', 'sent', 'failed' (gave up after the last retry) or 'expired' (its code expired first). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_created_idx').on(table.createdAt),
  ],
);
