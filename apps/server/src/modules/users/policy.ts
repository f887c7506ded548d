import { hasCapability, mayEditMember, type Actor, type Visibility } from '@attune/contract';

/**
 * The users domain's per-resource rules (decision 0028): pure functions over the acting member
 * (their id and capabilities, as the principal carries them) and the member acted on. REST
 * routes, GraphQL resolvers and, later, WebSocket handlers call these and nothing else, so a rule
 * changes in one place. Which routes and fields need a signed-in member is declared elsewhere
 * (the access rules); these answer "may this one do this to that one".
 */
export type { Actor };

/** The member a rule is about; only the id matters today, so a route can ask before loading the row. */
export interface Owner {
  id: number;
}

/**
 * May the viewer see this member at all? Not when either of the two blocked the other (decision
 * 0032): the profile answers as if the member did not exist. One's own profile always.
 */
export const mayViewProfile = (viewerId: number, profile: { user: Owner; blocked: boolean }) =>
  viewerId === profile.user.id || !profile.blocked;

/** How the viewer stands to the owner of a profile. */
export interface Relation {
  self: boolean;
  connected: boolean;
  /** Signed in as a member (any role). */
  member: boolean;
  /** The manufacturer's staff: whoever may view the medel area (super_admin, area_manager, medel_user). */
  staff: boolean;
}

/** Staff, for the 'staff' visibility: the capability, not a list of role names. */
export const isStaff = (actor: Pick<Actor, 'capabilities'>) =>
  hasCapability(actor.capabilities, 'view_medel_area');

/** How a signed-in actor stands to a member, given whether the two are connected. */
export function relationOf(actor: Actor, owner: Owner, connected: boolean): Relation {
  const self = actor.userId === owner.id;
  return { self, member: true, staff: isStaff(actor), connected: !self && connected };
}

/**
 * May the viewer see a profile field with this visibility (decision 0011)? The owner always
 * sees; 'only_me' nobody else; 'connections' accepted connections; 'members' every signed-in
 * member; 'staff' the manufacturer's staff only.
 */
export function maySeeField(visibility: Visibility, relation: Relation): boolean {
  if (relation.self) return true;
  switch (visibility) {
    case 'only_me':
      return false;
    case 'connections':
      return relation.connected;
    case 'members':
      return relation.member;
    case 'staff':
      return relation.staff;
  }
}

/** The e-mail address: the owner, and whoever manages members (super_admin). */
export const maySeeEmail = (actor: Actor, owner: Owner) =>
  actor.userId === owner.id || hasCapability(actor.capabilities, 'manage_users');

/**
 * Capabilities, token expiry and each field's visibility setting describe the owner's own
 * account and choices: nobody else sees them, admins included.
 */
export const maySeeAccountDetails = (actor: Actor, owner: Owner) => actor.userId === owner.id;

/** Change the profile: one's own with `edit_own_profile`, anyone's with `manage_users` (contract rule). */
export const mayEditProfile = (actor: Actor, owner: Owner) => mayEditMember(actor, owner.id);

/** The avatar is part of the profile: the same rule as editing it. */
export const mayUploadAvatar = (actor: Actor, owner: Owner) => mayEditProfile(actor, owner);
