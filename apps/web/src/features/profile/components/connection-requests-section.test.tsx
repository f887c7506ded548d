import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { ConnectionRequestsSection } from './connection-requests-section';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

/** The server: GET answers the stored choice, PATCH stores the new one (or refuses). */
function server(patchAnswer?: Response) {
  let stored = 'everyone';
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') {
      if (patchAnswer) return patchAnswer;
      stored = (JSON.parse(String(init.body)) as { requestsFrom: string }).requestsFrom;
      return jsonResponse({ requestsFrom: stored, message: 'Saved.' });
    }
    return jsonResponse({ requestsFrom: stored });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ConnectionRequestsSection', () => {
  it("shows the member's choice, and saves a new one with its own button", async () => {
    const fetchMock = server();
    await renderWithRouter(<ConnectionRequestsSection />);
    const everyone = await screen.findByRole('radio', { name: 'Everyone' });
    expect((everyone as HTMLInputElement).checked).toBe(true);
    const group = screen.getByRole('radiogroup', { name: 'Who may send me connection requests?' });
    expect(group).toBeTruthy();
    // The option about groups says who that is.
    const shared = screen.getByRole('radio', { name: 'Only members who share a group with me' });
    expect(document.getElementById(shared.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /at least one group with you/,
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Nobody' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save: Connection requests' }));
    expect(await screen.findByText('Your choice was saved.')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/connection/settings');
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ requestsFrom: 'nobody' });
    expect((screen.getByRole('radio', { name: 'Nobody' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says in an alert when the choice could not be saved', async () => {
    server(jsonResponse({ code: 'internal_error', message: '', data: { status: 500 } }, 500));
    await renderWithRouter(<ConnectionRequestsSection />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Nobody' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save: Connection requests' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Your choice could not be saved. Please try again.',
      ),
    );
  });
});
