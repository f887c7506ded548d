import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../../../lib/auth-keys';
import { loadQueryClient } from '../../../lib/query-client-loader';
import { jsonResponse, useTestConfig } from '../../../test/config';
import { useSignIn } from './use-sign-in';

const user = {
  id: 'dXNlcjox',
  databaseId: 1,
  nickname: 'Sam',
  username: 'sam',
  jwtAuthExpiration: String(Math.floor(Date.now() / 1000) + 3600),
  capabilities: [],
  email: 'sam@example.com',
  roles: ['member'],
  avatar: { url: null },
  completedSetup: true,
  extendedProfile: [],
};

/** An auth token whose JWT says it is valid for an hour. */
const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const authToken = `${encode({ alg: 'HS256' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

beforeEach(() => {
  useTestConfig();
});

describe('useSignIn', () => {
  it('keeps the signed-in member as a viewer query that can be fetched again', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input).includes('graphql')
        ? jsonResponse({
            data: {
              login: { authToken, refreshToken: 'r', clientMutationId: null, user },
            },
          })
        : jsonResponse({ message: 'ok' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useSignIn());
    await act(() => result.current.mutateAsync({ username: 'sam', password: 'right-password' }));

    const queryClient = await loadQueryClient();
    expect(queryClient.getQueryData(authKeys.viewer())).toEqual(user);
    // A later refetch (after a profile change, say) asks the server again instead of failing.
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ data: { viewer: { ...user, nickname: 'Samuel' } } }),
    );
    await queryClient.refetchQueries({ queryKey: authKeys.viewer() });
    expect(queryClient.getQueryData(authKeys.viewer())).toMatchObject({ nickname: 'Samuel' });
  });
});
