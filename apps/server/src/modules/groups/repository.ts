import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { GroupDescriptions } from '@attune/contract';
import type { Tx } from '../../db/client';
import { executeNamed, prepared, type Bound } from '../../db/prepared';
import { groupMembers, groups, users } from '../../db/schema';
import { notBlockedByOrOf } from '../connections/sql';
import { escapeLike } from '../../lib/sql-text';
import { groupsOf } from './sql';

/** A group with how the viewer stands in it (membership status and role, or null). */
export interface GroupRow {
  id: number;
  slug: string;
  name: string;
  descriptions: GroupDescriptions;
  status: string;
  coverImageUrl: string | null;
  creatorId: number | null;
  memberCount: number;
  createdAt: Date;
  viewerStatus: string | null;
  viewerRole: string | null;
  pendingCount: number;
}

const groupColumns = (viewerId: Bound<number>) => ({
  id: groups.id,
  slug: groups.slug,
  name: groups.name,
  descriptions: sql<GroupDescriptions>`${groups.descriptions}`,
  status: groups.status,
  coverImageUrl: groups.coverImageUrl,
  creatorId: groups.creatorId,
  memberCount: groups.memberCount,
  createdAt: groups.createdAt,
  viewerStatus: sql<string | null>`(select m.status from ${groupMembers} m
    where m.group_id = ${groups.id} and m.user_id = ${viewerId})`,
  viewerRole: sql<string | null>`(select m.role from ${groupMembers} m
    where m.group_id = ${groups.id} and m.user_id = ${viewerId})`,
  pendingCount: sql<number>`(select count(*)::int from ${groupMembers} m
    where m.group_id = ${groups.id} and m.status = 'pending')`,
});

/**
 * The groups `viewerId` may know of, as SQL over groups: GROUP_PERMISSIONS.see (public and private
 * groups; hidden ones to their members and to staff).
 */
function visibleGroup(viewerId: number, staff: boolean) {
  if (staff) return sql`true`;
  return sql`(${groups.status} <> 'hidden' or ${groups.id} in (select m.group_id
    from group_members m where m.user_id = ${viewerId} and m.status = 'active'))`;
}

export async function insertGroup(db: Tx, group: typeof groups.$inferInsert): Promise<number> {
  const [row] = await db.insert(groups).values(group).returning({ id: groups.id });
  return row!.id;
}

/** The slugs already taken by `base` and its numbered variants. */
export async function slugsLike(db: Tx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: groups.slug })
    .from(groups)
    .where(or(eq(groups.slug, base), sql`${groups.slug} like ${`${base}-%`}`));
  return rows.map((row) => row.slug);
}

/** One group by id or slug, with the viewer's standing (no visibility test: the service's). */
export async function findGroup(
  db: Tx,
  where: { id: number } | { slug: string },
  viewerId: number,
): Promise<GroupRow | undefined> {
  // A prepared statement (decision 0030): every read of a group's posts asks for its group first,
  // and building this select with Drizzle took longer than running it.
  const byId = 'id' in where;
  const [row] = await prepared(db, byId ? 'groups_by_id' : 'groups_by_slug', (handle, name) =>
    handle
      .select(groupColumns(sql.placeholder('viewerId')))
      .from(groups)
      .where(byId ? eq(groups.id, sql.placeholder('id')) : eq(groups.slug, sql.placeholder('slug')))
      .prepare(name),
  ).execute({ ...where, viewerId });
  return row as GroupRow | undefined;
}

/** Where a page of groups starts: after this name key and id. */
export interface GroupCursor {
  key: string;
  id: number;
}

/**
 * A page of the groups the viewer may know of, by name: all of them, or (`mine`) those they belong
 * to (or asked to join), or (`postable`) those they may post in. One statement.
 */
