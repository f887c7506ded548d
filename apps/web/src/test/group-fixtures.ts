import {
  GROUP_ACTIONS,
  mayInGroup,
  type GroupAbilities,
  type GroupOutput,
  type GroupStanding,
  type GroupStatus,
} from '@attune/contract';

/** What a regular member may do everywhere (`join_groups`, `write_posts`). */
export const MEMBER_CAPABILITIES = ['join_groups', 'write_posts'] as const;

/** What the contract's table lets a member with these capabilities do, standing so in such a group. */
export function abilitiesFor(
  status: GroupStatus,
  standing: GroupStanding,
  capabilities: readonly string[] = MEMBER_CAPABILITIES,
): GroupAbilities {
  return Object.fromEntries(
    GROUP_ACTIONS.map((action) => [action, mayInGroup(action, { status, standing }, capabilities)]),
  ) as GroupAbilities;
}

/** A group as the server gives it to a viewer, its abilities from the table unless given. */
export function groupFixture(
  overrides: Partial<GroupOutput> & { capabilities?: readonly string[] } = {},
): GroupOutput {
  const { capabilities, ...rest } = overrides;
  const status = rest.status ?? 'public';
  const standing = rest.standing ?? 'outsider';
  return {
    id: 7,
    slug: 'cochlear-implant-beginners',
    name: 'CI beginners',
    description: 'For everyone in their first year with an implant.',
    descriptions: { en: 'For everyone in their first year with an implant.' },
    status,
    coverImageUrl: null,
    memberCount: 12,
    pendingCount: null,
    standing,
    may: abilitiesFor(status, standing, capabilities),
    createdAt: '2026-11-01T10:00:00.000Z',
    ...rest,
  };
}
