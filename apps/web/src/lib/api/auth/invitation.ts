import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationOutput } from '@attune/contract';
import { ApiError, restRequest } from '../../rest-client';

/** Query keys of invitation links (public; read by the registration page). */
export const invitationKeys = {
  detail: (token: string) => ['invitation', token] as const,
};

/**
 * `GET /api/invitations/{token}` (public): the invited address, the role it brings and its
 * language; null when the link is unknown, used or expired (404).
 */
export async function fetchInvitation(token: string): Promise<InvitationOutput | null> {
  try {
    return await restRequest<InvitationOutput>(`invitations/${encodeURIComponent(token)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.detail(token),
    queryFn: () => fetchInvitation(token),
    retry: false,
    staleTime: Infinity,
  });

/** The invitation of a registration link's `?invite=` token; not asked without one. */
export function useInvitation(token: string | undefined) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });
}
