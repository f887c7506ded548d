import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPageTitle } from '../../lib/document-title';
import { applyLanguage } from '../../lib/i18n';
import { liveKeys } from '../../lib/live-counts';
import { notificationKeys } from '../../lib/api/notifications';
import { jsonResponse, useTestConfig } from '../../test/config';
import { renderWithRouter } from '../../test/render-with-router';
import { LoggedLayout } from './logged-layout';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
  setPageTitle('Home – Attune');
});

/** The server: no viewer details needed, this many unread notifications and messages. */
function serve(unreadCount: number, messagesUnread = 0) {
  const fetchMock = vi.fn(async (address: string) => {
    if (address === '/api/notifications/count') return jsonResponse({ unreadCount });
    if (address === '/api/live/counts') {
      return jsonResponse({ messagesUnread, notificationsUnread: unreadCount });
    }
    return jsonResponse({ data: { viewer: null } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('LoggedLayout', () => {
  it('names the unread count in the notifications link and puts it before the tab title', async () => {
    serve(3);
    const { queryClient, unmount } = await renderWithRouter(
      <LoggedLayout language="en">
        <p>Page</p>
      </LoggedLayout>,
    );
    const link = await screen.findByRole('link', { name: 'Notifications, 3 new' });
    expect(link.getAttribute('href')).toBe('/en/notifications');
    expect(document.title).toBe('(3) Home – Attune');

    // More came in while the page is open: the link and the title follow, silently.
    act(() => queryClient.setQueryData(notificationKeys.count(), { unreadCount: 5 }));
    expect(await screen.findByRole('link', { name: 'Notifications, 5 new' })).toBeTruthy();
    expect(document.title).toBe('(5) Home – Attune');

    // All read: the plain name and title.
    act(() => queryClient.setQueryData(notificationKeys.count(), { unreadCount: 0 }));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(document.title).toBe('Home – Attune');

    act(() => queryClient.setQueryData(notificationKeys.count(), { unreadCount: 1 }));
    await waitFor(() => expect(document.title).toBe('(1) Home – Attune'));
    unmount();
    expect(document.title).toBe('Home – Attune');
  });

  it('keeps the count when a page sets its own title', async () => {
    serve(2);
    await renderWithRouter(
      <LoggedLayout language="en">
        <p>Page</p>
      </LoggedLayout>,
    );
    await screen.findByRole('link', { name: 'Notifications, 2 new' });
    setPageTitle('Groups – Attune');
    expect(document.title).toBe('(2) Groups – Attune');
  });

  it('names the unread messages in the chat link, and the tab title shows both counts', async () => {
    serve(2, 3);
    const { queryClient } = await renderWithRouter(
      <LoggedLayout language="en">
        <p>Page</p>
      </LoggedLayout>,
    );
    const chat = await screen.findByRole('link', { name: 'Chat, 3 unread messages' });
    expect(chat.getAttribute('href')).toBe('/en/chat');
    await waitFor(() => expect(document.title).toBe('(5) Home – Attune'));

    // A live `counts` event writes the cache; the header follows.
    act(() =>
      queryClient.setQueryData(liveKeys.counts(), { messagesUnread: 0, notificationsUnread: 2 }),
    );
    expect(await screen.findByRole('link', { name: 'Chat' })).toBeTruthy();
    expect(document.title).toBe('(2) Home – Attune');
  });

  it('marks a badge for a moment when its count goes up, not when the page opens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serve(1, 1);
      const { queryClient } = await renderWithRouter(
        <LoggedLayout language="en">
          <p>Page</p>
        </LoggedLayout>,
      );
      const chat = await screen.findByRole('link', { name: 'Chat, 1 unread message' });
      const marked = () => chat.querySelector('[data-new-activity]');
      expect(marked()).toBeNull();

      act(() =>
        queryClient.setQueryData(liveKeys.counts(), { messagesUnread: 2, notificationsUnread: 1 }),
      );
      await screen.findByRole('link', { name: 'Chat, 2 unread messages' });
      expect(marked()).not.toBeNull();
      act(() => vi.advanceTimersByTime(3_000));
      expect(marked()).toBeNull();

      // Fewer (read elsewhere): no cue.
      act(() =>
        queryClient.setQueryData(liveKeys.counts(), { messagesUnread: 1, notificationsUnread: 1 }),
      );
      await screen.findByRole('link', { name: 'Chat, 1 unread message' });
      expect(marked()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
