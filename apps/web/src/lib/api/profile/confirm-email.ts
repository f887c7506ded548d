import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailInput, ConfirmEmailOutput } from '@attune/contract';
import { getValidAuthToken, withAuthRetry } from '../../auth-session';
import { restRequest } from '../../rest-client';
import { refreshProfileData } from './refresh-profile-data';

/**
 * Confirms a new e-mail address with the code mailed to it (`POST /api/confirm-email`); only then
 * does the address change.
 */
export function confirmEmail(input: ConfirmEmailInput): Promise<ConfirmEmailOutput> {
  return withAuthRetry(async () =>
    restRequest<ConfirmEmailOutput>('confirm-email', {
      method: 'POST',
      body: input,
      bearer: await getValidAuthToken(),
    }),
  );
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => refreshProfileData(queryClient),
  });
}
