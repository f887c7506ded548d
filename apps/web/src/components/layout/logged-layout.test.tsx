import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPageTitle } from '../../lib/document-title';
import { applyLanguage } from '../../lib/i18n';
import { notificationKeys } from '../../lib/notifications-api';
import { jsonResponse, useTestConfig } from '../../test/config';
import { renderWithRouter } from '../../test/render-with-router';
import { LoggedLayout } from './logged-layout';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
  setPageTitle('Home – Attune');
});

/** The server: no viewer details needed, and this many unread notifications. */
function serve(unreadCount: number) {
  const fetchMock = vi.fn(async (address: string) =>
    address === '/api/notifications/count'
      ? jsonResponse({ unreadCount })
      : jsonResponse({ data: { viewer: null } }),
  );
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
});
