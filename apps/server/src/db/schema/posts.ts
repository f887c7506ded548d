import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { groups } from './groups';
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
    /** The group it was written in: only who may read the group reads it (decision 0042). */
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /**
     * Written by staff (their roles granted `view_medel_area` when they wrote it): an announcement,
     * in every member's feed (decision 0043). Set by the insert itself, never by the client.
     */
    announcement: boolean('announcement').notNull().default(false),
    /** Hidden by staff: only its author and staff see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * Its "helpful" marks and its comments not hidden, kept by triggers on post_helpful and
     * comments (migration 0018), so a list never counts them post by post (decision 0043).
     */
    helpfulCount: integer('helpful_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** A question's answer its asker accepted. */
    acceptedCommentId: integer('accepted_comment_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('posts_slug_key').on(table.slug),
    // Lists are newest first (id order): all, by language, by author. `id DESC` is NULLS FIRST, as
    // the lists' `order by id desc` and the primary key read backwards are: an index in another
    // null order is read and then sorted (decision 0043).
    index('posts_language_idx').on(table.language, table.id.desc().nullsFirst()),
    // The feed reads its sources from these indexes alone (index-only, decision 0043): after
    // the order, each holds what the feed tests of a post (its author, group and hidden mark).
    index('posts_author_idx').on(
      table.authorId,
      table.id.desc().nullsFirst(),
      table.hiddenAt,
      table.groupId,
    ),
    // The feed's announcements, newest first: a small part of all posts.
    index('posts_announcement_idx')
      .on(table.id.desc().nullsFirst(), table.authorId, table.hiddenAt, table.groupId)
      .where(sql`${table.announcement}`),
    // A group's posts, newest first (its posts or questions tab walks it and keeps one kind);
    // most posts are in no group, so only those that are.
    index('posts_group_idx')
      .on(table.groupId, table.id.desc().nullsFirst(), table.authorId, table.hiddenAt, table.kind)
      .where(sql`${table.groupId} is not null`),
    check('posts_kind_check', sql`${table.kind} in ('post', 'question')`),
    check('posts_language_check', sql`${table.language} in ('en', 'de', 'es')`),
  ],
);

/** Posts a member saved to read again (`posts/saved`), newest saved first. */
export const savedPosts = pgTable(
  'saved_posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_posts_user_post_key').on(table.userId, table.postId),
    index('saved_posts_user_idx').on(table.userId, table.id.desc().nullsFirst()),
    // Deleting a post removes its saves: found by post.
    index('saved_posts_post_idx').on(table.postId),
  ],
);

/**
 * Comments on posts, and answers to questions: threaded one level (a reply's parent is a comment
 * without one). The text is the allow-listed document of decision 0038, as a post's.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    document: jsonb('document').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A post's comments in the order they were written.
    index('comments_post_idx').on(table.postId, table.id),
    index('comments_author_idx').on(table.authorId),
    index('comments_parent_idx').on(table.parentId),
  ],
);

/** "Helpful" marks on posts: one per member and post. */
export const postHelpful = pgTable(
  'post_helpful',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('post_helpful_user_idx').on(table.userId),
  ],
);

/** "Helpful" marks on comments: one per member and comment. */
export const commentHelpful = pgTable(
  'comment_helpful',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    index('comment_helpful_user_idx').on(table.userId),
  ],
);
