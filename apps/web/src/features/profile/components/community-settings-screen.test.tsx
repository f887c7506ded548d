import { Suspense } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { capabilitiesFor, type ProfileFieldInfo } from '@attune/contract';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { CommunitySettingsScreen } from './community-settings-screen';
import { VISIBILITY_FIELDS } from './visibility-defaults-section';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const field = (name: string, defaultVisibility: ProfileFieldInfo['defaultVisibility']) => ({
  databaseId: name.length,
  name,
  type: 'textbox',
  defaultVisibility,
  isHealth: false,
  options: [],
});

/** The server: the profile (headline for members, the rest as the defaults say) and every setting. */
function server() {
  let levels: Record<string, string> = { headline: 'members' };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/fetch-user')
      return jsonResponse({
        id: 7,
        databaseId: 7,
        nickname: 'Ana',
        username: 'ana',
        email: 'ana@example.com',
        roles: ['member'],
        capabilities: capabilitiesFor(['member']),
        avatar: { url: null },
        description: '',
        firstName: '',
        lastName: '',
        lastActivity: null,
        locale: 'en',
        area: 'international',
        memberTypes: [],
        mentionName: '@ana',
        registeredDate: '2026-11-01T00:00:00.000Z',
        completedSetup: true,
        isFriend: 3,
        totalFriendCount: 0,
        extendedProfile: Object.entries(levels).map(([name, visibility], index) => ({
          databaseId: index + 1,
          name,
          value: { raw: '' },
          visibility,
        })),
      });
    if (url.startsWith('/api/profile-fields'))
      return jsonResponse([field('Headline', 'connections'), field('Country', 'connections')]);
    if (url === '/api/messages/settings') return jsonResponse({ messagesFrom: 'connections' });
    if (url === '/api/connection/settings') return jsonResponse({ requestsFrom: 'everyone' });
    if (url === '/api/notifications/preferences')
      return jsonResponse({ new_message: true, weekly_digest: false });
    if (url === '/api/update-profile' && init?.method === 'PUT') {
      levels = (JSON.parse(String(init.body)) as { visibility: Record<string, string> }).visibility;
      return jsonResponse({ message: 'Saved.' });
    }
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderScreen() {
  await renderWithRouter(
    <Suspense fallback={<p>Loading</p>}>
      <CommunitySettingsScreen language="en" />
    </Suspense>,
  );
  return screen.findByRole('heading', { level: 1, name: 'Community settings' });
}

describe('CommunitySettingsScreen', () => {
  it('gathers who may message me, connection requests, the weekly summary and visibility', async () => {
    server();
    await renderScreen();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Who may message me',
      'Connection requests',
      'Weekly summary',
      'Who can see my profile details',
    ]);
    expect(await screen.findByRole('radio', { name: 'Only my connections' })).toBeTruthy();
    const digest = screen.getByRole('region', { name: 'Weekly summary' });
    // Only the digest, not every e-mail setting.
    expect(
      await within(digest).findByRole('switch', { name: 'A weekly summary of what happened' }),
    ).toBeTruthy();
    expect(within(digest).getAllByRole('switch')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'All profile settings' }).getAttribute('href')).toBe(
      '/en/profile/settings',
    );
  });

  it('sets who can see every profile detail at once and says which details changed', async () => {
    const fetchMock = server();
    await renderScreen();
    const section = screen.getByRole('region', { name: 'Who can see my profile details' });
    expect(section.textContent).toContain('Right now, your details have different settings:');
    expect(section.textContent).toContain('Members: 1 detail');

    fireEvent.click(within(section).getByRole('radio', { name: 'Members' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Apply to all my details' }));
    const changed = VISIBILITY_FIELDS.length - 1;
    expect(
      await within(section).findByText(`${changed} details are now visible to: Members.`),
    ).toBeTruthy();
    const status = within(section)
      .getAllByRole('status')
      .find((region) => region.textContent?.includes('now visible'))!;
    expect(within(status).getByText('Country')).toBeTruthy();
    expect(within(status).queryByText('Headline')).toBeNull();

    const [, init] = fetchMock.mock.calls.find(
      ([url]) => url === '/api/update-profile',
    ) as unknown as [string, RequestInit];
    const body = JSON.parse(String(init.body)) as { visibility: Record<string, string> };
    expect(Object.keys(body.visibility).sort()).toEqual([...VISIBILITY_FIELDS].sort());
    expect(new Set(Object.values(body.visibility))).toEqual(new Set(['members']));
    await waitFor(() =>
      expect(section.textContent).toContain('Right now, all your details are visible to: Members.'),
    );
  });
});
