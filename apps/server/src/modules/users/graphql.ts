import * as chat from '../chat/service';
import type { GraphQLContext } from '../../graphql/context';
import { memberOf, type RootFieldAccess } from '../../lib/access-rules';
import {
  auditStaffHealthRead,
  presentProfile,
  profileLoader,
  readerOf,
  referencedUserId,
} from './service';

export const userTypeDefs = /* GraphQL */ `
  type Avatar {
    url: String
  }
  type ExtendedProfileValue {
    raw: String!
  }
  "A field of extended profile group 1, with the member's raw value, as far as the viewer may see it."
  type ExtendedProfileField {
    databaseId: Int!
    name: String!
    value: ExtendedProfileValue!
    "Who may see this value (only_me, connections, members, staff); only on the member's own profile."
    visibility: String
  }
  enum UserNodeIdTypeEnum {
    DATABASE_ID
    ID
    USERNAME
  }
  type User {
    id: ID!
    databaseId: Int!
    "Display name."
    nickname: String!
    username: String!
    "Unix time (seconds) when the current auth token expires; only on one's own profile."
    jwtAuthExpiration: String
    "Only on one's own profile."
    capabilities: [String!]!
    "Only on one's own profile (and for admins)."
    email: String
    roles: [String!]!
    avatar: Avatar!
    "Null when the member keeps it private."
    completedSetup: Boolean
    extendedProfile: [ExtendedProfileField!]!
    description: String!
    firstName: String!
    lastName: String!
    lastActivity: String
    locale: String!
    "The member's community area (default international)."
    area: String!
    "regular or medel."
    memberTypes: [String!]!
    mentionName: String!
    registeredDate: String!
    "FRIEND_STATUS: 1 connected, 2 the viewer's request waits, 3 not connected (spec default), 4 their request to the viewer waits."
    isFriend: Int!
    totalFriendCount: Int!
    "Unread messages in all the member's conversations; only on one's own profile (else null)."
    totalMessagesUnreadCount: Int
  }
  extend type Query {
    "The signed-in member, or null."
    viewer: User
    "A member's profile as the signed-in viewer may see it. The timestamp only defeats caches."
    user(id: ID!, idType: UserNodeIdTypeEnum = DATABASE_ID, timestamp: String): User
  }
`;

/** Who may ask each root field (decision 0028); what each User field shows is the users policy's. */
export const userAccess = {
  Query: {
    // Null for a visitor: the web asks it to learn whether anyone is signed in.
    viewer: 'public',
    user: 'member',
  },
} satisfies RootFieldAccess;

export const userResolvers = {
  User: {
    async totalMessagesUnreadCount(
      user: { databaseId: number },
      _args: unknown,
      context: GraphQLContext,
    ) {
      const reader = await readerOf(context);
      if (reader.userId !== user.databaseId) return null;
      return chat.totalUnread(context.app.database.db, reader.userId);
    },
  },
  Query: {
    async user(
      _root: unknown,
      args: { id: string; idType: 'DATABASE_ID' | 'ID' | 'USERNAME' },
      { app, request }: GraphQLContext,
    ) {
      const principal = memberOf(request);
      const targetId = await referencedUserId(app.database.db, args.id, args.idType);
      if (targetId === undefined) return null;
      // One query: the row, every profile field, the relation to the viewer and the friend count.
      const target = await profileLoader(request, principal.userId).load(targetId);
      if (!target) return null;
      await auditStaffHealthRead(app.database.db, target, principal);
      return presentProfile(target, principal);
    },
    async viewer(_root: unknown, _args: unknown, { app, request }: GraphQLContext) {
      const principal = await app.principalOf(request);
      if (!principal) return null;
      const own = await profileLoader(request, principal.userId).load(principal.userId);
      return own ? presentProfile(own, principal) : null;
    },
  },
};
