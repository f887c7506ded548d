import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { StaffWorkspace } from './staff-workspace';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

function renderWorkspace(roles: string[], pathname = '/en/medel', lang = 'en') {
  return renderWithRouter(
    <StaffWorkspace language={lang as 'en'} roles={roles} pathname={pathname}>
      <h1>Section screen</h1>
    </StaffWorkspace>,
    lang,
  );
}

const sections = () =>
  within(screen.getByRole('navigation', { name: 'Staff area' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('StaffWorkspace', () => {
  it('shows a member a friendly "not for you" page instead of the workspace, with a way home', async () => {
    await renderWorkspace(['member']);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'This area is for our team',
    ]);
    expect(screen.getByText(/Your account is a member account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe(
      '/en',
    );
    expect(screen.queryByRole('navigation', { name: 'Staff area' })).toBeNull();
    expect(screen.queryByText('Section screen')).toBeNull();
  });

  it('shows a mentor the same page, in German too', async () => {
    await applyLanguage('de');
    await renderWorkspace(['member', 'mentor'], '/de/medel', 'de');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Dieser Bereich ist für unser Team' }),
    ).toBeTruthy();
    expect(screen.queryByText('Section screen')).toBeNull();
  });

  it("offers the manufacturer's users only their sections: overview, members (check and invite), support", async () => {
    await renderWorkspace(['medel_user']);
    expect(sections()).toEqual(['Overview', 'Members', 'Support requests']);
    expect(screen.getByText('Section screen')).toBeTruthy();
  });

  it('offers area managers their area work and the content pages, not translations or the audit log', async () => {
    await renderWorkspace(['area_manager']);
    expect(sections()).toEqual([
      'Overview',
      'Members',
      'Reports',
      'Support requests',
      'Groups',
      'Pages',
      'FAQ',
    ]);
  });

  it('offers super admins every section, each a link to its address', async () => {
    await renderWorkspace(['super_admin']);
    expect(sections()).toEqual([
      'Overview',
      'Members',
      'Reports',
      'Support requests',
      'Groups',
      'Pages',
      'FAQ',
      'Translations',
      'Audit log',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe(
      '/en/medel/audit',
    );
    expect(within(nav).getByRole('link', { name: 'Translations' }).getAttribute('href')).toBe(
      '/en/medel/translations',
    );
  });

  it('marks the section shown as the current page', async () => {
    await renderWorkspace(['area_manager'], '/en/medel/reports');
    const nav = screen.getByRole('navigation', { name: 'Staff area' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Reports']);
  });

  it('says so in place of a section the role does not include, keeping the navigation', async () => {
    await renderWorkspace(['medel_user'], '/en/medel/reports');
    expect(
      screen.getByRole('heading', { level: 1, name: 'This section is not part of your role' }),
    ).toBeTruthy();
    expect(screen.queryByText('Section screen')).toBeNull();
    expect(sections()).toEqual(['Overview', 'Members', 'Support requests']);
  });
});
