import { LOGIN_MUTATION, type LoginResult } from '@attune/contract';
import { anonymousGraphqlClient } from '../../graphql-client';

export interface LoginVariables {
  username: string;
  password: string;
}

/** Logs in through GraphQL; the server also sets the httpOnly refresh cookie, hence `include`. */
export async function login({ username, password }: LoginVariables): Promise<LoginResult['login']> {
  const data = await anonymousGraphqlClient.request<LoginResult>(
    LOGIN_MUTATION,
    { input: { username, password, clientMutationId: 'login' } },
    { credentials: 'include' },
  );
  return data.login;
}
