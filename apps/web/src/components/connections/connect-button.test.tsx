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

  /** The sections of the connections page a member can be listed in, by heading. */
  const LISTS = { suggested: 'People like you', requested: 'Your requests', found: 'Find members' };
  type Lists = Partial<Record<keyof typeof LISTS, number>>;

  /** The member in one or more lists, with their friend status in each, as the page shows them. */
  function renderLists(first: Lists) {
    const queryClient = new QueryClient();
    const view = (lists: Lists) => (
      <QueryClientProvider client={queryClient}>
        <AppProviders>
          {Object.entries(LISTS).map(([list, heading]) => {
            const status = lists[list as keyof Lists];
            return (
              <section key={list}>
                <h2 tabIndex={-1}>{heading}</h2>
                {status ? <ConnectButton memberId={42} name="Jürgen" isFriend={status} /> : null}
              </section>
            );
          })}
        </AppProviders>
      </QueryClientProvider>
    );
    const rendered = render(view(first));
    return (lists: Lists) => rendered.rerender(view(lists));
  }

  /** The server answers so; the member, in these lists, presses the first button of this name. */
  function pressInLists(first: Lists, buttonName: string, answer: [body: unknown, status: number]) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(...answer)),
    );
    const show = renderLists(first);
    const [pressed] = screen.getAllByRole('button', { name: buttonName });
    pressed!.focus();
    fireEvent.click(pressed!);
    return { show, pressed: pressed! };
  }

  it('gives the focus to the member in the list they moved to, whichever list is read first', async () => {
    const { show, pressed: connect } = pressInLists(
      { suggested: FRIEND_STATUS.notConnected },
      'Connect with Jürgen',
      [{ id: 1 }, 201],
    );
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

  it('prefers the list the member moved to over their search result shown before', async () => {
    // Refused: the member had already accepted, and moves from the requests to the connections.
    const { show } = pressInLists(
      { requested: FRIEND_STATUS.requestSent, found: FRIEND_STATUS.requestSent },
      'Withdraw request to Jürgen',
      [{ code: 'already_connected', message: '', data: { status: 409 } }, 409],
    );
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    // Let the reading again end first (the hardest order: the member's search result may take
    // the focus from then on, but only when no buttons of theirs appeared in another list).
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Every list read at once: the search result changes state, the request goes, and the
    // connection (here in the first section) appears.
    show({ suggested: FRIEND_STATUS.connected, found: FRIEND_STATUS.connected });
    const [moved, found] = screen.getAllByRole('button', { name: 'End connection with Jürgen' });
    await waitFor(() => expect(document.activeElement).toBe(moved));
    expect(found).not.toBe(moved);
    // The reason went with the focus.
    expect(moved!.closest('section')?.querySelector('[role="alert"]')).toBeTruthy();
  });

  it("gives the focus to the member's search result when they left the list they were in", async () => {
    const { show } = pressInLists(
      { requested: FRIEND_STATUS.requestReceived, found: FRIEND_STATUS.requestReceived },
      "Decline Jürgen's request",
      [{ id: 1 }, 200],
    );
    expect(await screen.findByText("You declined Jürgen's request.")).toBeTruthy();
    show({ found: FRIEND_STATUS.notConnected });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Connect with Jürgen'));
  });

  it("returns the focus to the section's heading when the member is on no list any more", async () => {
    const { show } = pressInLists(
      { suggested: FRIEND_STATUS.notConnected },
      'Connect with Jürgen',
      [{ id: 1 }, 201],
    );
    expect(await screen.findByText('Your request was sent to Jürgen.')).toBeTruthy();
    show({});
    await waitFor(() => expect(document.activeElement?.textContent).toBe('People like you'));
  });

  it('says the reason in a snackbar when a refused member is on no list any more', async () => {
    let show: (lists: Lists) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // Meanwhile Jürgen withdrew his request: the lists, read again, no longer hold him.
        show({});
        return jsonResponse(
          { code: 'friend_request_not_found', message: '', data: { status: 404 } },
          404,
        );
      }),
    );
    show = renderLists({ requested: FRIEND_STATUS.requestReceived });
    const accept = screen.getByRole('button', { name: "Accept Jürgen's request" });
    accept.focus();
    fireEvent.click(accept);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'There is no pending connection request between you and this member.',
    );
    // Said once: not also kept for buttons that might show it later.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
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
