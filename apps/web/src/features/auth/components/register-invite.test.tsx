import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { RegisterFlow } from './register-flow';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const TOKEN = 'invitation-token-0123456789';

/** The server: the invitation (or none), then the sign-up calls. */
function server(
  invitation: Response,
  registerAnswer = jsonResponse({ message: 'Created', id: 7 }),
) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === `/api/invitations/${TOKEN}`) return invitation.clone();
    if (url.endsWith('/send2facode')) return jsonResponse({ message: 'Code sent' });
    if (url.endsWith('/validate2facode'))
      return jsonResponse({ message: 'Code valid', nonce: 'n' });
    if (url.endsWith('/registeruser')) return registerAnswer.clone();
    // Signing in afterwards is not what these tests look at.
    throw new TypeError('offline');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const emailField = () => screen.getByRole('textbox', { name: /E-mail/i }) as HTMLInputElement;

async function throughCodeAndPassword() {
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  fireEvent.change(await screen.findByRole('textbox', { name: /^Digit 1/ }), {
    target: { value: '123456' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
  const label = (text: string) => new RegExp(`^${text}[\\s*]*$`);
  fireEvent.change(await screen.findByLabelText(label('Password'), { selector: 'input' }), {
    target: { value: 'a-long-password' },
  });
  fireEvent.change(screen.getByLabelText(label('Repeat the password'), { selector: 'input' }), {
    target: { value: 'a-long-password' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

const registerBody = (fetchMock: ReturnType<typeof server>) => {
  const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/registeruser')) as unknown as [
    string,
    RequestInit,
  ];
  return JSON.parse(String(call[1].body)) as Record<string, unknown>;
};

describe('RegisterFlow with an invitation', () => {
  it('fills in the invited address, read-only, names the role, and sends the token', async () => {
    const fetchMock = server(
      jsonResponse({ email: 'invited@example.com', role: 'mentor', language: 'en' }),
    );
    await renderWithRouter(<RegisterFlow language="en" type="regular" invite={TOKEN} />);
    await waitFor(() => expect(emailField().value).toBe('invited@example.com'));
    expect(emailField().readOnly).toBe(true);
    expect(screen.getByText(/You were invited as a mentor\./)).toBeTruthy();

    await throughCodeAndPassword();
    await waitFor(() => expect(registerBody(fetchMock)).toBeTruthy());
    expect(registerBody(fetchMock)).toEqual({
      email: 'invited@example.com',
      password: 'a-long-password',
      type: 'regular',
      invite: TOKEN,
    });
  });

  it('says a link that no longer works does not, and lets the person sign up without it', async () => {
    const fetchMock = server(
      jsonResponse({ code: 'not_found', message: '', data: { status: 404 } }, 404),
    );
    await renderWithRouter(<RegisterFlow language="en" type="regular" invite={TOKEN} />);
    expect(await screen.findByText(/This invitation link no longer works/)).toBeTruthy();
    expect(screen.getByText(/You can still create an account below/)).toBeTruthy();
    expect(emailField().readOnly).toBe(false);
    fireEvent.change(emailField(), { target: { value: 'someone@example.com' } });
    await throughCodeAndPassword();
    await waitFor(() => expect(registerBody(fetchMock)).toBeTruthy());
    expect(registerBody(fetchMock)).not.toHaveProperty('invite');
  });

  it('says so in German when the invitation stopped working at sign-up, and the next try goes without it', async () => {
    await applyLanguage('de');
    const fetchMock = server(
      jsonResponse({ email: 'eingeladen@example.com', role: 'member', language: 'de' }),
      jsonResponse({ code: 'invitation_invalid', message: '', data: { status: 400 } }, 400),
    );
    await renderWithRouter(<RegisterFlow language="de" type="regular" invite={TOKEN} />, 'de');
    await waitFor(() => expect(emailField().value).toBe('eingeladen@example.com'));
    expect(screen.getByText(/Sie wurden eingeladen als Mitglied\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Code senden' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /^Ziffer 1/ }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Code bestätigen' }));
    const label = (text: string) => new RegExp(`^${text}[\\s*]*$`);
    fireEvent.change(await screen.findByLabelText(label('Passwort'), { selector: 'input' }), {
      target: { value: 'a-long-password' },
    });
    fireEvent.change(screen.getByLabelText(label('Passwort wiederholen'), { selector: 'input' }), {
      target: { value: 'a-long-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText(/Dieser Einladungslink funktioniert nicht mehr/)).toBeTruthy();
    expect(registerBody(fetchMock)).toHaveProperty('invite', TOKEN);
  });
});
