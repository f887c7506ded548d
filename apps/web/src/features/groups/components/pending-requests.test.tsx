import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingMember } from '@attune/contract';
import { applyLanguage } from '../../../lib/i18n';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { groupFixture } from '../../../test/group-fixtures';
import { renderWithRouter } from '../../../test/render-with-router';
import { PendingRequests } from './pending-requests';

beforeEach(async () => {
  useTestConfig();
  await applyLanguage('en');
});

const group = groupFixture({ status: 'private', standing: 'admin', pendingCount: 2 });
const asking = (id: number, nickname: string): PendingMember => ({
  id,
  nickname,
  name: nickname,
  avatarUrl: null,
  requestedAt: '2026-11-20T09:30:00.000Z',
});

/** The server: the requests waiting, which an answer takes off the list. */
function serve(waiting: PendingMember[]) {
  const fetchMock = vi.fn(async (address: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const { userId } = JSON.parse(String(init.body)) as { userId: number };
      waiting = waiting.filter((member) => member.id !== userId);
      return jsonResponse({
        message: 'Done.',
        group: { ...group, pendingCount: waiting.length },
      });
    }
    if (address.startsWith('/api/pending-members'))
      return jsonResponse({ items: waiting, nextCursor: null });
    return jsonResponse({ items: [], nextCursor: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('PendingRequests', () => {
  it('says when nobody is waiting', async () => {
    serve([]);
    await renderWithRouter(<PendingRequests group={group} language="en" />);
    expect(await screen.findByText('Nobody is waiting to join at the moment.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Requests to join' })).toBeTruthy();
  });

  it('lists who asked and when, with buttons named after each member', async () => {
    const fetchMock = serve([asking(11, 'Anna'), asking(12, 'Jürgen')]);
    await renderWithRouter(<PendingRequests group={group} language="en" />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const anna = within(items[0]!);
    expect(anna.getByRole('link', { name: 'Anna' }).getAttribute('href')).toBe('/en/profile/Anna');
    expect(anna.getByText('Asked on November 20, 2026')).toBeTruthy();
    expect(anna.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Accept Anna',
      'Decline Anna',
    ]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/pending-members?groupId=7');
  });

  it('accepts a request, says so, and moves the focus to the next request', async () => {
    const fetchMock = serve([asking(11, 'Anna'), asking(12, 'Jürgen')]);
    await renderWithRouter(<PendingRequests group={group} language="en" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Anna' }));
    expect(await screen.findByText('Anna is now a member of the group.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/group/manage-pending-requests');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ groupId: 7, userId: 11, action: 'accept' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Accept Jürgen'));
    expect(screen.queryByRole('button', { name: 'Accept Anna' })).toBeNull();
  });

  it('declines the last request and brings the focus to the heading', async () => {
    const fetchMock = serve([asking(12, 'Jürgen')]);
    await renderWithRouter(<PendingRequests group={group} language="en" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline Jürgen' }));
    expect(await screen.findByText('You declined the request of Jürgen.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ groupId: 7, userId: 12, action: 'reject' });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Requests to join' }),
      ),
    );
    expect(screen.getByText('Nobody is waiting to join at the moment.')).toBeTruthy();
  });
});
