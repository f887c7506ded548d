import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@attune/contract';
import { startSession } from '../../../lib/auth-session';
import { authWp } from '../api/auth-wp';
import { login, type LoginVariables } from '../api/login';
import { authKeys } from '../../../lib/viewer';

/**
 * Logs in and finishes the sign-in: saves the auth token in its cookie, keeps the user as profile
 * state, then calls authwp (its failure does not undo the login).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: LoginVariables): Promise<AuthUser> => {
      const result = await login(variables);
      startSession(result.authToken);
      queryClient.setQueryData(authKeys.viewer(), result.user);
      try {
        await authWp(result.user.email, result.authToken);
      } catch (error) {
        console.warn('authwp failed after login', error);
      }
      return result.user;
    },
  });
}
