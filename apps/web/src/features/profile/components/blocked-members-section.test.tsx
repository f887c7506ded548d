import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { renderWithRouter } from '../../../test/render-with-router';
import { BlockedMembersSection } from './blocked-members-section';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const blocked = (databaseId: number, nickname: string) => ({
  databaseId,
  nickname,
  username: `user${databaseId}`,
  avatar: { url: null },
  blockedAt: '2026-11-03T10:00:00.000Z',
});

/** The server: the block list, from which an unblock removes the member. */
function server(initial: ReturnType<typeof blocked>[]) {
  let blocks = initial;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/connection/unblock')) {
      const { userId } = JSON.parse(String(init!.body)) as { userId: number };
      blocks = blocks.filter((member) => member.databaseId !== userId);
      return jsonResponse({ message: 'Member unblocked.' });
    }
    if (url.endsWith('/connection/blocks')) return jsonResponse({ blocks });
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('BlockedMembersSection', () => {
  it('says so in a sentence when nobody is blocked', async () => {
    server([]);
    await renderWithRouter(<BlockedMembersSection language="en" />);
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
  });

  it('lists blocked members; unblocking one moves the focus to the next, the last to the heading', async () => {
    const fetchMock = server([blocked(5, 'Jürgen'), blocked(6, 'Lucía')]);
    await renderWithRouter(<BlockedMembersSection language="en" />);
    const list = await screen.findByRole('list', { name: 'Blocked members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.textContent).toContain('Blocked on November 3, 2026');

    fireEvent.click(screen.getByRole('button', { name: 'Unblock Jürgen' }));
    expect(await screen.findByText('You unblocked Jürgen.')).toBeTruthy();
    const unblockLucia = screen.getByRole('button', { name: 'Unblock Lucía' });
    await waitFor(() => expect(document.activeElement).toBe(unblockLucia));
    const [address, init] = fetchMock.mock.calls.find(([url]) =>
      url.endsWith('/unblock'),
    ) as unknown as [string, RequestInit];
    expect(address).toBe('/api/connection/unblock');
    expect(JSON.parse(String(init.body))).toEqual({ userId: 5 });

    fireEvent.click(unblockLucia);
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Blocked members' }),
      ),
    );
  });

  it('keeps the member listed and says why when the unblock fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/connection/blocks')
          ? jsonResponse({ blocks: [blocked(5, 'Jürgen')] })
          : jsonResponse({ code: 'internal_error', message: '', data: { status: 500 } }, 500),
      ),
    );
    await renderWithRouter(<BlockedMembersSection language="en" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock Jürgen' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Jürgen could not be unblocked. Please try again in a moment.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Unblock Jürgen' })).toBeTruthy();
  });
});
