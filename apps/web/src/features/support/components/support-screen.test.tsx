import { Suspense } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_FORM_IDS, SUPPORT_FORM_NAMES, type Language } from '@attune/contract';
import { clearAuthToken, writeAuthToken } from '../../../lib/auth-token';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { SupportScreen } from './support-screen';

/** A JWT-shaped token that stays valid for an hour, so no refresh is attempted. */
function validToken(): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}

const forms = (language: Language) =>
  SUPPORT_FORM_IDS.map((id) => ({ id, name: SUPPORT_FORM_NAMES[id][language] }));

const viewer = {
  id: 'dXNlcjo3',
  databaseId: 7,
  nickname: 'Ana Ruiz',
  username: 'ana7',
  email: 'ana@example.com',
  capabilities: [],
  roles: ['member'],
  avatar: { url: null },
  completedSetup: true,
  extendedProfile: [],
  jwtAuthExpiration: '0',
};

/** Answers the support calls (and the viewer query); `contact` answers the request. */
function serve(language: Language, contact: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const address = String(input);
    if (address.endsWith('/support/form-ids')) return jsonResponse(forms(language));
    if (address.endsWith('/support/contact')) return contact();
    if (address.endsWith('/graphql')) return jsonResponse({ data: { viewer } });
    throw new Error(`Unexpected call to ${address}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const contactCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([input]) =>
    String(input).endsWith('/support/contact'),
  ) as unknown as [string, RequestInit][];

async function renderScreen(language: Language, page: 'support' | 'contact' = 'contact') {
  await applyLanguage(language);
  await renderWithRouter(
    <Suspense fallback={<p>loading</p>}>
      <SupportScreen language={language} page={page} />
    </Suspense>,
    language,
  );
  return screen.findByRole('form');
}

const described = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

beforeEach(() => {
  useTestConfig();
  clearAuthToken();
});

afterEach(async () => {
  await applyLanguage('en');
});

describe('SupportScreen', () => {
  it('offers the server’s forms, the FAQ, and a hidden field no keyboard or screen reader reaches', async () => {
    serve('en', () => jsonResponse({}, 500));
    const form = await renderScreen('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact support' })).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Read the frequently asked questions' })
        .getAttribute('href'),
    ).toBe('/en/faq');
    const topics = within(form).getByRole('radiogroup', { name: 'What is your request about?' });
    expect(
      within(topics)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(forms('en').map((one) => one.name));
    expect(within(topics).getByRole('radio', { name: 'General question' })).toHaveProperty(
      'checked',
      true,
    );
    expect(described(within(form).getByRole('textbox', { name: /Your message/ }))).toContain(
      'Written so far: 0 of at most 5000.',
    );

    const honeypot = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(form).queryByRole('textbox', { name: 'Leave this empty' })).toBeNull();
    expect(
      within(form)
        .getAllByRole('textbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['name', 'email', 'message']);
  });

  it('checks the fields before sending, in the member’s language, and focuses the first problem', async () => {
    const fetchMock = serve('de', () => jsonResponse({}, 500));
    const form = await renderScreen('de');
    fireEvent.click(within(form).getByRole('button', { name: 'Anfrage senden' }));
    const name = within(form).getByRole('textbox', { name: /Ihr Name/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(described(name)).toBe('Bitte geben Sie Ihren Namen ein.');
    const email = within(form).getByRole('textbox', { name: /Ihre E-Mail-Adresse/ });
    expect(described(email)).toBe(
      'Bitte geben Sie Ihre E-Mail-Adresse ein, damit wir Ihnen antworten können.',
    );
    const message = within(form).getByRole('textbox', { name: /Ihre Nachricht/ });
    expect(described(message)).toContain('Bitte schreiben Sie etwas mehr: mindestens 10 Zeichen.');

    // Once shown, the problems follow the typing.
    fireEvent.change(name, { target: { value: 'Jürgen' } });
    fireEvent.change(email, { target: { value: 'juergen@' } });
    fireEvent.change(message, { target: { value: 'Kurz' } });
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(described(email)).toBe(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel.de.',
    );
    expect(described(message)).toContain('Bisher: 4 von höchstens 5000.');
    fireEvent.click(within(form).getByRole('button', { name: 'Anfrage senden' }));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(contactCalls(fetchMock)).toEqual([]);
  });

  it('sends the request and puts the confirmation with its reference in the form’s place', async () => {
    const fetchMock = serve('de', () =>
      jsonResponse(
        { message: 'Danke. Wir haben Ihre Anfrage erhalten.', reference: 'AT-000012' },
        201,
      ),
    );
    const form = await renderScreen('de');
    fireEvent.click(within(form).getByRole('radio', { name: 'Datenschutz-Anfrage (meine Daten)' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Ihr Name/ }), {
      target: { value: ' Jürgen ' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Ihre E-Mail-Adresse/ }), {
      target: { value: 'juergen@example.com' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Ihre Nachricht/ }), {
      target: { value: 'Bitte löschen Sie meine Daten.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Anfrage senden' }));

    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Ihre Anfrage ist gesendet',
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Danke. Wir haben Ihre Anfrage erhalten.')).toBeTruthy();
    expect(screen.getByText('AT-000012')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' }).getAttribute('href')).toBe(
      '/de/login',
    );

    const [[address, init]] = contactCalls(fetchMock) as [[string, RequestInit]];
    expect(address).toBe('/api/support/contact');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Accept-Language')).toBe('de');
    expect(new Headers(init.headers).get('Authorization')).toBeNull();
    expect(JSON.parse(String(init.body))).toEqual({
      formId: 'privacy',
      name: 'Jürgen',
      email: 'juergen@example.com',
      message: 'Bitte löschen Sie meine Daten.',
    });
  });

  it('fills in a signed-in member’s name and address and sends their token along', async () => {
    writeAuthToken(validToken());
    const fetchMock = serve('es', () =>
      jsonResponse({ message: 'Gracias.', reference: 'AT-000013' }, 201),
    );
    await renderScreen('es', 'support');
    expect(screen.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeTruthy();
    // The form takes the member once the viewer query has them (in the app, the auth check did).
    await waitFor(() =>
      expect(
        within(screen.getByRole('form')).getByRole('textbox', { name: /Su nombre/ }),
      ).toHaveProperty('value', 'Ana Ruiz'),
    );
    expect(
      within(screen.getByRole('form')).getByRole('textbox', { name: /Su correo electrónico/ }),
    ).toHaveProperty('value', 'ana@example.com');
    fireEvent.change(
      within(screen.getByRole('form')).getByRole('textbox', { name: /Su mensaje/ }),
      {
        target: { value: 'No puedo subir mi foto.' },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    await screen.findByRole('heading', { level: 2, name: 'Su solicitud se ha enviado' });
    const [[, init]] = contactCalls(fetchMock) as [[string, RequestInit]];
    expect(new Headers(init.headers).get('Authorization')).toMatch(/^Bearer /);
    expect(
      screen.getByRole('link', { name: 'Ir a la página de inicio' }).getAttribute('href'),
    ).toBe('/es');
  });

  it('shows a refused field at the field, and other refusals above the button', async () => {
    const answers = [
      jsonResponse(
        {
          code: 'validation_failed',
          message: 'Bad',
          data: { status: 400, params: { field: 'email' } },
        },
        400,
      ),
      jsonResponse(
        { code: 'rate_limited', message: 'Wait', data: { status: 429, params: { minutes: 42 } } },
        429,
      ),
    ];
    serve('en', () => answers.shift()!);
    const form = await renderScreen('en');
    fireEvent.change(within(form).getByRole('textbox', { name: /Your name/ }), {
      target: { value: 'Ana' },
    });
    const email = within(form).getByRole('textbox', { name: /Your e-mail address/ });
    fireEvent.change(email, { target: { value: 'ana@example.com' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Your message/ }), {
      target: { value: 'The captions do not show.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(described(email)).toBe(
      'Please enter a valid e-mail address, for example name@example.com.',
    );

    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Too many attempts. Please wait 42 minutes and try again.',
      ),
    );
  });
});
