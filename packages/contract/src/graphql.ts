/**
 * GraphQL operations the web app sends, written once so the server's tests and the web client use
 * the same documents. Names follow WPGraphQL (see docs/ARCHITECTURE.md §4).
 */

const USER_FIELDS = `
  id
  databaseId
  nickname
  username
  jwtAuthExpiration
  capabilities
  email
  roles
  avatar { url }
  completedSetup
  extendedProfile { databaseId name value { raw } }
`;

export const LOGIN_MUTATION = `
mutation Login($input: LoginInput!) {
  login(input: $input) {
    authToken
    refreshToken
    clientMutationId
    user { ${USER_FIELDS} }
  }
}`;

export const REFRESH_MUTATION = `
mutation RefreshJwtAuthToken($input: RefreshJwtAuthTokenInput!) {
  refreshJwtAuthToken(input: $input) {
    authToken
    refreshToken
    jwtAuthExpiration
    clientMutationId
  }
}`;

export const VIEWER_QUERY = `
query Viewer {
  viewer { ${USER_FIELDS} }
}`;

export interface ExtendedProfileField {
  databaseId: number;
  name: string;
  value: { raw: string };
}

/** The user as returned by login and viewer (spec §3 "User as returned by login"). */
export interface AuthUser {
  id: string;
  databaseId: number;
  nickname: string;
  username: string;
  /** Unix time in seconds at which the auth token's JWT expires. */
  jwtAuthExpiration: string;
  capabilities: string[];
  email: string;
  roles: string[];
  avatar: { url: string | null };
  completedSetup: boolean;
  extendedProfile: ExtendedProfileField[];
}

export interface LoginResult {
  login: {
    authToken: string;
    refreshToken: string;
    clientMutationId: string | null;
    user: AuthUser;
  };
}

export interface RefreshResult {
  refreshJwtAuthToken: {
    authToken: string;
    refreshToken: string;
    jwtAuthExpiration: string;
    clientMutationId: string | null;
  };
}

export interface ViewerResult {
  viewer: AuthUser | null;
}

/** Names of the extended profile fields (field group 1), spec §3; looked up case-insensitively. */
export const EXTENDED_PROFILE_FIELDS = [
  'completed setup',
  'interests',
  'speaking languages',
  'stage',
  'year of birth',
  'welcome message',
  'enable automatic response',
  'automatic response',
  'journey',
  'my journey description',
  'left ear',
  'right ear',
  'device type',
  'country',
  'region',
  'use hearing',
  'seek support for',
  'hearing aid type',
  'headline',
] as const;

export const PAGE_BY_SLUG_QUERY = `
query PageBySlug($slug: String!, $language: LanguageCodeEnum!) {
  pageBySlug(slug: $slug, language: $language) { id databaseId slug title content modified language { code } }
}`;

export interface PageBySlugResult {
  pageBySlug: {
    id: string;
    databaseId: number;
    slug: string;
    title: string;
    content: string;
    modified: string;
    language: { code: 'EN' | 'DE' | 'ES' };
  } | null;
}
