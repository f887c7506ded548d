import { isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@attune/contract';
import { useTestConfig } from '../test/config';
import { createQueryClient } from './query-client';
import { checkAuth, checkProfile, checkSignedOut } from './route-checks';
import { authKeys } from './viewer';

const session = vi.hoisted(() => ({ token: null as string | null }));

vi.mock('./auth-session', () => ({
  getValidAuthToken: () => Promise.resolve(session.token),
  endSessionLocally: vi.fn(),
  isUnauthorized: () => false,
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
