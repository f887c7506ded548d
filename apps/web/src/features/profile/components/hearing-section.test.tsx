import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { capabilitiesFor, HEALTH_CONSENT_VERSION, type ProfileFieldInfo } from '@attune/contract';
import { writeAuthToken } from '../../../lib/auth-token';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { HearingSection } from './hearing-section';
import type { OwnProfile } from './section-props';

const fields: ProfileFieldInfo[] = [
  {
    databaseId: 11,
    name: 'Left ear',
    type: 'selectbox',
    defaultVisibility: 'connections',
    isHealth: true,
    options: [{ value: 'cochlear-implant', label: 'Cochlear implant' }],
  },
];

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
  extendedProfile: [
    { databaseId: 11, name: 'Left ear', value: { raw: '' }, visibility: 'connections' },
  ],
} satisfies OwnProfile;

/** A JWT-shaped token that stays valid for an hour, so no refresh is attempted. */
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

const bodies = (mock: ReturnType<typeof vi.fn>) =>
  mock.mock.calls
    .filter(([url]) => String(url).includes('update-profile'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('HearingSection', () => {
  it('asks for consent before sending anything, then sends the change once, with consent', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse({ message: 'Your profile was saved.' }));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<HearingSection me={me} fields={fields} language="en" />);

    fireEvent.change(screen.getByRole('combobox', { name: 'Left ear' }), {
      target: { value: 'cochlear-implant' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: /Who can see this ?\(Left ear\)/ }), {
      target: { value: 'only_me' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save: Your hearing' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'May we store your hearing details?',
    });
    // Nothing has left the browser while the member reads the question.
    expect(bodies(fetchMock)).toEqual([]);
    const agree = within(dialog).getByRole('button', { name: 'Agree and save' });
    expect((agree as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'I agree that Attune stores my hearing details',
      }),
    );
    fireEvent.click(agree);

    expect(await screen.findByText('Your changes were saved.')).toBeTruthy();
    expect(bodies(fetchMock)).toEqual([
      expect.objectContaining({
        leftEar: 'cochlear-implant',
        visibility: expect.objectContaining({ 'left ear': 'only_me' }),
        healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
      }),
    ]);
  });

  it('sends nothing when the member declines, and says so', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse({ message: 'Your profile was saved.' }));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<HearingSection me={me} fields={fields} language="en" />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Left ear' }), {
      target: { value: 'cochlear-implant' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save: Your hearing' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Your hearing details were not saved',
      ),
    );
    expect(bodies(fetchMock)).toEqual([]);
  });

  it('saves at once for a member who agreed before', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse({ message: 'Your profile was saved.' }));
    vi.stubGlobal('fetch', fetchMock);
    const agreed = {
      ...me,
      healthConsent: { givenAt: '2026-11-01T00:00:00.000Z', version: HEALTH_CONSENT_VERSION },
    };
    await renderWithRouter(<HearingSection me={agreed} fields={fields} language="en" />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Left ear' }), {
      target: { value: 'cochlear-implant' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save: Your hearing' }));
    expect(await screen.findByText('Your changes were saved.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies(fetchMock)).toEqual([
      expect.not.objectContaining({ healthConsent: expect.anything() }),
    ]);
  });

  it('still asks when the server says consent is missing, then sends with consent', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        jsonResponse(
          { code: 'health_consent_required', message: 'Consent needed', data: { status: 400 } },
          400,
        ),
      )
      .mockResolvedValue(jsonResponse({ message: 'Your profile was saved.' }));
    vi.stubGlobal('fetch', fetchMock);
    // The page believed consent was given (withdrawn meanwhile on another device).
    const stale = { ...me, healthConsent: { givenAt: '2026-11-01T00:00:00.000Z', version: '1' } };
    await renderWithRouter(<HearingSection me={stale} fields={fields} language="en" />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Left ear' }), {
      target: { value: 'cochlear-implant' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save: Your hearing' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agree and save' }));
    expect(await screen.findByText('Your changes were saved.')).toBeTruthy();
    expect(bodies(fetchMock)[1]).toMatchObject({
      healthConsent: { accepted: true, version: HEALTH_CONSENT_VERSION },
    });
  });

  it("says in the member's language that a value was refused, not in the server's English", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        jsonResponse(
          {
            code: 'validation_failed',
            message: '"x" is not a choice for Left ear.',
            data: { status: 400, params: { field: 'leftEar' } },
          },
          400,
        ),
      ),
    );
    await renderWithRouter(<HearingSection me={me} fields={fields} language="en" />);
    fireEvent.click(screen.getByRole('button', { name: 'Save: Your hearing' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Some of the information could not be accepted. Please check your entries and try again.',
      ),
    );
  });
});
