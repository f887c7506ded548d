import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationType } from '@attune/contract';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { RegisterFlow } from './register-flow';

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

type Answer = { body: unknown; status?: number } | Error;

/** A fetch stub answering each REST path from a queue of answers. */
function stubApi(answers: Record<string, Answer[]>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input).replace(/^\/api\//, '');
    const answer = answers[path]?.shift();
    if (!answer) throw new Error(`unexpected call to ${String(input)}`);
    if (answer instanceof Error) throw answer;
    return jsonResponse(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const error = (
  code: string,
  message: string,
  status = 400,
  params: Record<string, string | number> = {},
) => ({
  body: { code, message, data: { status, params } },
  status,
});

async function enterEmail(email: string, button = 'Send code') {
  fireEvent.change(screen.getByRole('textbox', { name: /E-mail|E-Mail|Correo/ }), {
    target: { value: email },
  });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('RegisterFlow', () => {
  it("shows the spec's fallback when sending the code fails without a message", async () => {
    stubApi({ send2facode: [new TypeError('offline')] });
    await renderWithRouter(<RegisterFlow language="en" type="regular" />);
    await enterEmail('member@example.com');
    expect(await screen.findByText('Error while creating an account')).toBeTruthy();
  });

  it('shows the translated fallback in Spanish', async () => {
    await applyLanguage('es');
    stubApi({ send2facode: [new TypeError('offline')] });
    await renderWithRouter(<RegisterFlow language="es" type="regular" />, 'es');
    await enterEmail('member@example.com', 'Enviar código');
    expect(await screen.findByText('Error al crear la cuenta')).toBeTruthy();
  });

  it('moves on to the code step and says the mail is delayed when it could not be sent yet', async () => {
    await applyLanguage('de');
    stubApi({ send2facode: [{ body: { message: 'Code sent', notice: 'mail_delayed' } }] });
    await renderWithRouter(<RegisterFlow language="de" type="regular" />, 'de');
    await enterEmail('member@example.com', 'Code senden');
    expect(await screen.findByRole('textbox', { name: /^Ziffer 1/ })).toBeTruthy();
    expect(
      screen.getByText(/Wir konnten die E-Mail noch nicht senden\. Sie kommt etwas später an/),
    ).toBeTruthy();
  });

  /** Answers the e-mail and code steps, then shows the password step. */
  async function reachPasswordStep(
    registerAnswers: Answer[],
    { type = 'regular', language = 'en' }: { type?: RegistrationType; language?: 'en' | 'de' } = {},
  ) {
    const fetchMock = stubApi({
      send2facode: [{ body: { message: 'Code sent' } }],
      validate2facode: [{ body: { message: 'Code valid', nonce: 'n1' } }],
      registeruser: registerAnswers,
    });
    await renderWithRouter(<RegisterFlow language={language} type={type} />, language);
    await enterEmail('member@example.com', language === 'en' ? 'Send code' : 'Code senden');
    fireEvent.change(await screen.findByRole('textbox', { name: /^(Digit|Ziffer) 1/ }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: /^(Confirm code|Code bestätigen)$/ }));
    return fetchMock;
  }

  async function choosePassword(password: string, labels = ['Password', 'Repeat the password']) {
    // The whole label (with the required mark): "Passwort" is also the start of "Passwort wiederholen".
    const label = (text: string | undefined) => new RegExp(`^${text}[\\s*]*$`);
    const field = await screen.findByLabelText(label(labels[0]), { selector: 'input' });
    fireEvent.change(field, { target: { value: password } });
    fireEvent.change(screen.getByLabelText(label(labels[1]), { selector: 'input' }), {
      target: { value: password },
    });
    return field as HTMLInputElement;
  }

  it('walks through code and password, telling the tries left and sending the sign-up type', async () => {
    const fetchMock = stubApi({
      send2facode: [{ body: { message: 'Code sent' } }],
      validate2facode: [
        error('code_invalid', 'This code is not right.', 400, { attemptsLeft: 4 }),
        { body: { message: 'Code valid', nonce: 'n1' } },
      ],
      registeruser: [{ body: { message: 'Created', id: 7 } }],
    });
    await renderWithRouter(<RegisterFlow language="en" type="medel" />);
    await enterEmail('Staff@Example.com ');

    const group = await screen.findByRole('group', { name: '6-digit code' });
    expect(screen.getByText(/We sent a 6-digit code to staff@example.com/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Digit 1 of 6' }), {
      target: { value: '123456' },
    });
    expect(group).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The code is not correct. You can try 4 more times.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await choosePassword('a-long-password');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/registeruser'))).toBe(
        true,
      ),
    );

    const bodyOf = (path: string) =>
      JSON.parse(
        String(fetchMock.mock.calls.find(([url]) => String(url).endsWith(path))?.[1]?.body),
      ) as unknown;
    expect(bodyOf('/send2facode')).toEqual({ email: 'staff@example.com', type: 'medel' });
    expect(bodyOf('/validate2facode')).toEqual({
      email: 'staff@example.com',
      code: '123456',
      is_reset_password: false,
    });
    expect(bodyOf('/registeruser')).toEqual({
      email: 'staff@example.com',
      password: 'a-long-password',
      type: 'medel',
    });
    const register = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/registeruser'));
    expect(register?.[1]?.headers).toMatchObject({ Authorization: 'Bearer register-token' });
  });

  it('shows a too-common password at the password field, marks it invalid and moves the focus there', async () => {
    await reachPasswordStep([
      error('password_too_common', 'This password is too common and easy to guess.'),
    ]);
    const field = await choosePassword('password123');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const text = 'This password is too common and easy to guess. Please choose another one.';
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const description = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(text);
    expect(document.activeElement).toBe(field);
    // Said once, at the field: not again in a box above the form.
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
    expect(screen.getAllByText(text)).toHaveLength(1);

    // Typing a new password takes the refusal away.
    fireEvent.change(field, { target: { value: 'a-much-better-passphrase' } });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('false'));
  });

  it('shows a too-short password from the server at the field in German, with the number', async () => {
    await applyLanguage('de');
    await reachPasswordStep(
      [
        error('password_too_short', 'The password must have at least 12 characters.', 400, {
          min: 12,
        }),
      ],
      { language: 'de' },
    );
    const field = await choosePassword('ten-chars!', ['Passwort', 'Passwort wiederholen']);
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const description = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Das Passwort muss mindestens 12 Zeichen haben.');
    expect(document.activeElement).toBe(field);
  });

  it("shows the spec's registration failure with the reason in the member's language", async () => {
    await applyLanguage('de');
    await reachPasswordStep([error('register_data_invalid', 'Register data or code invalid')], {
      language: 'de',
    });
    await choosePassword('a-long-password', ['Passwort', 'Passwort wiederholen']);
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Registrierung fehlgeschlagen. Bitte versuchen Sie es erneut.' +
          'Registrierungsdaten oder Code ungültig',
      ),
    );
  });

  it('stops a staff sign-up with a non-staff address at the e-mail step and offers member sign-up', async () => {
    const fetchMock = stubApi({
      send2facode: [error('staff_domain_required', 'Staff accounts need …', 403)],
    });
    const { router } = await renderWithRouter(<RegisterFlow language="en" type="medel" />);
    await enterEmail('anna@example.com');

    const field = screen.getByRole('textbox', { name: /E-mail address/ });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(field);
    const description = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(
      'A staff account needs an e-mail address of the manufacturer. Please check the address, or create a member account instead.',
    );
    expect(screen.queryByRole('group', { name: '6-digit code' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const offer = screen.getByRole('link', { name: 'Create a member account with this address' });
    expect(offer.getAttribute('href')).toBe('/en/register/regular');
    fireEvent.click(offer);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/register/regular'));
    expect(router.state.location.state.prefillEmail).toBe('anna@example.com');
  });

  it('starts with the address a refused staff sign-up passed on', async () => {
    await renderWithRouter(
      <RegisterFlow language="en" type="regular" defaultEmail="anna@example.com" />,
    );
    expect(
      (screen.getByRole('textbox', { name: /E-mail address/ }) as HTMLInputElement).value,
    ).toBe('anna@example.com');
  });

  it('tells a rate limit in Spanish with the minutes to wait', async () => {
    await applyLanguage('es');
    stubApi({
      send2facode: [
        error('rate_limited', 'Too many attempts. Please wait 12 minutes.', 429, { minutes: 12 }),
      ],
    });
    await renderWithRouter(<RegisterFlow language="es" type="regular" />, 'es');
    await enterEmail('member@example.com', 'Enviar código');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Demasiados intentos. Espere 12 minutos e inténtelo de nuevo.',
      ),
    );
  });

  it('checks the two passwords match before calling the server', async () => {
    const fetchMock = stubApi({
      send2facode: [{ body: { message: 'Code sent' } }],
      validate2facode: [{ body: { message: 'Code valid', nonce: 'n1' } }],
    });
    await renderWithRouter(<RegisterFlow language="en" type="regular" />);
    await enterEmail('member@example.com');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }), {
      target: { value: '654321' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    fireEvent.change(await screen.findByLabelText(/^Password/, { selector: 'input' }), {
      target: { value: 'a-long-password' },
    });
    fireEvent.change(screen.getByLabelText(/^Repeat the password/, { selector: 'input' }), {
      target: { value: 'another-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
