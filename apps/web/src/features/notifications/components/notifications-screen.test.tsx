import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationOutput } from '@attune/contract';
import { applyLanguage } from '../../../lib/i18n';
import { notificationKeys } from '../../../lib/api/notifications';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { notificationFixture } from '../../../test/notification-fixtures';
import { renderWithRouter } from '../../../test/render-with-router';
import { NotificationsScreen } from './notifications-screen';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const post = { id: 5, slug: 'first-weeks-with-my-ci', title: 'First weeks with my CI' };

/**
 * The server: the member's notifications in pages of `pageSize` (newest first, as given), the
 * unread count, and marking read, which the next reads reflect.
 */
function serve(notifications: NotificationOutput[], pageSize = 20) {
  let stored = notifications.map((one) => ({ ...one }));
  const unreadCount = () => stored.filter((one) => !one.read).length;
  const fetchMock = vi.fn(async (address: string, init?: RequestInit) => {
    const url = new URL(address, 'http://localhost');
    if (url.pathname === '/api/notifications/read') {
      const { ids } = JSON.parse(String(init!.body)) as { ids?: number[] };
      stored = stored.map((one) => (!ids || ids.includes(one.id) ? { ...one, read: true } : one));
      return jsonResponse({ unreadCount: unreadCount() });
    }
    if (url.pathname === '/api/notifications/count')
      return jsonResponse({ unreadCount: unreadCount() });
    if (url.pathname === '/api/notifications') {
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const items = stored.slice(start, start + pageSize);
      const next = start + pageSize < stored.length ? String(start + pageSize) : null;
      return jsonResponse({ items, nextCursor: next, unreadCount: unreadCount() });
    }
    return jsonResponse({ code: 'not_found', message: 'No.', data: { status: 404 } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** A new notification comes in. */
  const add = (notification: NotificationOutput) => {
    stored = [notification, ...stored];
  };
  return Object.assign(fetchMock, { add });
}

const posts = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([address, init]) => [address, JSON.parse(String(init!.body)) as unknown]);

describe('NotificationsScreen', () => {
  it('says calmly that there is nothing yet', async () => {
    serve([]);
    await renderWithRouter(<NotificationsScreen language="en" />);
    expect(
      await screen.findByText(
        'Nothing new. When members answer you, ask to connect or write in your groups, you will see it here.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists each notification as a sentence linking to what it is about, "New" on unread ones', async () => {
    serve([
      notificationFixture({ id: 2, kind: 'comment_on_my_post', post }),
      notificationFixture({ id: 1, kind: 'friend_request', read: true }),
    ]);
    await renderWithRouter(<NotificationsScreen language="en" />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);

    const first = within(items[0]!);
    const link = first.getByRole('link', {
      name: 'Anna Huber commented on your post “First weeks with my CI”.',
    });
    expect(link.getAttribute('href')).toBe('/en/post/first-weeks-with-my-ci');
    // The marker is a word, and the link's description.
    expect(first.getByText('New')).toBeTruthy();
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe(
      'New',
    );
    expect(first.getByText('March 5, 2024').getAttribute('datetime')).toBe(
      '2024-03-05T09:30:00.000Z',
    );

    const second = within(items[1]!);
    expect(
      second
        .getByRole('link', { name: 'Anna Huber asked to connect with you.' })
        .getAttribute('href'),
    ).toBe('/en/connections');
    expect(second.queryByText('New')).toBeNull();
    expect(screen.getByText('You have 1 new notification.')).toBeTruthy();
  });

  it('gives no link to a post that is no longer available', async () => {
    serve([notificationFixture({ kind: 'mention', actor: null, post: null })]);
    await renderWithRouter(<NotificationsScreen language="en" />);
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain(
      'A member mentioned you in a post that is no longer available.',
    );
    expect(within(item).queryByRole('link')).toBeNull();
  });

  it('marks a notification read when its link is activated, then goes there', async () => {
    const fetchMock = serve([
      notificationFixture({
        id: 9,
        kind: 'group_membership_request',
        group: { id: 7, slug: 'tinnitus-talk', name: 'Tinnitus talk' },
      }),
    ]);
    const { queryClient } = await renderWithRouter(<NotificationsScreen language="en" />);
    const link = await screen.findByRole('link', {
      name: 'Anna Huber asks to join your group “Tinnitus talk”.',
    });
    expect(link.getAttribute('href')).toBe('/en/groups/tinnitus-talk?tab=manage');
    fireEvent.click(link);
    expect(await screen.findByTestId('navigated')).toBeTruthy();
    await waitFor(() =>
      expect(posts(fetchMock)).toEqual([['/api/notifications/read', { ids: [9] }]]),
    );
    // The header's count follows, though the page is gone.
    await waitFor(() =>
      expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 0 }),
    );
  });

  it('does not mark a read notification again', async () => {
    const fetchMock = serve([notificationFixture({ id: 4, read: true })]);
    await renderWithRouter(<NotificationsScreen language="en" />);
    fireEvent.click(
      await screen.findByRole('link', { name: 'Anna Huber asked to connect with you.' }),
    );
    expect(await screen.findByTestId('navigated')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('marks all as read, says so, and brings the focus to the heading', async () => {
    const fetchMock = serve([
      notificationFixture({ id: 3, kind: 'mention', post }),
      notificationFixture({ id: 2, kind: 'friend_accepted' }),
      notificationFixture({ id: 1, read: true }),
    ]);
    await renderWithRouter(<NotificationsScreen language="en" />);
    expect(await screen.findAllByText('New')).toHaveLength(2);
    expect(screen.getByText('You have 2 new notifications.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All your notifications are marked as read.')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([['/api/notifications/read', {}]]);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'Notifications' }),
      ),
    );
    expect(screen.queryByText('New')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(screen.getByText('You have read all your notifications.')).toBeTruthy();
  });

  it('reads the list again when the unread count rises while it is open', async () => {
    const server = serve([notificationFixture({ id: 1, read: true })]);
    const { queryClient } = await renderWithRouter(<NotificationsScreen language="en" />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    server.add(notificationFixture({ id: 2, kind: 'mention', post }));
    // What the header's polling does.
    await act(() => queryClient.refetchQueries({ queryKey: notificationKeys.count() }));
    expect(
      await screen.findByRole('link', {
        name: 'Anna Huber mentioned you in “First weeks with my CI”.',
      }),
    ).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the next page with "Show more notifications"', async () => {
    const fetchMock = serve(
      [3, 2, 1].map((id) => notificationFixture({ id, read: true })),
      2,
    );
    await renderWithRouter(<NotificationsScreen language="en" />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show more notifications' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(fetchMock.mock.calls.map(([address]) => address)).toContain(
      '/api/notifications?cursor=2',
    );
    expect(screen.queryByRole('button', { name: 'Show more notifications' })).toBeNull();
  });
});
