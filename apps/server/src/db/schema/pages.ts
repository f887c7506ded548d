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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** 'published' (everyone reads it) or 'draft' (only staff who edit content). */
    status: text('status').notNull().default('published'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pages_slug_language_key').on(table.slug, table.language),
    check('pages_status_check', sql`${table.status} in ('published', 'draft')`),
  ],
);

export type PageRow = typeof pages.$inferSelect;

/** Every saved version of a page, newest last (step 9): who changed what, and when. */
export const pageRevisions = pgTable(
  'page_revisions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML, as saved. */
    content: text('content').notNull(),
    status: text('status').notNull(),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_revisions_page_idx').on(table.pageId, table.id)],
);

/** The FAQ: ordered question and answer entries per language (step 9). */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: serial('id').primaryKey(),
    language: text('language').notNull(),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    /** Sanitised HTML. */
    answer: text('answer').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('faq_entries_language_idx').on(table.language, table.position)],
);

/**
 * Staff overrides of interface texts (step 9): the bundled locale files are the base, an override
 * replaces one key in one language. The key is the i18next key with its namespace, `ns:path.to.key`.
 */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    language: text('language').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.language, table.key] })],
);
