import type { MessageOutput } from '@attune/contract';
import { restRequest } from '../../rest-client';

/**
 * Ends the session on the server (`POST /api/logout`) and clears its cookies there. An empty JSON
 * body is sent because the server rejects a POST without one.
 */
export function logoutRequest(authToken: string | null): Promise<MessageOutput> {
  return restRequest<MessageOutput>('logout', {
    method: 'POST',
    body: {},
    bearer: authToken,
    credentials: 'include',
  });
}
