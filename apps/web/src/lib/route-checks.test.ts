import { isNotFound, isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser, GroupListOutput } from '@attune/contract';
import { jsonResponse, useTestConfig } from '../test/config';
import { groupFixture } from '../test/group-fixtures';
import { groupKeys } from './api/groups';
import { liveKeys } from './live-counts';
import { notificationKeys } from './api/notifications';
import { createQueryClient } from './query-client';
import {
  checkAuth,
  checkChat,
  checkConnection,
  checkGroup,
  checkNotification,
  checkProfile,
  checkSignedOut,
} from './route-checks';
import { authKeys } from './viewer';

const session = vi.hoisted(() => ({ token: null as string | null }));

vi.mock('./auth-session', () => ({
  getValidAuthToken: () => Promise.resolve(session.token),
  endSessionLocally: vi.fn(),
  isUnauthorized: () => false,
  withAuthRetry: (call: () => Promise<unknown>) => call(),
}));
vi.mock('./auth-token', () => ({ readAuthToken: () => session.token }));

const member = (completedSetup: boolean) => ({ id: 'u1', completedSetup }) as AuthUser;

async function caught(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the check to throw');
}

beforeEach(() => {
  useTestConfig();
  session.token = null;
});

describe('checkAuth', () => {
  it('sends a signed-out visitor to login with a redirect back', async () => {
    const queryClient = createQueryClient();
    const error = await caught(() =>
      checkAuth({
        context: { queryClient, language: 'de' },
        location: { href: '/de/feed?x=1', pathname: '/de/feed' },
      }),
    );
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: unknown }).options).toMatchObject({
      to: '/$lang/login',
      params: { lang: 'de' },
      search: { redirect: '/de/feed?x=1' },
    });
  });

  it('gives the signed-in member from the query cache', async () => {
    session.token = 'token';
    const queryClient = createQueryClient();
    queryClient.setQueryData(authKeys.viewer(), member(true));
    await expect(
      checkAuth({
        context: { queryClient, language: 'en' },
        location: { href: '/en', pathname: '/en' },
      }),
    ).resolves.toEqual({ viewer: member(true) });
  });
});

describe('checkSignedOut', () => {
  it('lets a signed-out visitor in and sends a signed-in one home', async () => {
    await expect(checkSignedOut({ context: { language: 'es' } })).resolves.toBe(undefined);
    session.token = 'token';
    const error = await caught(() => checkSignedOut({ context: { language: 'es' } }));
    expect((error as { options: unknown }).options).toMatchObject({
      to: '/$lang',
      params: { lang: 'es' },
    });
  });
});

describe('checkProfile', () => {
  it('sends a member without completed setup to profile/start', async () => {
    const error = await caught(() =>
      checkProfile({
        context: { language: 'en', viewer: member(false) },
        location: { pathname: '/en/profile/settings' },
      }),
    );
    expect((error as { options: unknown }).options).toMatchObject({
      to: '/$lang/profile/start',
      params: { lang: 'en' },
    });
  });

  it('lets a set-up member through, and never loops on profile/start', () => {
    expect(() =>
      checkProfile({
        context: { language: 'en', viewer: member(true) },
        location: { pathname: '/en/profile/settings' },
      }),
    ).not.toThrow();
    expect(() =>
      checkProfile({
        context: { language: 'en', viewer: member(false) },
        location: { pathname: '/en/profile/start' },
      }),
    ).not.toThrow();
  });
});

