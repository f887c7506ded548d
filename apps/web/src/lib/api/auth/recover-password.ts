import { useMutation } from '@tanstack/react-query';
import type { MailSentOutput, RecoverPasswordInput } from '@attune/contract';
import { getConfig } from '../../config';
import { restRequest } from '../../rest-client';

/** Starts password recovery (`POST /api/recoverpassword`) with the recover token as Bearer. */
export function recoverPassword(input: RecoverPasswordInput): Promise<MailSentOutput> {
  return restRequest<MailSentOutput>('recoverpassword', {
    method: 'POST',
    body: input,
    bearer: getConfig().recoverToken,
  });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
