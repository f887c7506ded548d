import type { Actor, Language } from '@attune/contract';
import type { Tx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { RateLimits } from '../../plugins/app/rate-limits';
import * as policy from './policy';
import { factsOf, presentGroup } from './presenter';
import * as repository from './repository';

/**
 * Reading one group as the actor may: found by id or slug, 404 for what they may not know of, 403
 * for what only members may read. Membership changes (membership.ts) and the service build on it.
 */

export interface GroupsContext {
  db: Tx;
  rateLimits: RateLimits;
  publicUrl: string;
}

/** The reader's language, for the description and mails' links. */
export interface Reader {
  actor: Actor;
  language: Language;
}

export const groupNotFound = () =>
  notFound('This group does not exist or is not available to you.');
export const membersOnly = () =>
  new AppError('group_members_only', 403, 'Only members of this group can see this.');

/** The id or slug a `{group}` parameter names: digits are an id, anything else a slug. */
export const refOf = (group: string | number) =>
  typeof group === 'number' || /^\d+$/.test(group) ? { id: Number(group) } : { slug: group };

/**
 * A group the actor may know of (GROUP_PERMISSIONS.see), else 404 — a hidden group looks exactly
 * like a missing one to outsiders.
 */
export async function visible(db: Tx, actor: Actor, group: string | number) {
  const row = await repository.findGroup(db, refOf(group), actor.userId);
  if (!row || !policy.may(actor, 'see', factsOf(row))) throw groupNotFound();
  return row;
}

/** One group as the reader may see it (`GET /api/group/{group}`). */
export async function getGroup(db: Tx, reader: Reader, group: string | number) {
  return presentGroup(await visible(db, reader.actor, group), reader.actor, reader.language);
}

/** A group's posts may be read by the actor (posts and questions lists); 404 / 403 otherwise. */
export async function assertReadable(db: Tx, actor: Actor, groupId: number) {
  const row = await visible(db, actor, groupId);
  if (!policy.may(actor, 'read', factsOf(row))) throw membersOnly();
  return row;
}

/** The actor may write in the group (a post or question with `groupId`); 404 / 403 otherwise. */
export async function assertMayPost(db: Tx, actor: Actor, groupId: number) {
  const row = await visible(db, actor, groupId);
  if (!policy.may(actor, 'post', factsOf(row))) throw membersOnly();
  return row;
}
