import { sql, type SQL } from 'drizzle-orm';
import type { GroupStanding } from '@attune/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Bound } from '../../db/prepared';

/**
 * Who may read a group and who belongs to it, as other modules' statements read it (posts, the
 * feed), and how a membership reads as a standing. The one place these rules are written in SQL;
 * it imports nothing of any module, so every module may use it (its public face beside
 * service.ts, docs/ARCHITECTURE.md).
 */

/** How a membership row reads as the viewer's standing. */
export function standingOf(row: { viewerStatus: string | null; viewerRole: string | null }) {
  if (row.viewerStatus === 'pending') return 'pending' satisfies GroupStanding;
  if (row.viewerStatus === 'active') return row.viewerRole === 'admin' ? 'admin' : 'member';
  return 'outsider' satisfies GroupStanding;
}

/**
 * The groups `viewerId` may read (posts, questions, members), as SQL over a group id column: the
 * SQL form of GROUP_PERMISSIONS.read (public groups, and those the viewer belongs to; staff with
 * `manage_groups` read all). groups.test.ts checks the two agree for every status and standing.
 */
export function readableGroup(groupId: SQL | AnyPgColumn, viewerId: Bound<number>, staff: boolean) {
  if (staff) return sql`true`;
  // A public group is probed by primary key, only for a post in a group: the public groups are
  // never all read. Written as a scalar subquery, which PostgreSQL never turns into a hash of
  // every public group (an `exists` it did, in the generic plan, once per statement: a cost that
  // grew with the number of groups). The viewer's own groups are few: read once, tested by hash.
  return sql`((select g.status from groups g where g.id = ${groupId}) = 'public'
    or ${groupId} in (select m.group_id from group_members m
      where m.user_id = ${viewerId} and m.status = 'active'))`;
}

/** The groups a member belongs to (the feed's groups), as a SQL set of group ids. */
export const groupsOf = (viewerId: Bound<number>) =>
  sql`select m.group_id from group_members m where m.user_id = ${viewerId} and m.status = 'active'`;
