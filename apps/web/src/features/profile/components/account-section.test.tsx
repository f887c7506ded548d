import { capabilitiesFor } from '@attune/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAuthToken } from '../../../lib/auth-token';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { AccountSection } from './account-section';
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

/** The server: update-profile asks for the code, confirm-email answers from a queue. */
function stubServer(updateAnswer: object, confirmAnswers: { body: object; status: number }[]) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/update-profile')) return jsonResponse(updateAnswer);
    if (url.endsWith('/api/confirm-email')) {
      const next = confirmAnswers.shift()!;
      return jsonResponse(next.body, next.status);
    }
    throw new Error(`unexpected call to ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function askForNewAddress(address: string) {
  fireEvent.change(document.querySelector('#account-email')!, { target: { value: address } });
  fireEvent.change(document.querySelector('#account-email-current-password')!, {
    target: { value: 'my-current-password' },
  });
  fireEvent.submit(document.querySelector('#account-email')!.closest('form')!);
}

const typeCode = async (code: string) => {
  fireEvent.change(await screen.findByRole('textbox', { name: /^Digit 1/ }), {
    target: { value: code },
  });
};

describe('AccountSection e-mail change', () => {
  it('asks for the code sent to the new address, and only then shows the new address', async () => {
    const fetchMock = stubServer({ message: 'Saved', pendingEmail: 'ana.new@example.com' }, [
      {
        status: 400,
        body: {
          code: 'code_invalid',
          message: 'The code is not correct.',
          data: { status: 400, params: { attemptsLeft: 4 } },
        },
      },
      { status: 200, body: { message: 'Changed', email: 'ana.new@example.com' } },
    ]);
    await renderWithRouter(<AccountSection me={me} />);
    await askForNewAddress('ana.new@example.com');

    const heading = await screen.findByRole('heading', { name: 'Confirm your new e-mail address' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText(
        'We sent a 6-digit code to ana.new@example.com. Please enter it here within 10 minutes. Until then, your e-mail address stays ana@example.com.',
      ),
    ).toBeTruthy();

    // An incomplete code is told at the field, without a call.
    fireEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(await screen.findByText('Please enter all 6 digits of the code.')).toBeTruthy();

    await typeCode('111111');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(
      await screen.findByText('The code is not correct. You can try 4 more times.'),
    ).toBeTruthy();

    await typeCode('424242');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    const title = await screen.findByRole('heading', { name: 'E-mail address' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(
      screen.getAllByText('Your e-mail address is now ana.new@example.com.').length,
    ).toBeGreaterThan(0);
    expect(
      (screen.getByRole('textbox', { name: 'E-mail address' }) as HTMLInputElement).value,
    ).toBe('ana.new@example.com');
    const confirmCalls = fetchMock.mock.calls.filter(([url]) =>
      String(url).endsWith('/confirm-email'),
    );
    expect(confirmCalls.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { code: '111111' },
      { code: '424242' },
    ]);
  });

  it('says so in Spanish when the mail is delayed, and goes back to the form on request', async () => {
    await applyLanguage('es');
    stubServer(
      { message: 'Saved', pendingEmail: 'ana.new@example.com', notice: 'mail_delayed' },
      [],
    );
    await renderWithRouter(<AccountSection me={me} />, 'es');
    await askForNewAddress('ana.new@example.com');
    expect(
      await screen.findByRole('heading', { name: 'Confirme su nuevo correo electrónico' }),
    ).toBeTruthy();
    expect(screen.getByText(/Todavía no hemos podido enviar el correo/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usar otra dirección' }));
    const title = await screen.findByRole('heading', { name: 'Correo electrónico' });
    await waitFor(() => expect(document.activeElement).toBe(title));
  });
});
