import { queryOptions } from '@tanstack/react-query';
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

export function viewerQueryOptions() {
  return queryOptions({ queryKey: authKeys.viewer(), queryFn: fetchViewer, staleTime: 5 * 60_000 });
}
