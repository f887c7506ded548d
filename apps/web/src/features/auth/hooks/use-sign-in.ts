import { useCallback, useState } from 'react';
import type { AuthUser } from '@attune/contract';
import { startSession } from '../../../lib/auth-session';
import { loadQueryClient } from '../../../lib/query-client-loader';
import { authWp } from '../../../lib/api/auth/auth-wp';
import { login, type LoginVariables } from '../../../lib/api/auth/login';

/**
 * Logs in and finishes the sign-in: saves the auth token in its cookie, keeps the user as profile
 * state, then calls authwp (its failure does not undo the login). Plain state, not a TanStack
 * mutation: the login page loads no data layer (decision 0018); the query client is loaded here,
 * after the password was accepted, while the home page that needs it starts loading.
 */
export function useSignIn() {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(async (variables: LoginVariables): Promise<AuthUser> => {
    setPending(true);
    try {
      const result = await login(variables);
      startSession(result.authToken);
      const [queryClient, { cacheSignedInViewer }] = await Promise.all([
        loadQueryClient(),
        import('../../../lib/viewer'),
        authWp(result.user.email, result.authToken).catch((error: unknown) => {
          console.warn('authwp failed after login', error);
        }),
      ]);
      cacheSignedInViewer(queryClient, result.user);
      return result.user;
    } finally {
      setPending(false);
    }
  }, []);
  return { mutateAsync, isPending };
}
