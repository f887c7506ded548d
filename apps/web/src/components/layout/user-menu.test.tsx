import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage, initI18n } from '../../lib/i18n';
import { useTestConfig } from '../../test/config';
import { renderWithRouter } from '../../test/render-with-router';
import { UserMenu } from './user-menu';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

describe('UserMenu', () => {
  it('names the member by the display name they chose', async () => {
    await renderWithRouter(<UserMenu language="en" displayName="Sam" profileAddress="Sam" />);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu of Sam' }));
    expect(await screen.findByText('Sam')).toBeTruthy();
  });

  it('links "My profile" to the profile address, the display name with its space and accent', async () => {
    await renderWithRouter(
      <UserMenu language="en" displayName="José María" profileAddress="José María" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Account menu of José María' }));
    const link = await screen.findByRole('menuitem', { name: 'My profile' });
    expect(link.getAttribute('href')).toBe('/en/profile/Jos%C3%A9%20Mar%C3%ADa');
  });

  it('never shows the generated username before a display name is chosen', async () => {
    await renderWithRouter(
      <UserMenu language="en" displayName={null} profileAddress="member-k3x9m2pq" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Your account menu' }));
    expect(await screen.findByText('Welcome to Attune')).toBeTruthy();
    expect(document.body.textContent).not.toContain('member-k3x9m2pq');
  });

  it('says "your account" in German too', async () => {
    await applyLanguage('de');
    await renderWithRouter(
      <UserMenu language="de" displayName={null} profileAddress="member-x" />,
      'de',
    );
    expect(screen.getByRole('button', { name: 'Ihr Kontomenü' })).toBeTruthy();
  });

  it('links to the community settings, and to the staff area only for staff', async () => {
    await renderWithRouter(<UserMenu language="en" displayName="Sam" profileAddress="Sam" />);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu of Sam' }));
    const community = await screen.findByRole('menuitem', { name: 'Community settings' });
    expect(community.getAttribute('href')).toBe('/en/community/settings');
    expect(screen.queryByRole('menuitem', { name: 'Staff area' })).toBeNull();
  });

  it('offers staff their staff area', async () => {
    await renderWithRouter(
      <UserMenu language="en" displayName="Mara" profileAddress="Mara" staffArea />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Account menu of Mara' }));
    const staff = await screen.findByRole('menuitem', { name: 'Staff area' });
    expect(staff.getAttribute('href')).toBe('/en/medel');
  });
});
