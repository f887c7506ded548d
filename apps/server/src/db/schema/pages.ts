import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Public information pages (about, faq, terms-and-conditions), one row per slug and language. */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('pages_slug_language_key').on(table.slug, table.language)],
);

export type PageRow = typeof pages.$inferSelect;
