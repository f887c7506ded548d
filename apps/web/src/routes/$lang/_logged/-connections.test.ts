import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from './connections';
import { writeAuthToken } from '../../../lib/auth-token';
import { initI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { validToken } from '../../../features/connections/components/test-fixtures';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  useTestConfig();
  writeAuthToken(validToken());
});
afterEach(() => vi.unstubAllGlobals());

describe('/{lang}/connections route', () => {
  it('runs the checks spec §2 names (connection, group, notification, chat) before the page shows', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        asked.push(url.pathname);
        switch (url.pathname) {
          case '/api/connection/my-friends':
            return jsonResponse({ friends: [], incoming: [], outgoing: [] });
          case '/api/groups/me':
            return jsonResponse({ items: [], nextCursor: null });
          case '/api/notifications/count':
            return jsonResponse({ unreadCount: 2 });
          case '/api/live/counts':
            return jsonResponse({ messagesUnread: 1, notificationsUnread: 2 });
          default:
            return jsonResponse([]);
        }
      }),
    );
    const queryClient = createQueryClient();
    const loader = Route.options.loader as (match: unknown) => Promise<unknown>;
    await loader({ context: { queryClient, language: 'en' } });

    expect(asked).toEqual(
      expect.arrayContaining([
        '/api/connection/my-friends',
        '/api/groups/me',
        '/api/notifications/count',
        '/api/live/counts',
      ]),
    );
    expect(queryClient.getQueryData(['connections', 'mine'])).toEqual({
      friends: [],
      incoming: [],
      outgoing: [],
    });
  });
});
