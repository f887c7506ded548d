import { useMutation } from '@tanstack/react-query';
import type { MessageOutput, RecoverPasswordInput } from '@attune/contract';
import { getConfig } from '../../../lib/config';
import { restRequest } from '../../../lib/rest-client';

/** Starts password recovery (`POST /api/recoverpassword`) with the recover token as Bearer. */
export function recoverPassword(input: RecoverPasswordInput): Promise<MessageOutput> {
  return restRequest<MessageOutput>('recoverpassword', {
    method: 'POST',
    body: input,
    bearer: getConfig().recoverToken,
  });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
