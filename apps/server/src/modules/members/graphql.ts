import { SEARCH_MAX_LENGTH } from '@attune/contract';
import type { GraphQLContext } from '../../graphql/context';
import { memberOf, type RootFieldAccess } from '../../lib/access-rules';
import { invalidField } from '../../errors';
import { parseDatabaseId } from '../../lib/ids';
import { listUsers, type DirectoryFilters } from './service';

/**
 * WPGraphQL's user listing (`users`), as the spec's `ListMyFriends` asks it (§3 "Friend or user
 * listing", §7): `users(first: 1000, where: { include: [Int] }) { nodes { … } pageInfo { … } }`.
 * The node type follows WPGraphQL where the spec names a field (`roles { nodes { name } }`,
 * `avatar { url }`, Relay `pageInfo`) and the spec's words for the rest (`group_name`); it is a
 * type of its own because the login/viewer `User.roles` is a plain list of names (decision 0033).
 */
export const memberTypeDefs = /* GraphQL */ `
  type UserRole {
    "The role's name: super_admin, area_manager, mentor, medel_user or member."
    name: String!
  }
  type UserToUserRoleConnection {
    nodes: [UserRole!]!
  }
  "A value of an extended profile field the viewer may see."
  type ExtendedProfileGroupField {
    name: String!
    "The field's type (selectbox, multiselect, textbox, textarea, number, yesno)."
    type: String!
    "The raw value; lists are comma-joined."
    value: String
  }
  "A group of extended profile fields (group 1, 'Base') with the values the viewer may see."
  type ExtendedProfileGroup {
    group_name: String!
    fields: [ExtendedProfileGroupField!]!
  }
  "A member in a listing (spec §3 'Friend or user listing'), as the viewer may see them."
  type UserListItem {
    "Global id: base64 of user:<databaseId>."
    id: ID!
    databaseId: Int!
    "The first name."
    name: String!
    "The display name (profile address)."
    nickname: String!
    firstName: String!
    lastName: String!
    locale: String!
    description: String!
    "The headline profile value, null when unset or hidden from the viewer."
    headline: String
    area: String!
    avatar: Avatar!
    "Every role the member has (WPGraphQL shape); the badge shows the highest-priority one."
    roles: UserToUserRoleConnection!
    extendedProfiles: [ExtendedProfileGroup!]!
    "FRIEND_STATUS: 1 connected, 2 my request pending, 3 none (default), 4 request to me pending."
    isFriend: Int!
    isConnected: Boolean!
    isPending: Boolean!
  }
  type RootQueryToUserConnectionPageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }
  type RootQueryToUserConnection {
    nodes: [UserListItem!]!
    pageInfo: RootQueryToUserConnectionPageInfo!
  }
  enum UserRoleEnum {
    SUPER_ADMIN
    AREA_MANAGER
    MENTOR
    MEDEL_USER
    MEMBER
  }
  "Filters of the user listing; they combine. A filter never matches a value hidden from the viewer."
  input RootQueryToUserConnectionWhereArgs {
    "Exactly these members (database ids), any of them the viewer may see."
    include: [Int]
    "Part of the display name, first or last name; accents and case ignored."
    search: String
    country: String
    region: String
    deviceType: String
    hearingAidType: String
    stage: String
    "Members with any of these interests."
    interests: [String!]
    "Members who speak any of these languages."
    speakingLanguages: [String!]
    role: UserRoleEnum
  }
  extend type Query {
    "Members, WPGraphQL style: the directory, or with where.include exactly those (first up to 1000)."
    users(
      first: Int
      after: String
      where: RootQueryToUserConnectionWhereArgs
    ): RootQueryToUserConnection
  }
`;

/** Who may ask each root field (decision 0028). */
export const memberAccess = {
  Query: { users: 'member' },
} satisfies RootFieldAccess;

interface UsersWhere extends Omit<DirectoryFilters, 'role'> {
  include?: (number | null)[] | null;
  role?: string | null;
}

export const memberResolvers = {
  Query: {
    async users(
      _root: unknown,
      args: { first?: number | null; after?: string | null; where?: UsersWhere | null },
      { app, request }: GraphQLContext,
    ) {
      const { include, role, ...rest } = args.where ?? {};
      if (args.first != null && (args.first < 0 || args.first > 1000))
        throw invalidField('first', 'first must be between 0 and 1000.');
      if (rest.search && rest.search.length > SEARCH_MAX_LENGTH)
        throw invalidField('search', `search is at most ${SEARCH_MAX_LENGTH} characters long.`);
      const ids = include?.map((id) => parseDatabaseId(id)).filter((id) => id !== undefined);
      const filters: DirectoryFilters = Object.fromEntries(
        Object.entries({ ...rest, role: role?.toLowerCase() }).filter(
          ([, value]) => value !== null && value !== undefined && value !== '',
        ),
      );
      return listUsers(app.database.db, memberOf(request), {
        first: args.first,
        after: args.after,
        include: include ? ids : undefined,
        filters,
      });
    },
  },
};
