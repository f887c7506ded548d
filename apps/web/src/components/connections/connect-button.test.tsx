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

  /** The member in one or two lists (sections), as the connections page shows them. */
  function renderLists() {
    const queryClient = new QueryClient();
    const view = (lists: { suggested?: number; requested?: number }) => (
      <QueryClientProvider client={queryClient}>
        <AppProviders>
          <section>
            <h2 tabIndex={-1}>People like you</h2>
            {lists.suggested ? (
              <ConnectButton memberId={42} name="Jürgen" isFriend={lists.suggested} />
            ) : null}
          </section>
          <section>
            <h2 tabIndex={-1}>Your requests</h2>
            {lists.requested ? (
              <ConnectButton memberId={42} name="Jürgen" isFriend={lists.requested} />
            ) : null}
          </section>
        </AppProviders>
      </QueryClientProvider>
    );
    const rendered = render(view({ suggested: FRIEND_STATUS.notConnected }));
    return (lists: Parameters<typeof view>[0]) => rendered.rerender(view(lists));
  }

  it('gives the focus to the member in the list they moved to, whichever list is read first', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ id: 1 }, 201)),
    );
    const show = renderLists();
    const connect = screen.getByRole('button', { name: 'Connect with Jürgen' });
    connect.focus();
    fireEvent.click(connect);
    expect(await screen.findByText('Your request was sent to Jürgen.')).toBeTruthy();
    // The requests were read again first: the member is in both lists for a moment.
    show({ suggested: FRIEND_STATUS.notConnected, requested: FRIEND_STATUS.requestSent });
    expect(document.activeElement).toBe(connect);
    // Then the suggestions: the buttons that acted go, the ones in the other list take the focus.
    show({ requested: FRIEND_STATUS.requestSent });
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Withdraw request to Jürgen'),
    );
  });

  it("returns the focus to the section's heading when the member is on no list any more", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ id: 1 }, 201)),
    );
    const show = renderLists();
    const connect = screen.getByRole('button', { name: 'Connect with Jürgen' });
    connect.focus();
    fireEvent.click(connect);
    expect(await screen.findByText('Your request was sent to Jürgen.')).toBeTruthy();
    show({});
    await waitFor(() => expect(document.activeElement?.textContent).toBe('People like you'));
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
