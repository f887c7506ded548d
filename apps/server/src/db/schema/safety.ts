import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { posts } from './posts';
import { users } from './users';

/**
 * A member blocking another (step 6): the blocked member can no longer find, request or message
 * the blocker, and the two see nothing of each other; an existing connection ends.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    // "Has anyone blocked me?" is asked from the other side.
    index('blocks_blocked_idx').on(table.blockedId),
    check('blocks_not_self', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/**
 * A member reported by another, with a reason, for the staff queue (step 9). The reported member
 * is kept when the reporter's account goes (reporter set null), and the report goes with the
 * reported member's account.
 */
export const memberReports = pgTable(
  'member_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedId: integer('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of MEMBER_REPORT_REASONS (contract). */
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** The post the report is about, when it is about one (its author is `reportedId`). */
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** 'open' until staff handle it: then 'resolved' or 'dismissed' (REPORT_STATUSES). */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What staff did (REPORT_ACTIONS), their note, who and when. */
    action: text('action'),
    note: text('note').notNull().default(''),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [
    index('member_reports_status_idx').on(table.status, table.createdAt),
    index('member_reports_reported_idx').on(table.reportedId),
  ],
);
