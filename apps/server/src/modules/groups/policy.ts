import {
  GROUP_ACTIONS,
  hasCapability,
  mayCreateGroup,
  mayInGroup,
  type Actor,
  type GroupAbilities,
  type GroupAction,
  type GroupStanding,
  type GroupStatus,
} from '@attune/contract';

/**
 * The groups domain's rules (decision 0042): the contract's GROUP_PERMISSIONS table applied to the
 * acting member. Routes and the posts service ask these and nothing else; deny by default.
 */
export interface GroupFacts {
  status: GroupStatus | string;
  standing: GroupStanding;
}

/** Staff who look after groups: read and manage every group (`manage_groups`). */
export const isGroupStaff = (actor: Actor) => hasCapability(actor.capabilities, 'manage_groups');

export const may = (actor: Actor, action: GroupAction, group: GroupFacts) =>
  mayInGroup(action, group, actor.capabilities);

/** Everything the actor may do in the group, for the web to show the right actions. */
export const abilities = (actor: Actor, group: GroupFacts): GroupAbilities =>
  Object.fromEntries(
    GROUP_ACTIONS.map((action) => [action, may(actor, action, group)]),
  ) as GroupAbilities;

export const mayCreate = (actor: Actor, status: GroupStatus) =>
  mayCreateGroup(status, actor.capabilities);
