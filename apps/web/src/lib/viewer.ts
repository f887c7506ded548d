import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { VIEWER_QUERY, type AuthUser, type ViewerResult } from '@attune/contract';
import { withAuthRetry } from './auth-session';
import { authKeys } from './auth-keys';
import { graphqlClient } from './graphql-client';

export { authKeys };

/** The signed-in member (GraphQL `viewer`), or null when the token is not accepted. */
export function fetchViewer(): Promise<AuthUser | null> {
  return withAuthRetry(() => graphqlClient.request<ViewerResult>(VIEWER_QUERY)).then(
    (data) => data.viewer,
  );
}

/** How long the profile state counts as fresh. */
const VIEWER_STALE_MS = 5 * 60_000;

export function viewerQueryOptions() {
  return queryOptions({
    queryKey: authKeys.viewer(),
    queryFn: fetchViewer,
    staleTime: VIEWER_STALE_MS,
  });
}

/**
 * Keeps the member who just signed in as the profile state. The viewer query's function goes with
 * it (as the key's defaults), so a later refetch asks the server again instead of failing on a
 * query that only holds data.
 */
export function cacheSignedInViewer(queryClient: QueryClient, user: AuthUser): void {
  queryClient.setQueryDefaults(authKeys.viewer(), {
    queryFn: fetchViewer,
    staleTime: VIEWER_STALE_MS,
  });
  queryClient.setQueryData(viewerQueryOptions().queryKey, user);
}
