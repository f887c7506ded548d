import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { MessagesFromSection } from './messages-from-section';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

/** The server: GET answers the stored choice, PATCH stores the new one (or refuses). */
function server(patchAnswer?: Response) {
  let stored = 'connections';
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') {
      if (patchAnswer) return patchAnswer;
      stored = (JSON.parse(String(init.body)) as { messagesFrom: string }).messagesFrom;
      return jsonResponse({ messagesFrom: stored, message: 'Saved.' });
    }
    return jsonResponse({ messagesFrom: stored });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('MessagesFromSection', () => {
  it("shows the member's choice (connections by default) and saves a new one", async () => {
    const fetchMock = server();
    await renderWithRouter(<MessagesFromSection />);
    const connections = await screen.findByRole('radio', { name: 'Only my connections' });
    expect((connections as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radiogroup', { name: 'Who may send me messages?' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Who may message me' })).toBeTruthy();
    const shared = screen.getByRole('radio', { name: 'My connections and members of my groups' });
    expect(document.getElementById(shared.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /at least one group with you/,
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Every member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save: Who may message me' }));
    expect(await screen.findByText('Your choice was saved.')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/messages/settings');
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ messagesFrom: 'everyone' });
    expect((screen.getByRole('radio', { name: 'Every member' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("says a refusal in the member's language", async () => {
    await applyLanguage('de');
    server(jsonResponse({ code: 'internal_error', message: 'Oops', data: { status: 500 } }, 500));
    await renderWithRouter(<MessagesFromSection />, 'de');
    fireEvent.click(await screen.findByRole('radio', { name: 'Alle Mitglieder' }));
    fireEvent.click(screen.getByRole('button', { name: /Wer mir schreiben darf/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Ihre Wahl konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
      ),
    );
  });

  it('says so when the choice cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ code: 'internal_error', message: '', data: { status: 500 } }, 500),
      ),
    );
    await renderWithRouter(<MessagesFromSection />);
    expect(
      await screen.findByText(
        'Your choice could not be loaded. Please reload the page.',
        {},
        {
          timeout: 5_000,
        },
      ),
    ).toBeTruthy();
  });
});
