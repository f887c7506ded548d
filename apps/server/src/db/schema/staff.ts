import {
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
 * The audit log (step 9): every staff action, and every staff read of a member's health data.
 * Entries outlive the accounts they name (actor and target set null), so the log stays whole.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** AUDIT_ACTIONS in the contract. */
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('staff_audit_target_idx').on(table.targetUserId),
    index('staff_audit_actor_idx').on(table.actorId),
  ],
);

/**
 * An invitation to join (step 9): a single-use link that pre-fills registration. Only the token's
 * hash is kept; it works until `expiresAt` and once.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    /** Stored trimmed and lower-cased, like users.email. */
    email: text('email').notNull(),
    /** GRANTABLE_ROLES in the contract: the role the new member gets. */
    role: text('role').notNull(),
    /** The inviter's area: the new member's. */
    area: text('area').notNull(),
    language: text('language').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_key').on(table.tokenHash),
    index('invitations_email_idx').on(table.email),
  ],
);
