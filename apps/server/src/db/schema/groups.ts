import { sql } from 'drizzle-orm';
import {
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
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Groups (step 7, decision 0042): public (anyone joins), private (join by request, a group admin
 * answers) and hidden (only its members know it). The description is kept per language.
 */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** `{ en?, de?, es? }`: the description in each language it was written in. */
    descriptions: jsonb('descriptions').notNull().default({}),
    status: text('status').notNull(),
    coverImageUrl: text('cover_image_url'),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Active members, kept by the statements that add and remove them (in the same transaction),
     * so lists never count a group's members row by row.
     */
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('groups_slug_key').on(table.slug),
    // The groups list: public and private groups by name.
    index('groups_name_idx').on(sql`lower(${table.name})`, table.id),
    check('groups_status_check', sql`${table.status} in ('public', 'private', 'hidden')`),
  ],
);

/**
 * Who belongs to a group, and who asked to: `status` 'active' or 'pending' (a request to join a
 * private group); `role` 'admin' or 'member'.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    role: text('role').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    // A member's groups (feed, groups/me, profile groups).
    index('group_members_user_idx').on(table.userId, table.status, table.groupId),
    // A group's pending requests, oldest first; its admins.
    index('group_members_group_status_idx').on(table.groupId, table.status, table.createdAt),
    check('group_members_status_check', sql`${table.status} in ('active', 'pending')`),
    check('group_members_role_check', sql`${table.role} in ('admin', 'member')`),
  ],
);
