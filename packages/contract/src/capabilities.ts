import type { Role } from './constants';

/**
 * Everything a member may be allowed to do, as capability names (WordPress style, spec §3: login
 * and the profile query return them). The server decides with these, and the web shows or hides
 * actions with the same names, so the two never disagree about who may do what.
 */
export const CAPABILITIES = [
  'read',
  'edit_own_profile',
  'write_posts',
  'comment',
  'send_messages',
  'join_groups',
  'view_medel_area',
  'mentor_members',
  'manage_groups',
  'moderate_content',
  'manage_options_area',
  'manage_options',
  'manage_users',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const MEMBER: readonly Capability[] = [
  'read',
  'edit_own_profile',
  'write_posts',
  'comment',
  'send_messages',
  'join_groups',
];

/**
 * What each role may do: the single source of the role table (decision 0028). A member has the
 * union of their roles' capabilities. `view_medel_area` is what makes someone the manufacturer's
 * staff (the 'staff' visibility of profile fields).
 */
export const ROLE_CAPABILITIES: Readonly<Record<Role, readonly Capability[]>> = {
  member: MEMBER,
  medel_user: [...MEMBER, 'view_medel_area'],
  mentor: [...MEMBER, 'mentor_members'],
  area_manager: [
    ...MEMBER,
    'view_medel_area',
    'manage_groups',
    'moderate_content',
    'manage_options_area',
  ],
  super_admin: [
    ...MEMBER,
    'view_medel_area',
    'mentor_members',
    'manage_groups',
    'moderate_content',
    'manage_options_area',
    'manage_options',
    'manage_users',
  ],
};

/** The roles that make a member staff (their roles grant `view_medel_area`): whose posts are announcements. */
export const STAFF_ROLES = (Object.keys(ROLE_CAPABILITIES) as Role[]).filter((role) =>
  ROLE_CAPABILITIES[role].includes('view_medel_area'),
);

/** The union of the roles' capabilities, sorted; unknown roles add nothing. */
export function capabilitiesFor(roles: readonly string[]): Capability[] {
  const all = new Set<Capability>();
  for (const role of roles)
    for (const capability of ROLE_CAPABILITIES[role as Role] ?? []) all.add(capability);
  return [...all].sort();
}

/** Whether a list of capabilities (a principal's, or the viewer's on the web) holds this one. */
export function hasCapability(
  capabilities: readonly string[] | null | undefined,
  capability: Capability,
): boolean {
  return capabilities?.includes(capability) ?? false;
}

/** Someone acting on a member's things: who they are and what they may do. */
export interface Actor {
  userId: number;
  capabilities: readonly string[];
}

/**
 * The rule for changing what belongs to a member (their profile, their avatar): their own with
 * `edit_own_profile`, anyone's with `manage_users`. Shared by the server's users policy and the
 * web, which hides the action where the server would refuse it.
 */
export function mayEditMember(actor: Actor | null | undefined, ownerId: number): boolean {
  if (!actor) return false;
  if (hasCapability(actor.capabilities, 'manage_users')) return true;
  return actor.userId === ownerId && hasCapability(actor.capabilities, 'edit_own_profile');
}
