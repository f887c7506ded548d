import type {
  Actor,
  GroupDescriptions,
  GroupOutput,
  GroupStatus,
  Language,
  SocialGroupOutput,
} from '@attune/contract';
import { LANGUAGES } from '@attune/contract';
import { escapeHtml } from '../../lib/html';
import * as policy from './policy';
import type { GroupRow } from './repository';
import { standingOf } from './sql';

/** The facts the policy decides on, from a group row. */
export const factsOf = (row: GroupRow): policy.GroupFacts => ({
  status: row.status,
  standing: standingOf(row),
});

/** The description in `language`, else in the first language that has one, else ''. */
export function describe(descriptions: GroupDescriptions, language: Language): string {
  const kept = descriptions[language];
  if (kept) return kept;
  for (const other of LANGUAGES) if (descriptions[other]) return descriptions[other]!;
  return '';
}

/** A group as this reader gets it, in their language, with what they may do in it. */
export function presentGroup(row: GroupRow, actor: Actor, language: Language): GroupOutput {
  const facts = factsOf(row);
  const may = policy.abilities(actor, facts);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: describe(row.descriptions, language),
    descriptions: row.descriptions,
    status: row.status as GroupStatus,
    coverImageUrl: row.coverImageUrl,
    memberCount: row.memberCount,
    pendingCount: may.manageRequests ? row.pendingCount : null,
    standing: facts.standing,
    may,
    createdAt: row.createdAt.toISOString(),
  };
}

/** BuddyPress v1's group object (`/api/social/groups`). */
export function presentSocialGroup(
  row: GroupRow,
  language: Language,
  publicUrl: string,
): SocialGroupOutput {
  const description = describe(row.descriptions, language);
  const standing = standingOf(row);
  return {
    id: row.id,
    creator_id: row.creatorId ?? 0,
    parent_id: 0,
    name: row.name,
    slug: row.slug,
    status: row.status as GroupStatus,
    description: {
      raw: description,
      rendered: description
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
        .join('\n'),
    },
    date_created: row.createdAt.toISOString(),
    total_member_count: row.memberCount,
    link: `${publicUrl}/${language}/groups/${row.slug}`,
    is_member: standing === 'member' || standing === 'admin',
  };
}