export async function listGroups(
  db: Tx,
  filter: {
    viewerId: number;
    staff: boolean;
    search?: string;
    mine?: boolean;
    after?: GroupCursor;
    limit: number;
  },
): Promise<GroupRow[]> {
  const conditions: SQL[] = [visibleGroup(filter.viewerId, filter.staff)];
  if (filter.mine)
    conditions.push(
      sql`${groups.id} in (select m.group_id from group_members m where m.user_id = ${filter.viewerId})`,
    );
  if (filter.search)
    conditions.push(
      sql`f_unaccent(lower(${groups.name})) like f_unaccent(lower(${`%${escapeLike(filter.search)}%`}))`,
    );
  if (filter.after)
    conditions.push(
      sql`(lower(${groups.name}), ${groups.id}) > (${filter.after.key}, ${filter.after.id}::int)`,
    );
  const rows = await db
    .select(groupColumns(filter.viewerId))
    .from(groups)
    .where(and(...conditions))
    .orderBy(sql`lower(${groups.name})`, asc(groups.id))
    .limit(filter.limit);
  return rows as GroupRow[];
}

export async function updateGroup(
  db: Tx,
  id: number,
  change: Partial<
    Pick<typeof groups.$inferInsert, 'name' | 'descriptions' | 'coverImageUrl' | 'status'>
  >,
) {
  await db.update(groups).set(change).where(eq(groups.id, id));
}

/** A member's row in a group, if any. */
export async function findMembership(db: Tx, groupId: number, userId: number) {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

/** Adds a member or a request; false when a row for the pair exists already (a race lost). */
export async function insertMembership(
  db: Tx,
  row: { groupId: number; userId: number; status: 'active' | 'pending'; role?: 'admin' | 'member' },
): Promise<boolean> {
  const inserted = await db
    .insert(groupMembers)
    .values({ ...row, role: row.role ?? 'member' })
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  return inserted.length > 0;
}

/** Turns a pending request into a membership; false when there was no such request. */
export async function acceptRequest(db: Tx, groupId: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(groupMembers)
    .set({ status: 'active', createdAt: sql`now()` })
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, 'pending'),
      ),
    )
    .returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

/** Removes a membership or request (of `status` only); false when there was none. */
export async function deleteMembership(
  db: Tx,
  groupId: number,
  userId: number,
  status: 'active' | 'pending',
): Promise<boolean> {
  const rows = await db
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, status),
      ),
    )
    .returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

/** Sets an active member's role; false when they are not an active member. */
export async function setRole(db: Tx, groupId: number, userId: number, role: 'admin' | 'member') {
  const rows = await db
    .update(groupMembers)
    .set({ role })
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, 'active'),
      ),
    )
    .returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

/** Locks a group's row for the rest of the transaction (admin count checks). */
export async function lockGroup(db: Tx, groupId: number) {
  await db.execute(sql`select id from groups where id = ${groupId} for update`);
}

/** How many admins a group has. */
export async function adminCount(db: Tx, groupId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, 'active'),
        eq(groupMembers.role, 'admin'),
      ),
    );
  return row!.count;
}

/** A page of a group's pending requests, oldest first, after the request of `afterUserId`'s time. */
export async function pendingMembers(
  db: Tx,
  groupId: number,
  after: { at: Date; userId: number } | undefined,
  limit: number,
) {
  return db
    .select({
      id: users.id,
      nickname: users.nickname,
      firstName: users.firstName,
      avatarUrl: users.avatarUrl,
      requestedAt: groupMembers.createdAt,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, 'pending'),
        after
          ? sql`(${groupMembers.createdAt}, ${groupMembers.userId}) > (${after.at.toISOString()}::timestamptz, ${after.userId}::int)`
          : undefined,
      ),
    )
    .orderBy(asc(groupMembers.createdAt), asc(groupMembers.userId))
    .limit(limit);
}

/**
 * Who is told of something in a group: its active members (of `role`, if given) but `actorId`,
 * not blocked either way with them, with what a notice needs.
 */
export async function notifiableMembers(db: Tx, groupId: number, actorId: number, role?: 'admin') {
  return db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, 'active'),
        role ? eq(groupMembers.role, role) : undefined,
        sql`${groupMembers.userId} <> ${actorId}`,
        notBlockedByOrOf(sql`${actorId}`, groupMembers.userId),
      ),
    );
}

/** The group role of each of these members in a group (a member page's labels). */
export async function rolesIn(db: Tx, groupId: number, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ userId: groupMembers.userId, role: groupMembers.role })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, 'active'),
        inArray(groupMembers.userId, userIds),
      ),
    );
  return new Map(rows.map((row) => [row.userId, row.role]));
}

