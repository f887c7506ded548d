import { COOKIE_NAMES } from '@attune/contract';
import type { GraphQLContext } from '../../graphql/context';
import type { RootFieldAccess } from '../../lib/access-rules';
import { clearAuthCookies, setAuthCookie } from './plugin';
import * as auth from './service';

export const authTypeDefs = /* GraphQL */ `
  input LoginInput {
    username: String!
    password: String!
    clientMutationId: String
  }
  type LoginPayload {
    authToken: String!
    refreshToken: String!
    clientMutationId: String
    user: User!
  }
  input RefreshJwtAuthTokenInput {
    "Without it, the httpOnly refresh cookie set at login is used."
    jwtRefreshToken: String
    clientMutationId: String
  }
  type RefreshJwtAuthTokenPayload {
    authToken: String!
    refreshToken: String!
    jwtAuthExpiration: String!
    clientMutationId: String
  }
  extend type Mutation {
    "Logs in with username or e-mail. Must be the only field of its operation."
    login(input: LoginInput!): LoginPayload!
    "Rotates the refresh token. Must be the only field of its operation."
    refreshJwtAuthToken(input: RefreshJwtAuthTokenInput!): RefreshJwtAuthTokenPayload!
  }
`;

/** Root fields that must stand alone in their operation, so aliases or batching cannot multiply attempts. */
export const SINGLE_ATTEMPT_FIELDS = ['login', 'refreshJwtAuthToken'];

/** Who may ask each root field (decision 0028): logging in is for visitors. */
export const authAccess = {
  Mutation: { login: 'public', refreshJwtAuthToken: 'public' },
} satisfies RootFieldAccess;

export const authResolvers = {
  Mutation: {
    async login(
      _root: unknown,
      {
        input,
      }: { input: { username: string; password: string; clientMutationId?: string | null } },
      context: GraphQLContext,
    ) {
      const { app, request, reply } = context;
      await app.rateLimits.consume('login:ip', request.ip);
      const { tokens, user } = await auth.login(app.auth, app.rateLimits, {
        username: input.username,
        password: input.password,
        userAgent: request.headers['user-agent'] ?? null,
        address: request.ip,
      });
      setAuthCookie(
        reply,
        app.auth.config,
        'refresh',
        tokens.refreshToken,
        tokens.sessionExpiresAt,
      );
      return {
        authToken: tokens.authToken,
        refreshToken: tokens.refreshToken,
        clientMutationId: input.clientMutationId ?? null,
        user,
      };
    },

    async refreshJwtAuthToken(
      _root: unknown,
      { input }: { input: { jwtRefreshToken?: string | null; clientMutationId?: string | null } },
      context: GraphQLContext,
    ) {
      const { app, request, reply } = context;
      await app.rateLimits.consume('refresh:ip', request.ip);
      const presented = input.jwtRefreshToken ?? request.cookies[COOKIE_NAMES.refresh] ?? '';
      try {
        const tokens = await auth.refresh(app.auth, presented);
        setAuthCookie(
          reply,
          app.auth.config,
          'refresh',
          tokens.refreshToken,
          tokens.sessionExpiresAt,
        );
        return {
          authToken: tokens.authToken,
          refreshToken: tokens.refreshToken,
          jwtAuthExpiration: String(tokens.jwtAuthExpiration),
          clientMutationId: input.clientMutationId ?? null,
        };
      } catch (error) {
        clearAuthCookies(reply, app.auth.config);
        throw error;
      }
    },
  },
};
