import { useMutation } from '@tanstack/react-query';
import type { MailSentOutput, SendCodeInput } from '@attune/contract';
import type { z } from 'zod';
import { restRequest } from '../../rest-client';

/**
 * Asks the server to mail a 6-digit sign-up code (`POST /api/send2facode`). `type` is the sign-up
 * being made, so the server refuses a staff sign-up with a non-staff address at this first step.
 */
export function sendCode(input: z.input<typeof SendCodeInput>): Promise<MailSentOutput> {
  return restRequest<MailSentOutput>('send2facode', { method: 'POST', body: input });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
