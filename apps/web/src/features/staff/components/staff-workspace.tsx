import type { ReactNode } from 'react';
import { staffAbilities, type Language } from '@attune/contract';
import { mayOpenSection, openSections, sectionAt } from '../lib/sections';
import { StaffNav } from './staff-nav';
import { StaffNotAllowed } from './staff-not-allowed';

export interface StaffWorkspaceProps {
  language: Language;
  /** The signed-in viewer's roles: what the workspace offers follows the contract's table. */
  roles: readonly string[];
  /** The address shown now, to mark the current section. */
  pathname: string;
  /** The section's own screen (the route's outlet). */
  children: ReactNode;
}

/**
 * `/{lang}/medel`: the staff workspace around its sections. Someone without `view_workspace`
 * (members, mentors) gets a friendly "not for you" page instead; staff see only the sections their
 * role includes, and a section opened by its address that their role does not include says so in
 * place of its screen. Each section's screen has the page's one h1.
 */
export function StaffWorkspace({ language, roles, pathname, children }: StaffWorkspaceProps) {
  const abilities = staffAbilities(roles);
  if (!abilities.view_workspace) return <StaffNotAllowed language={language} scope="workspace" />;
  const current = sectionAt(pathname);
  const allowed = current === null || mayOpenSection(current, abilities);
  return (
    <>
      <StaffNav language={language} sections={openSections(abilities)} current={current} />
      {allowed ? children : <StaffNotAllowed language={language} scope="section" />}
    </>
  );
}
