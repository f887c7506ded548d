import type { GraphQLContext } from '../../graphql/context';
import { viewer } from '../auth/service';

export const userTypeDefs = /* GraphQL */ `
  type Avatar {
    url: String
  }
  type ExtendedProfileValue {
    raw: String!
  }
  "A field of extended profile group 1, with the member's raw value."
  type ExtendedProfileField {
    databaseId: Int!
    name: String!
    value: ExtendedProfileValue!
  }
  type User {
    id: ID!
    databaseId: Int!
    "Display name."
    nickname: String!
    username: String!
    "Unix time (seconds) when the current auth token expires."
    jwtAuthExpiration: String!
    capabilities: [String!]!
    email: String!
    roles: [String!]!
    avatar: Avatar!
    completedSetup: Boolean!
    extendedProfile: [ExtendedProfileField!]!
  }
  extend type Query {
    "The signed-in member, or null."
    viewer: User
  }
`;

export const userResolvers = {
  Query: {
    async viewer(_root: unknown, _args: unknown, { app, request }: GraphQLContext) {
      const principal = await app.principalOf(request);
      return principal ? viewer(app.auth, principal) : null;
    },
  },
};
