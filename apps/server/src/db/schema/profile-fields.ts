import {
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** BuddyPress-style extended profile fields; the spec's fields live in group 1. */
export const profileFields = pgTable(
  'profile_fields',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().default(1),
    name: text('name').notNull(),
    type: text('type').notNull().default('textbox'),
    position: integer('position').notNull().default(0),
    /** Who sees a value when its owner has not chosen: 'only_me', 'connections', 'members' or 'staff'. */
    defaultVisibility: text('default_visibility').notNull().default('members'),
    /** Health data (GDPR art. 9): stored only after explicit consent. */
    isHealth: boolean('is_health').notNull().default(false),
  },
  (table) => [uniqueIndex('profile_fields_group_name_key').on(table.groupId, table.name)],
);

export const profileValues = pgTable(
  'profile_values',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => profileFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull().default(''),
    /** The owner's choice; null means the field's default visibility. */
    visibility: text('visibility'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.fieldId] })],
);

/** The choices of a choice field, with a label per language. Staff can add options later. */
export const profileFieldOptions = pgTable(
  'profile_field_options',
  {
    id: serial('id').primaryKey(),
    fieldId: integer('field_id')
      .notNull()
      .references(() => profileFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
    labelEn: text('label_en').notNull(),
    labelDe: text('label_de').notNull(),
    labelEs: text('label_es').notNull(),
  },
  (table) => [uniqueIndex('profile_field_options_field_value_key').on(table.fieldId, table.value)],
);
