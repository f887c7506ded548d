import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveCounts } from '@attune/contract';
import { messageFixture, threadFixture, threadPage } from '../test/chat-fixtures';
import {
  applyThreadRead,
  chatKeys,
  newClientId,
  withMessage,
  withReadMarker,
  type InboxData,
  type ThreadData,
} from './api/chat';
import { liveKeys } from './live-counts';

const cached = (...pages: ReturnType<typeof threadPage>[]): ThreadData => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? undefined : String(index))),
});

describe('chat cache', () => {
  it('adds a live message first (newest first), once, and replaces one it already holds', () => {
    const data = cached(
      threadPage([messageFixture({ id: 5 }), messageFixture({ id: 4 })]),
      threadPage([messageFixture({ id: 2 })]),
    );
    const added = withMessage(data, messageFixture({ id: 6 }))!;
    expect(added.pages[0]!.messages.map((one) => one.id)).toEqual([6, 5, 4]);
    expect(added.pages[1]).toBe(data.pages[1]);

    // The socket's echo of a message already shown (same id) replaces it, never doubles it.
    const echoed = withMessage(added, messageFixture({ id: 6, text: 'From the server' }))!;
    expect(echoed.pages[0]!.messages.map((one) => one.id)).toEqual([6, 5, 4]);
    expect(echoed.pages[0]!.messages[0]!.text).toBe('From the server');
    // One in an older page is replaced where it is.
    const older = withMessage(echoed, messageFixture({ id: 2, text: 'Edited' }))!;
    expect(older.pages[1]!.messages[0]!.text).toBe('Edited');
    expect(withMessage(undefined, messageFixture({ id: 1 }))).toBeUndefined();
  });

  it('moves a read marker forward, never back', () => {
    const data = cached(threadPage([], { readMarkers: [{ userId: 12, lastReadMessageId: 5 }] }));
    const forward = withReadMarker(data, { userId: 12, lastReadMessageId: 8 })!;
    expect(forward.pages[0]!.readMarkers).toEqual([{ userId: 12, lastReadMessageId: 8 }]);
    const back = withReadMarker(forward, { userId: 12, lastReadMessageId: 3 })!;
    expect(back.pages[0]!.readMarkers).toEqual([{ userId: 12, lastReadMessageId: 8 }]);
  });

  it('once read, clears the conversation unread count in every list and updates the header count', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<ThreadData>(
      chatKeys.thread(3),
      cached(threadPage([], { thread: threadFixture({ unreadCount: 2 }) })),
    );
    const inbox: InboxData = {
      pages: [
        {
          items: [threadFixture({ unreadCount: 2 }), threadFixture({ id: 4, unreadCount: 1 })],
          nextCursor: null,
          totalUnread: 3,
        },
      ],
      pageParams: [undefined],
    };
    queryClient.setQueryData(chatKeys.inbox(''), inbox);
    queryClient.setQueryData(chatKeys.inbox('an'), inbox);
    queryClient.setQueryData<LiveCounts>(liveKeys.counts(), {
      messagesUnread: 3,
      notificationsUnread: 1,
    });

    applyThreadRead(queryClient, 3, 1);

    const thread = queryClient.getQueryData<ThreadData>(chatKeys.thread(3))!;
    expect(thread.pages[0]!.thread.unreadCount).toBe(0);
    for (const search of ['', 'an']) {
      const page = queryClient.getQueryData<InboxData>(chatKeys.inbox(search))!.pages[0]!;
      expect(page.items.map((item) => item.unreadCount)).toEqual([0, 1]);
      expect(page.totalUnread).toBe(1);
    }
    expect(queryClient.getQueryData(liveKeys.counts())).toEqual({
      messagesUnread: 1,
      notificationsUnread: 1,
    });
  });

  it('makes client ids the server takes (8–64 letters, digits, - and _)', () => {
    const id = newClientId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(id);
  });
});
