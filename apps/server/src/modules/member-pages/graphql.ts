import type { GraphQLContext } from '../../graphql/context';
import * as groups from '../groups/service';
import { readerOf } from '../users/service';

/**
 * The groups a member's page lists, as fields of the GraphQL `User` (which the users module
 * defines): here, above both, since accounts know no content (docs/ARCHITECTURE.md, layers).
 */
export const memberPageTypeDefs = /* GraphQL */ `
  "A group as a profile lists it."
  type UserGroup {
    databaseId: Int!
    slug: String!
    name: String!
    "public, private or hidden."
    status: String!
    memberCount: Int!
  }
  extend type User {
    "The member's groups the viewer may know of (hidden ones only to their members and staff)."
    groups: [UserGroup!]!
    "The groups the viewer and the member are both in (empty on one's own profile)."
    similarGroups: [UserGroup!]!
  }
`;

/** A group as the UserGroup type answers it. */
const asUserGroup = (group: { id: number }) => ({ ...group, databaseId: group.id });

export const memberPageResolvers = {
  User: {
    async groups(user: { databaseId: number }, _args: unknown, context: GraphQLContext) {
      const reader = await readerOf(context);
      const list = await groups.memberGroups(context.app.database.db, reader, user.databaseId);
      return list.map(asUserGroup);
    },
    async similarGroups(user: { databaseId: number }, _args: unknown, context: GraphQLContext) {
      const reader = await readerOf(context);
      const list = await groups.similarGroups(context.app.database.db, reader, user.databaseId);
      return list.map(asUserGroup);
    },
  },
};
