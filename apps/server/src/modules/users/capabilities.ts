import type { Role } from '@attune/contract';

const MEMBER = [
  'read',
  'edit_own_profile',
  'write_posts',
  'comment',
  'send_messages',
  'join_groups',
];

/** What each role may do, as capability names (WordPress style); a user has the union of their roles'. */
const BY_ROLE: Record<Role, string[]> = {
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

export function capabilitiesFor(roles: readonly string[]): string[] {
  const all = new Set<string>();
  for (const role of roles)
    for (const capability of BY_ROLE[role as Role] ?? []) all.add(capability);
  return [...all].sort();
}
