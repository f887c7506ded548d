import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslationEntry } from '@attune/contract';
import { clearAuthToken, writeAuthToken } from '../../../lib/auth-token';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { TranslationsEditor } from './translations-editor';

/** A JWT-shaped token that stays valid for an hour, so no refresh is attempted. */
function validToken(): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}

const ENTRIES: TranslationEntry[] = [
  {
    key: 'layout:footer.contact',
    english: 'Contact',
    bundled: 'Kontakt',
    override: null,
  },
  {
    key: 'layout:header.notificationsCount_other',
    english: 'Notifications, {{count}} new',
    bundled: 'Benachrichtigungen, {{count}} neu',
    override: 'Mitteilungen: {{count}} neu',
  },
];

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** Answers the translations editor's calls; `put` answers a save. */
function serve(put: (body: unknown) => Response = (body) => jsonResponse(body)) {
  const calls: Call[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url.pathname !== '/api/translation/internal')
      throw new Error(`Unexpected call to ${url.href}`);
    if (method === 'GET') return jsonResponse({ entries: ENTRIES });
    if (method === 'PUT') return put(body);
    if (method === 'DELETE')
      return jsonResponse({ language: 'de', key: url.searchParams.get('key'), value: 'x' });
    throw new Error(`Unexpected ${method}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const row = async (key: string) =>
  (await screen.findByRole('heading', { level: 2, name: key })).closest('li') as HTMLElement;

beforeEach(() => {
  useTestConfig();
  writeAuthToken(validToken());
});

afterEach(async () => {
  clearAuthToken();
  await applyLanguage('en');
});

describe('TranslationsEditor', () => {
  it('tells staff without the right that this part is not theirs, and asks nothing', async () => {
    const calls = serve();
    await renderWithRouter(<TranslationsEditor language="en" roles={['area_manager']} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'This part is not available to you' }),
    ).toBeTruthy();
    expect(screen.getByText('Changing the texts of the app is for administrators.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows each key with its English, shipped and current text', async () => {
    serve();
    await applyLanguage('de');
    await renderWithRouter(<TranslationsEditor language="de" roles={['super_admin']} />, 'de');
    const contact = await row('layout:footer.contact');
    expect(within(contact).getByText('Contact')).toBeTruthy();
    expect(within(contact).getByText('Kontakt')).toBeTruthy();
    expect(within(contact).getByText('Der mitgelieferte Text')).toBeTruthy();
    expect(within(contact).getByRole('textbox', { name: 'Ihr Text auf Deutsch' })).toHaveProperty(
      'value',
      '',
    );
    // Only an overridden key offers going back.
    expect(
      within(contact).queryByRole('button', { name: /Mitgelieferten Text verwenden/ }),
    ).toBeNull();
    const count = await row('layout:header.notificationsCount_other');
    expect(within(count).getByRole('textbox', { name: 'Ihr Text auf Deutsch' })).toHaveProperty(
      'value',
      'Mitteilungen: {{count}} neu',
    );
    expect(screen.getByRole('status').textContent).toBe('2 Texte angezeigt');
  });

  it('keeps a text without the placeholders from being sent, and says so at the field', async () => {
    const calls = serve();
    await renderWithRouter(<TranslationsEditor language="en" roles={['super_admin']} />);
    const count = await row('layout:header.notificationsCount_other');
    const field = within(count).getByRole('textbox', { name: 'Your text in English' });
    fireEvent.change(field, { target: { value: 'New notifications' } });
    fireEvent.click(
      within(count).getByRole('button', {
        name: 'Save layout:header.notificationsCount_other',
      }),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please keep these placeholders in your text: {{count}}',
    );
    expect(document.activeElement).toBe(field);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('saves a text and resets one to the shipped text', async () => {
    const calls = serve();
    await renderWithRouter(<TranslationsEditor language="de" roles={['super_admin']} />);
    const contact = await row('layout:footer.contact');
    fireEvent.change(within(contact).getByRole('textbox'), {
      target: { value: 'Schreiben Sie uns' },
    });
    fireEvent.click(within(contact).getByRole('button', { name: 'Save layout:footer.contact' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { language: 'de', key: 'layout:footer.contact', value: 'Schreiben Sie uns' },
      ]),
    );
    expect(
      await screen.findByText('Saved. Members see the new text the next time they open Attune.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(contact).getByText('Schreiben Sie uns', { selector: 'dd' })).toBeTruthy(),
    );

    const count = await row('layout:header.notificationsCount_other');
    fireEvent.click(
      within(count).getByRole('button', {
        name: 'Use the shipped text for layout:header.notificationsCount_other',
      }),
    );
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.method === 'DELETE')
          .map((call) => Object.fromEntries(call.url.searchParams)),
      ).toEqual([{ language: 'de', key: 'layout:header.notificationsCount_other' }]),
    );
    await waitFor(() => expect(within(count).getByRole('textbox')).toHaveProperty('value', ''));
  });

  it('shows a refusal from the server at the field, in the member’s language', async () => {
    serve(() =>
      jsonResponse(
        {
          code: 'validation_failed',
          message: 'The text must keep these placeholders: {{count}}.',
          data: { status: 400, params: { field: 'value' } },
        },
        400,
      ),
    );
    await applyLanguage('es');
    await renderWithRouter(<TranslationsEditor language="es" roles={['super_admin']} />, 'es');
    const contact = await row('layout:footer.contact');
    const field = within(contact).getByRole('textbox', { name: 'Su texto en Español' });
    fireEvent.change(field, { target: { value: 'Escríbanos' } });
    fireEvent.click(within(contact).getByRole('button', { name: 'Guardar layout:footer.contact' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(field.getAttribute('aria-describedby')!)?.textContent;
    expect(described).not.toContain('placeholders');
    expect(described).toMatch(/[áéíóúñ]|Revise|Algunos/);
    expect(document.activeElement).toBe(field);
  });
});
