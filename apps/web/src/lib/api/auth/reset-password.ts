import { useMutation } from '@tanstack/react-query';
import type { MessageOutput } from '@attune/contract';
import { getConfig } from '../../config';
import { restRequest } from '../../rest-client';

export interface ResetPasswordVariables {
  email: string;
  password: string;
  nonce: string;
}

/** Sets the new password (`POST /api/resetpassword`) with the nonce from the validated code. */
export function resetPassword(input: ResetPasswordVariables): Promise<MessageOutput> {
  return restRequest<MessageOutput>('resetpassword', {
    method: 'POST',
    body: input,
    bearer: getConfig().recoverToken,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