/**
 * The groups `memberId` belongs to that `viewerId` may know of, by name; with `sharedWith`, only
 * those the viewer belongs to as well (a profile's similar groups). One statement.
 */
export async function groupsOfMember(
  db: Tx,
  memberId: number,
  viewerId: number,
  staff: boolean,
  sharedOnly: boolean,
) {
  return db
    .select({
      id: groups.id,
      slug: groups.slug,
      name: groups.name,
      status: groups.status,
      memberCount: groups.memberCount,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.userId, memberId),
        eq(groupMembers.status, 'active'),
        sharedOnly ? sql`${groups.id} in (${groupsOf(viewerId)})` : visibleGroup(viewerId, staff),
      ),
    )
    .orderBy(sql`lower(${groups.name})`, asc(groups.id))
    .limit(100);
}

/** A group of a member's profile, with its place in each of the profile's two lists. */
export interface ProfileGroupRow {
  id: number;
  slug: string;
  name: string;
  status: string;
  memberCount: number;
  /** The viewer is an active member too (the profile's `similarGroups`). */
  shared: boolean;
  /** Its place by name among the groups listed, and among those shared (from 1). */
  place: number;
  sharedPlace: number;
}

/**
 * The groups of a member the viewer may know of, each marked when the viewer is in it too: a
 * profile's `groups` and `similarGroups` (groupsOfMember's two lists, the first 100 of each by
 * name) in one statement, since every profile read asks for both. A group the viewer is in is
 * always one they may know of, so the shared ones are among the visible.
 */
export async function profileGroupsOf(
  db: Tx,
  memberId: number,
  viewerId: number,
  staff: boolean,
): Promise<ProfileGroupRow[]> {
  const rows = await executeNamed<ProfileGroupRow>(
    db,
    sql`select r.id, r.slug, r.name, r.status, r.member_count as "memberCount", r.shared,
        r.place::int as place, r.shared_place::int as "sharedPlace"
      from (select g.*, row_number() over (order by lower(g.name), g.id) as place,
          row_number() over (partition by g.shared order by lower(g.name), g.id) as shared_place
        from (select ${groups.id}, ${groups.slug}, ${groups.name}, ${groups.status},
            ${groups.memberCount} as member_count,
            ${groups.id} in (${groupsOf(viewerId)}) as shared
          from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId}
          where ${groupMembers.userId} = ${memberId} and ${groupMembers.status} = 'active'
            and ${visibleGroup(viewerId, staff)}) g) r
      where r.place <= 100 or (r.shared and r.shared_place <= 100)
      order by lower(r.name), r.id`,
  );
  return rows;
}

/** Whether two members share a group (the connection setting 'shared_group'). */
export async function shareAGroup(db: Tx, oneId: number, otherId: number): Promise<boolean> {
  const result = (await db.execute(sql`select exists (
      select 1 from group_members a join group_members b on b.group_id = a.group_id
      where a.user_id = ${oneId} and a.status = 'active'
        and b.user_id = ${otherId} and b.status = 'active') as shared`)) as unknown as {
    rows: { shared: boolean }[];
  };
  return Boolean(result.rows[0]?.shared);
}

/** The membership rows of a member (their data export). */
export async function membershipsOf(db: Tx, userId: number) {
  return db
    .select({
      groupId: groupMembers.groupId,
      name: groups.name,
      status: groupMembers.status,
      role: groupMembers.role,
      since: groupMembers.createdAt,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.createdAt));
}

/** The id, slug and name of those of these groups the viewer may know of (notifications). */
export async function visibleNames(db: Tx, ids: number[], viewerId: number, staff: boolean) {
  if (ids.length === 0) return [];
  return db
    .select({ id: groups.id, slug: groups.slug, name: groups.name })
    .from(groups)
    .where(and(inArray(groups.id, ids), visibleGroup(viewerId, staff)));
}

/**
 * What a group's new status means for those waiting to join: a group made public takes them in
 * (anyone may join it now), a hidden one drops their requests (nobody may ask to join it).
 */
export async function settlePending(db: Tx, groupId: number, status: string) {
  if (status === 'public')
    await db
      .update(groupMembers)
      .set({ status: 'active', createdAt: sql`now()` })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'pending')));
  else if (status === 'hidden')
    await db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'pending')));
}
