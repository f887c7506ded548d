import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { staffAbilities, type StaffMemberEntry } from '@attune/contract';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { StaffMembersScreen } from './staff-members-screen';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const entry = (id: number, nickname: string, roles = ['member']): StaffMemberEntry => ({
  id,
  nickname,
  name: `${nickname} Weber`,
  email: `${nickname.toLowerCase()}@example.com`,
  area: 'dach',
  country: 'DE',
  locale: 'de',
  roles,
  registeredAt: '2026-10-01T08:00:00.000Z',
  lastActivityAt: null,
  suspended: false,
});

function server(members: StaffMemberEntry[] = [entry(9, 'Klaus')]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/area-manager-users'))
      return jsonResponse({ members, nextCursor: null });
    if (url === '/api/staff/members/9/suspension') return jsonResponse({ id: 9, suspended: false });
    if (url.startsWith('/api/countries'))
      return jsonResponse([{ name: 'Germany', code: 'DE', emoji: '', flag: '', slug: 'germany' }]);
    if (url.startsWith('/api/areas')) return jsonResponse([{ value: 'dach', label: 'DACH' }]);
    if (url === '/api/staff/members/9/roles') {
      const { granted } = JSON.parse(String(init!.body)) as { granted: boolean };
      return jsonResponse({ id: 9, roles: granted ? ['mentor', 'member'] : ['member'] });
    }
    if (url.startsWith('/api/isregistered')) return jsonResponse({ registered: true, userId: 9 });
    if (url === '/api/invite-user')
      return jsonResponse(
        { message: 'ok', invitationId: 1, expiresAt: '2026-12-10T08:00:00.000Z' },
        201,
      );
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const render = (roles: string[]) =>
  renderWithRouter(
    <StaffMembersScreen
      language="en"
      abilities={staffAbilities(roles)}
      roles={roles}
      viewerId={1}
    />,
  );

describe('StaffMembersScreen', () => {
  it("gives the manufacturer's users the address check and plain invitations, no list", async () => {
    const fetchMock = server();
    await render(['medel_user']);
    expect(screen.queryByRole('region', { name: 'Members of your area' })).toBeNull();
    const invite = screen.getByRole('region', { name: 'Invite someone' });
    expect(within(invite).queryByRole('radiogroup', { name: 'Role after joining' })).toBeNull();
    fireEvent.change(within(invite).getByRole('textbox', { name: /Their e-mail address/ }), {
      target: { value: 'new@example.com' },
    });
    fireEvent.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(invite).findByText(/Invitation sent to new@example.com\. The link works until/),
    ).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(
      ([url]) => url === '/api/invite-user',
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'new@example.com', language: 'en' });
  });

  it('lets super admins invite with a role', async () => {
    server();
    await render(['super_admin']);
    const invite = screen.getByRole('region', { name: 'Invite someone' });
    const roles = within(invite).getByRole('radiogroup', { name: 'Role after joining' });
    expect(
      within(roles)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Member', 'Mentor', "Manufacturer's team", 'Area manager']);
  });

  it('makes a member of the area a mentor and says so, the button then offering the opposite', async () => {
    const fetchMock = server();
    await render(['area_manager']);
    const list = screen.getByRole('region', { name: 'Members of your area' });
    const klaus = await within(list).findByRole('article', { name: 'Klaus' });
    expect(klaus.textContent).toContain('klaus@example.com');
    expect(klaus.textContent).toContain('Germany');
    // Area managers grant mentor only.
    expect(
      within(klaus)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Make mentor (Klaus)']);
    fireEvent.click(within(klaus).getByRole('button', { name: 'Make mentor (Klaus)' }));
    expect(await screen.findByText('Klaus now has the role: Mentor.')).toBeTruthy();
    await waitFor(() =>
      expect(within(klaus).getByRole('button', { name: 'Remove mentor (Klaus)' })).toBeTruthy(),
    );
    const [, init] = fetchMock.mock.calls.find(
      ([url]) => url === '/api/staff/members/9/roles',
    ) as unknown as [string, RequestInit];
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ role: 'mentor', granted: true });
  });

  it('lifts a suspension, and says so', async () => {
    const fetchMock = server([{ ...entry(9, 'Klaus'), suspended: true }]);
    await render(['area_manager']);
    const list = screen.getByRole('region', { name: 'Members of your area' });
    const klaus = await within(list).findByRole('article', { name: 'Klaus (suspended)' });
    fireEvent.click(within(klaus).getByRole('button', { name: 'Lift the suspension (Klaus)' }));
    expect(await screen.findByText('Klaus can sign in again.')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(list).queryByRole('button', { name: 'Lift the suspension (Klaus)' }),
      ).toBeNull(),
    );
    const [, init] = fetchMock.mock.calls.find(
      ([url]) => url === '/api/staff/members/9/suspension',
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ suspended: false });
  });

  it('checks whether an address has an account', async () => {
    server();
    await render(['medel_user']);
    const check = screen.getByRole('region', { name: 'Is this e-mail registered?' });
    fireEvent.change(within(check).getByRole('textbox', { name: /E-mail address/ }), {
      target: { value: 'klaus@example.com' },
    });
    fireEvent.click(within(check).getByRole('button', { name: 'Check' }));
    expect(
      await within(check).findByText('klaus@example.com has an account (member number 9).'),
    ).toBeTruthy();
  });
});
