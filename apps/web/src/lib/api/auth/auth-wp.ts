import type { MessageOutput } from '@attune/contract';
import { restRequest } from '../../rest-client';

/** Called right after login (`POST /api/authwp`): the server sets the httpOnly session cookie. */
export function authWp(email: string, authToken: string): Promise<MessageOutput> {
  return restRequest<MessageOutput>('authwp', {
    method: 'POST',
    body: { email },
    bearer: authToken,
    credentials: 'include',
  });
}
