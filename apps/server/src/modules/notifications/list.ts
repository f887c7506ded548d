import {
  NOTIFICATION_PAGE_SIZE,
  type Actor,
  type NotificationKind,
  type NotificationListOutput,
  type NotificationOutput,
} from '@attune/contract';
import type { Tx } from '../../db/client';
import { decodeIdCursor, encodeIdCursor } from '../../lib/id-cursor';
import * as groups from '../groups/service';
import * as posts from '../posts/service';
import * as repository from './repository';

/**
 * The member's notifications as they read them (decision 0044): a page newest first, each naming
 * who did it and what it is about. Apart from service.ts (which the modules that cause notices
 * call), because naming posts and groups reads those modules.
 */

/** A number out of a notification's data, or null. */
const idIn = (data: unknown, key: string): number | null => {
  const value = (data as Record<string, unknown> | null)?.[key];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
};

/**
 * A page of the member's notifications with their unread count. What they name is read in one
 * statement per kind of thing (actors, posts, groups) for the whole page: no N+1. A post or group
 * the member may no longer see, or an actor blocked either way, is null.
 */
export async function listNotifications(
  db: Tx,
  actor: Actor,
  cursor?: string,
): Promise<NotificationListOutput> {
  const limit = NOTIFICATION_PAGE_SIZE;
  const rows = await repository.pageFor(db, actor.userId, decodeIdCursor(cursor), limit + 1);
  const page = rows.slice(0, limit);
  const [items, unreadCount] = await Promise.all([
    present(db, actor, page),
    repository.unreadCount(db, actor.userId),
  ]);
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeIdCursor(last.id) : null,
    unreadCount,
  };
}

/** How many of the member's notifications are unread (the header's badge). */
export async function unreadCount(db: Tx, actor: Actor) {
  return { unreadCount: await repository.unreadCount(db, actor.userId) };
}

/** Marks the member's notifications read (these, or all); others' are never touched. */
export async function markRead(db: Tx, actor: Actor, ids?: number[]) {
  await repository.markRead(db, actor.userId, ids);
  return unreadCount(db, actor);
}

/** Removes the member's read notifications; unread ones stay. */
export async function clearRead(db: Tx, actor: Actor) {
  await repository.deleteRead(db, actor.userId);
  return unreadCount(db, actor);
}

/** These notifications of the member, as the list shows them (a socket's `notification.new`). */
export async function notificationsByIds(db: Tx, actor: Actor, ids: number[]) {
  return present(db, actor, await repository.byIds(db, actor.userId, ids));
}

/**
 * Notification rows as the member reads them. What they name is read in one statement per kind of
 * thing (actors, posts, groups) for all the rows: no N+1. A post or group the member may no longer
 * see, or an actor blocked either way, is null.
 */
async function present(
  db: Tx,
  actor: Actor,
  page: repository.NotificationRow[],
): Promise<NotificationOutput[]> {
  const distinct = (values: (number | null)[]) => [
    ...new Set(values.filter((value): value is number => value !== null)),
  ];
  const [actors, postTitles, groupNames] = await Promise.all([
    repository.visibleActors(db, actor.userId, distinct(page.map((row) => row.actorId))),
    posts.readableTitles(db, actor, distinct(page.map((row) => idIn(row.data, 'postId')))),
    groups.visibleNames(db, actor, distinct(page.map((row) => idIn(row.data, 'groupId')))),
  ]);
  const actorById = new Map(actors.map((one) => [one.id, one]));
  const postById = new Map(postTitles.map((one) => [one.id, one]));
  const groupById = new Map(groupNames.map((one) => [one.id, one]));
  return page.map((row): NotificationOutput => {
    const who = row.actorId === null ? undefined : actorById.get(row.actorId);
    const postId = idIn(row.data, 'postId');
    const groupId = idIn(row.data, 'groupId');
    return {
      id: row.id,
      kind: row.kind as NotificationKind,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
      actor: who
        ? {
            id: who.id,
            nickname: who.nickname || who.username,
            name: who.firstName,
            avatarUrl: who.avatarUrl,
          }
        : null,
      post: (postId !== null && postById.get(postId)) || null,
      group: (groupId !== null && groupById.get(groupId)) || null,
      commentId: idIn(row.data, 'commentId'),
    };
  });
}