describe('checkGroup', () => {
  const myGroups: GroupListOutput = {
    items: [groupFixture({ standing: 'member' })],
    nextCursor: null,
  };
  /** Answers `groups/me` with the viewer's groups and `group/{ref}` with this group (or a 404). */
  function serve(group: ReturnType<typeof groupFixture> | null) {
    const fetchMock = vi.fn(async (address: string) => {
      if (address.endsWith('/groups/me')) return jsonResponse(myGroups);
      if (group) return jsonResponse(group);
      return jsonResponse({ code: 'not_found', message: 'No group', data: { status: 404 } }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it("puts the viewer's groups in the query cache before the page shows", async () => {
    session.token = 'token';
    const fetchMock = serve(null);
    const queryClient = createQueryClient();
    await expect(checkGroup({ queryClient, language: 'en' })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls.map(([address]) => address)).toEqual(['/api/groups/me']);
    expect(queryClient.getQueryData(groupKeys.mine())).toMatchObject({ pages: [myGroups] });
  });

  it('gives a group whose members the viewer may read', async () => {
    session.token = 'token';
    const group = groupFixture({ status: 'private', standing: 'member' });
    const fetchMock = serve(group);
    const queryClient = createQueryClient();
    await expect(checkGroup({ queryClient, language: 'en' }, group.slug)).resolves.toEqual(group);
    expect(fetchMock.mock.calls.map(([address]) => address)).toContain(`/api/group/${group.slug}`);
  });

  it('finds no group that does not exist or that the viewer may not know of', async () => {
    session.token = 'token';
    serve(null);
    const error = await caught(() =>
      checkGroup({ queryClient: createQueryClient(), language: 'de' }, 'secret-circle'),
    );
    expect(isNotFound(error)).toBe(true);
  });

  it("sends a member who may not read a private group's members to the group's page", async () => {
    session.token = 'token';
    serve(groupFixture({ id: 9, slug: 'tinnitus-talk', status: 'private', standing: 'pending' }));
    const error = await caught(() =>
      checkGroup({ queryClient: createQueryClient(), language: 'es' }, '9'),
    );
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: unknown }).options).toMatchObject({
      to: '/$lang/groups/$group',
      params: { lang: 'es', group: 'tinnitus-talk' },
    });
  });
});

describe('checkNotification', () => {
  it('puts the unread count in the query cache before the page shows', async () => {
    session.token = 'token';
    const fetchMock = vi.fn(async (_address: string) => jsonResponse({ unreadCount: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    await expect(checkNotification({ queryClient, language: 'en' })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls.map(([address]) => address)).toEqual(['/api/notifications/count']);
    expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 3 });
  });

  it('reads the count once while it is in the cache', async () => {
    session.token = 'token';
    const fetchMock = vi.fn(async () => jsonResponse({ unreadCount: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    queryClient.setQueryData(notificationKeys.count(), { unreadCount: 2 });
    await checkNotification({ queryClient, language: 'de' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 2 });
  });

  it('lets the page show when the count cannot be read', async () => {
    session.token = 'token';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ code: 'internal_error', message: 'Oops', data: { status: 500 } }, 500),
      ),
    );
    const queryClient = createQueryClient();
    await expect(checkNotification({ queryClient, language: 'es' })).resolves.toBeUndefined();
    expect(queryClient.getQueryData(notificationKeys.count())).toBeUndefined();
  });
});

describe('checkConnection', () => {
  it("puts the member's connections and requests in the query cache before the page shows", async () => {
    session.token = 'token';
    const mine = { friends: [], incoming: [], outgoing: [] };
    const fetchMock = vi.fn(async (_address: string) => jsonResponse(mine));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    await expect(checkConnection({ queryClient, language: 'en' })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls.map(([address]) => address)).toEqual([
      '/api/connection/my-friends',
    ]);
    expect(queryClient.getQueryData(['connections', 'mine'])).toEqual(mine);
  });
});

describe('checkChat', () => {
  it('puts the header counts in the query cache before the page shows', async () => {
    session.token = 'token';
    const fetchMock = vi.fn(async (_address: string) =>
      jsonResponse({ messagesUnread: 4, notificationsUnread: 1 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    await expect(checkChat({ queryClient, language: 'en' })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls.map(([address]) => address)).toEqual(['/api/live/counts']);
    expect(queryClient.getQueryData(liveKeys.counts())).toEqual({
      messagesUnread: 4,
      notificationsUnread: 1,
    });
    expect(queryClient.getQueryData(notificationKeys.count())).toEqual({ unreadCount: 1 });
  });

  it('reads the counts once while they are in the cache', async () => {
    session.token = 'token';
    const fetchMock = vi.fn(async () =>
      jsonResponse({ messagesUnread: 9, notificationsUnread: 9 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    queryClient.setQueryData(liveKeys.counts(), { messagesUnread: 2, notificationsUnread: 0 });
    await checkChat({ queryClient, language: 'de' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets the page show when the counts cannot be read, or no answer comes', async () => {
    session.token = 'token';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ code: 'internal_error', message: 'Oops', data: { status: 500 } }, 500),
      ),
    );
    const queryClient = createQueryClient();
    await expect(checkChat({ queryClient, language: 'es' })).resolves.toBeUndefined();
    expect(queryClient.getQueryData(liveKeys.counts())).toBeUndefined();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(checkChat({ queryClient, language: 'es' })).resolves.toBeUndefined();
  });
});
