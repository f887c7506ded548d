import { useMutation } from '@tanstack/react-query';
import type { ValidateCodeOutput } from '@attune/contract';
import { restRequest } from '../../rest-client';

export interface ValidateCodeVariables {
  email: string;
  code: string;
  /** True in password recovery, false in sign-up. */
  isResetPassword: boolean;
}

/** Checks a mailed code (`POST /api/validate2facode`); the answer carries the nonce for a reset. */
export function validateCode({
  email,
  code,
  isResetPassword,
}: ValidateCodeVariables): Promise<ValidateCodeOutput> {
  return restRequest<ValidateCodeOutput>('validate2facode', {
    method: 'POST',
    body: { email, code, is_reset_password: isResetPassword },
  });
}

export function useValidateCode() {
  return useMutation({ mutationFn: validateCode });
}
