import type { StaffAbilities, StaffOperation } from '@attune/contract';

/**
 * The sections of the staff workspace (`/{lang}/medel/<section>`), in the order its navigation
 * shows them. Pages, FAQ and translations are built by the content editors' screens; the
 * workspace only links to them.
 */
export const STAFF_SECTIONS = [
  'overview',
  'members',
  'reports',
  'support',
  'groups',
  'pages',
  'faq',
  'translations',
  'audit',
] as const;
export type StaffSection = (typeof STAFF_SECTIONS)[number];

/** The staff operations that open a section: any one of them does. */
const SECTION_ABILITIES: Record<StaffSection, readonly StaffOperation[]> = {
  overview: ['view_workspace'],
  // Area managers list their members; every staff member checks an address and invites.
  members: ['list_area_members', 'check_registered', 'invite_member'],
  reports: ['view_reports'],
  support: ['view_support_requests'],
  groups: ['manage_groups'],
  pages: ['edit_content'],
  faq: ['edit_content'],
  translations: ['edit_translations'],
  audit: ['view_audit_log'],
};

/** Whether the viewer may open a section (the contract's table, as the server decides). */
export const mayOpenSection = (section: StaffSection, abilities: StaffAbilities): boolean =>
  abilities.view_workspace && SECTION_ABILITIES[section].some((operation) => abilities[operation]);

/** The sections the viewer may open, in navigation order. */
export const openSections = (abilities: StaffAbilities): StaffSection[] =>
  STAFF_SECTIONS.filter((section) => mayOpenSection(section, abilities));

/** The route of each section; the overview is the workspace itself. */
export const SECTION_PATHS = {
  overview: '/$lang/medel',
  members: '/$lang/medel/members',
  reports: '/$lang/medel/reports',
  support: '/$lang/medel/support',
  groups: '/$lang/medel/groups',
  pages: '/$lang/medel/pages',
  faq: '/$lang/medel/faq',
  translations: '/$lang/medel/translations',
  audit: '/$lang/medel/audit',
} as const satisfies Record<StaffSection, `/$lang/medel${string}`>;

/**
 * The section an address shows (`/en/medel/reports` → reports, `/en/medel/pages/about` → pages,
 * `/en/medel` → overview); null for an address outside the workspace or a part it does not know.
 */
export function sectionAt(pathname: string): StaffSection | null {
  const match = /^\/[a-z]{2}\/medel(?:\/+([^/]+))?(?:\/.*)?$/.exec(pathname);
  if (!match) return null;
  const part = match[1];
  if (part === undefined) return 'overview';
  return (STAFF_SECTIONS as readonly string[]).includes(part) && part !== 'overview'
    ? (part as StaffSection)
    : null;
}
