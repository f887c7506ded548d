import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Posts and questions (step 7, decision 0039). The text is kept as the allow-listed document
 * (decision 0038) with the HTML rendered from it and its plain words; the slug never changes.
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    /** 'post' or 'question'. */
    kind: text('kind').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'en', 'de' or 'es': the language the post is written in. */
    language: text('language').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    document: jsonb('document').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Hidden by staff: only its author and staff see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('posts_slug_key').on(table.slug),
    // Lists are newest first (id order): all, by language, by author.
    index('posts_language_idx').on(table.language, table.id.desc()),
    index('posts_author_idx').on(table.authorId, table.id.desc()),
    check('posts_kind_check', sql`${table.kind} in ('post', 'question')`),
    check('posts_language_check', sql`${table.language} in ('en', 'de', 'es')`),
  ],
);
