import { integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
  },
  (table) => [primaryKey({ columns: [table.userId, table.fieldId] })],
);
