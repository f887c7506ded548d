import { capabilitiesFor } from '@attune/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAuthToken } from '../../../lib/auth-token';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import de from '../../../locales/de/profile.json';
import { AboutSection } from './about-section';
import type { OwnProfile } from './section-props';

const me = {
  id: 7,
  databaseId: 7,
  nickname: 'Ana',
  username: 'ana',
  email: 'ana@example.com',
  roles: ['member'],
  capabilities: capabilitiesFor(['member']),
  avatar: { url: null },
  description: '',
  firstName: 'Ana',
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
  extendedProfile: [],
} satisfies OwnProfile;

function validToken(): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
  writeAuthToken(validToken());
});

const typeNickname = (value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: /Display name/ }), {
    target: { value },
  });

describe('AboutSection nickname check', () => {
  it('says when a name is taken, and never asks about the own name', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ exists: true }));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<AboutSection me={me} fields={[]} language="en" />);
    typeNickname('ana ');
    expect(screen.getByText('This is how other members see and find you.')).toBeTruthy();
    typeNickname('Maria');
    expect(
      await screen.findByText(
        'This name is already taken. Please choose another one.',
        {},
        { timeout: 2000 },
      ),
    ).toBeTruthy();
    const checks = fetchMock.mock.calls.filter(([url]) => String(url).includes('check/nickname'));
    expect(checks.map(([url]) => String(url))).toEqual(['/api/users/check/nickname/Maria']);
  });

  it('says at once that a name kept for a page (/profile/start) cannot be used, without asking', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ exists: false }));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<AboutSection me={me} fields={[]} language="en" />);
    typeNickname(' START ');
    const field = screen.getByRole('textbox', { name: /Display name/ });
    expect(
      screen.getByText('This name is kept for Attune itself. Please choose another one.'),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(document.activeElement).toBe(field));
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(
      calls.filter((url) => url.includes('nickname') || url.includes('update-profile')),
    ).toEqual([]);
  });

  it("shows the spec's message when the check fails", async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    await renderWithRouter(<AboutSection me={me} fields={[]} language="en" />);
    typeNickname('Somebody');
    expect(
      await screen.findByText('Error checking nickname availability', {}, { timeout: 2000 }),
    ).toBeTruthy();
  });
});

describe('AboutSection words', () => {
  it('names its fields with the shared field names and says who sees the display name (German)', async () => {
    await applyLanguage('de');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({})));
    await renderWithRouter(<AboutSection me={me} fields={[]} language="de" />);
    // The onboarding uses the same `fields.*` texts (its test checks that side).
    for (const name of [
      de.fields.nickname,
      de.fields.firstName,
      de.fields.lastName,
      de.fields.headline,
      de.fields.yearOfBirth,
    ]) {
      expect(screen.getByRole('textbox', { name: new RegExp(`^${name}`) })).toBeTruthy();
    }
    expect(de.fields.nickname).toBe('Anzeigename');
    // Other members see and find the member by this name, not the other way round.
    expect(screen.getByText('So sehen und finden andere Mitglieder Sie.')).toBeTruthy();
  });
});
