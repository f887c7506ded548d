import { useMutation } from '@tanstack/react-query';
import type { MessageOutput, SendCodeInput } from '@attune/contract';
import { restRequest } from '../../../lib/rest-client';

/** Asks the server to mail a 6-digit sign-up code (`POST /api/send2facode`). */
export function sendCode(input: SendCodeInput): Promise<MessageOutput> {
  return restRequest<MessageOutput>('send2facode', { method: 'POST', body: input });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
