import { useMutation } from '@tanstack/react-query';
import type { RegisterUserOutput, RegistrationType } from '@attune/contract';
import { getConfig } from '../../config';
import { restRequest } from '../../rest-client';

export interface RegisterUserVariables {
  email: string;
  password: string;
  type: RegistrationType;
  /** The token of a staff invitation link: the new member gets its role and area. */
  invite?: string;
}

/**
 * Creates the account (`POST /api/registeruser`) with the public register token as Bearer; with an
 * invitation's token, a link that no longer works refuses the sign-up (`invitation_invalid`).
 */
export function registerUser(input: RegisterUserVariables): Promise<RegisterUserOutput> {
  return restRequest<RegisterUserOutput>('registeruser', {
    method: 'POST',
    body: input,
    bearer: getConfig().registerToken,
  });
}

export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
