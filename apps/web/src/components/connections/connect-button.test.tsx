import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRIEND_STATUS } from '@attune/contract';
import { AppProviders } from '../../app';
import { initI18n, loadNamespaces } from '../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../test/config';
import { ConnectButton } from './connect-button';

beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(['connections']);
});
beforeEach(() => useTestConfig());
afterEach(() => vi.unstubAllGlobals());

function renderButton(isFriend: number) {
  const queryClient = new QueryClient();
  const view = (status: number) => (
    <QueryClientProvider client={queryClient}>
      <AppProviders>
        <ConnectButton memberId={42} name="Jürgen" isFriend={status} />
      </AppProviders>
    </QueryClientProvider>
  );
  const rendered = render(view(isFriend));
  return { rerender: (status: number) => rendered.rerender(view(status)) };
}

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('ConnectButton', () => {
  it('offers what each state allows, named after the member', () => {
    const { rerender } = renderButton(FRIEND_STATUS.notConnected);
    expect(buttonNames()).toEqual(['Connect with Jürgen']);
    rerender(FRIEND_STATUS.requestSent);
    expect(buttonNames()).toEqual(['Withdraw request to Jürgen']);
    rerender(FRIEND_STATUS.requestReceived);
    expect(buttonNames()).toEqual(["Accept Jürgen's request", "Decline Jürgen's request"]);
    rerender(FRIEND_STATUS.connected);
    expect(buttonNames()).toEqual(['End connection with Jürgen']);
  });

  it("sends a request in BuddyPress's shape, says so, and keeps the focus on the new state's button", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ id: 1 }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const { rerender } = renderButton(FRIEND_STATUS.notConnected);
    const connect = screen.getByRole('button', { name: 'Connect with Jürgen' });
    connect.focus();
    fireEvent.click(connect);
    expect(await screen.findByText('Your request was sent to Jürgen.')).toBeTruthy();
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/social/friends');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ friend_id: 42 });

    // The profile read again says the request is pending.
    rerender(FRIEND_STATUS.requestSent);
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Withdraw request to Jürgen'),
    );
  });

  it('asks before ending a connection, and sends nothing when the member keeps it', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ deleted: true }));
    vi.stubGlobal('fetch', fetchMock);
    renderButton(FRIEND_STATUS.connected);
    fireEvent.click(screen.getByRole('button', { name: 'End connection with Jürgen' }));
    expect(
      await screen.findByRole('dialog', { name: 'End your connection with Jürgen?' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep connection' }));
    expect(fetchMock).not.toHaveBeenCalled();

    // Once the dialog has closed, the page is reachable again.
    fireEvent.click(await screen.findByRole('button', { name: 'End connection with Jürgen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'End connection' }));
    expect(await screen.findByText('You are no longer connected with Jürgen.')).toBeTruthy();
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/social/friends/42');
    expect(init.method).toBe('DELETE');
  });

  it('tells the member in words, beside the buttons, when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ code: 'friend_request_exists', message: '', data: { status: 409 } }, 409),
      ),
    );
    renderButton(FRIEND_STATUS.notConnected);
    const connect = screen.getByRole('button', { name: 'Connect with Jürgen' });
    fireEvent.click(connect);
    const alert = await screen.findByRole('alert');
    // The code's own text, and the buttons point at it.
    expect(alert.textContent).toBe(
      'You already sent this member a connection request. It is waiting for their answer.',
    );
    expect(screen.getByRole('group').getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('falls back to a calm general text when no answer explains the failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ code: 'server_error', message: '', data: { status: 500 } }, 500),
      ),
    );
    renderButton(FRIEND_STATUS.requestReceived);
    fireEvent.click(screen.getByRole('button', { name: "Accept Jürgen's request" }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That did not work. Please try again in a moment.',
    );
  });
});
