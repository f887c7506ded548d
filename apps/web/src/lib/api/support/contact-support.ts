import { useMutation } from '@tanstack/react-query';
import type { SupportContactInput, SupportContactOutput } from '@attune/contract';
import { getValidAuthToken } from '../../auth-session';
import { restRequest } from '../../rest-client';

/**
 * `POST /api/support/contact` (public): sends a support request; 201 `{ message, reference }`,
 * the message already in the request's language. A signed-in member's token goes along, so the
 * request is linked to them; a session that cannot be renewed is no reason not to send it.
 */
export async function contactSupport(input: SupportContactInput): Promise<SupportContactOutput> {
  const bearer = await getValidAuthToken().catch(() => null);
  return restRequest<SupportContactOutput>('support/contact', {
    method: 'POST',
    body: input,
    bearer,
  });
}

export const contactSupportMutationOptions = () => ({ mutationFn: contactSupport });

/** Sends a support request (see `contactSupport`). */
export const useContactSupport = () => useMutation(contactSupportMutationOptions());
