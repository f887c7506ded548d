import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Migrations 0009–0011 add, in SQL only (drizzle-kit cannot express them): the generated column
 * `search_text` (the folded names a member search compares), users_directory_walk_idx,
 * `directory_values` (the member's profile values) and `directory_facets` (what the directory's
 * filters match), both kept by triggers on profile_values. Nothing here writes them; the
 * directory's statements read them (members/repository.ts). Migration 0026 adds the table
 * `member_facets` (facet, sort_key, user_id), the facets as ordered rows, kept by triggers on
 * users (decision 0053); it too exists in SQL only. Migration 0028 adds the table
 * `member_directory_entries` (user_id, entries): each member's list entry written ahead for each
 * kind of reader, kept by triggers on users and profile_fields (decision 0061), in SQL only too.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull(),
    username: text('username').notNull(),
    /** The display name (spec: nickname). */
    nickname: text('nickname').notNull(),
    /**
     * The nickname's confusables skeleton (users/nickname.ts): look-alike names share it, so its
     * unique index refuses them. Null only for rows from before it existed until start-up fills it.
     */
    nicknameSkeleton: text('nickname_skeleton'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    locale: text('locale').notNull().default('en'),
    registrationType: text('registration_type').notNull().default('regular'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['member']::text[]`),
    avatarUrl: text('avatar_url'),
    description: text('description').notNull().default(''),
    area: text('area').notNull().default('international'),
    /** Bumped when the password changes, so tokens minted before cannot outlive it. */
    passwordVersion: integer('password_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /** Explicit consent to storing health data (GDPR art. 9): when, and which text version. */
    healthConsentAt: timestamp('health_consent_at', { withTimezone: true }),
    healthConsentVersion: text('health_consent_version'),
    /**
     * Accepted connections, kept by the trigger `friendships_count_accepted` (migration 0005) on
     * every change to friendships, whoever makes it: profiles read it instead of counting
     * (decision 0030).
     */
    friendCount: integer('friend_count').notNull().default(0),
    /**
     * Who may send this member connection requests: 'everyone', 'shared_group' (members who share
     * a group with them) or 'nobody' (CONNECTION_REQUESTS_FROM in the contract).
     */
    connectionRequestsFrom: text('connection_requests_from').notNull().default('everyone'),
    /**
     * Who may start a conversation with the member: 'connections' (default), 'shared_group'
     * (connections and members of a group they share) or 'everyone' (MESSAGES_FROM in the contract).
     */
    messagesFrom: text('messages_from').notNull().default('connections'),
    /** When the member's weekly digest was last queued (a retried digest job skips them). */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    /** Set when staff suspend the member (step 9): no sign-in, every session ended. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_username_key').on(table.username),
    // Case-insensitive lookups (login, profile addresses, the nickname check) compare exactly these
    // expressions (users/repository.ts), so PostgreSQL answers them from the index (decision 0020).
    index('users_username_lower_idx').on(sql`lower(${table.username})`),
    // Display names are unique in any case; members without one ('') are many.
    uniqueIndex('users_nickname_lower_key')
      .on(sql`lower(${table.nickname})`)
      .where(sql`${table.nickname} <> ''`),
    uniqueIndex('users_nickname_skeleton_key').on(table.nicknameSkeleton),
    // The staff area lists an area's members newest first (area-manager-users, list-users).
    index('users_area_idx').on(table.area, table.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
