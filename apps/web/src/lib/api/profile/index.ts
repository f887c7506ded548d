/**
 * Profile calls shared by onboarding, settings and profile pages (spec §7): one fetcher and one
 * query-options factory per call, all going through the REST and GraphQL clients.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  Country,
  Language,
  MessageOutput,
  NotificationPreferenceKey,
  NotificationPreferences,
  Option,
  ProfileFieldInfo,
  ProfileUpdateInput,
  ProfileUpdateOutput,
  PublicProfile,
  Region,
  SpeakingLanguage,
} from '@attune/contract';
import { getValidAuthToken, withAuthRetry } from '../../auth-session';
import { getConfig, joinUrl } from '../../config';
import { getRequestLanguage } from '../../request-language';
import { ApiError, NETWORK_ERROR, restRequest, toApiError } from '../../rest-client';

/** An authenticated REST call with the current token, refreshed once on a 401. */
export async function authed<T>(
  path: string,
  options: Parameters<typeof restRequest>[1] = {},
): Promise<T> {
  return withAuthRetry(async () =>
    restRequest<T>(path, { ...options, bearer: await getValidAuthToken() }),
  );
}

export interface ExtendedField {
  databaseId: number;
  name: string;
  value: { raw: string };
  /** Only on one's own profile. */
  visibility: string | null;
}

/** A member as the signed-in viewer may see them (GraphQL `user`, spec §3 Profile). */
export interface Profile {
  databaseId: number;
  nickname: string;
  username: string;
  email: string | null;
  roles: string[];
  /** The member's capabilities on their own profile; empty on anyone else's. */
  capabilities: string[];
  avatar: { url: string | null };
  description: string;
  firstName: string;
  lastName: string;
  lastActivity: string | null;
  locale: string;
  area: string;
  memberTypes: string[];
  mentionName: string;
  registeredDate: string;
  completedSetup: boolean | null;
  isFriend: number;
  totalFriendCount: number;
  extendedProfile: ExtendedField[];
}

/** Query keys of profile data (cleared with the rest of the profile state on logout). */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  /** Every member's profile page (the prefix of `byAddress`). */
  members: () => [...profileKeys.all, 'user'] as const,
  /** A profile page, by its address (display name or username); compared without case. */
  byAddress: (address: string) => [...profileKeys.members(), address.trim().toLowerCase()] as const,
  fields: (language: Language) => [...profileKeys.all, 'fields', language] as const,
  countries: (language: Language) => [...profileKeys.all, 'countries', language] as const,
  regions: (country: string) => [...profileKeys.all, 'regions', country.toUpperCase()] as const,
  speakingLanguages: (language: Language) =>
    [...profileKeys.all, 'speaking-languages', language] as const,
  areas: (language: Language) => [...profileKeys.all, 'areas', language] as const,
  notificationPreferences: () => [...profileKeys.all, 'notification-preferences'] as const,
};

/** The one value of an extended field, looked up by name case-insensitively (spec §3); '' when absent. */
export function fieldValue(fields: readonly ExtendedField[], name: string): string {
  return fields.find((field) => field.name.toLowerCase() === name.toLowerCase())?.value.raw ?? '';
}

/**
 * Fetching a member failed (spec §8 "Fetch user"): the route shows 'User ID not found' for a 404,
 * else 'Error fetching user data' (`components/ui/user-fetch-error.tsx`). Wraps the call's error.
 */
export class UserFetchError extends Error {
  constructor(override readonly cause: unknown) {
    super('Error fetching user data');
    this.name = 'UserFetchError';
  }
}

/** Runs a fetch of a member, turning its failure into a `UserFetchError`. */
async function fetchingUser<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new UserFetchError(error);
  }
}

/** `GET /api/fetch-user`: the signed-in member's own profile with every field and its visibility. */
export const fetchMe = () => fetchingUser(() => authed<Profile & { id: number }>('fetch-user'));
export const meQueryOptions = () => queryOptions({ queryKey: profileKeys.me(), queryFn: fetchMe });

/**
 * `GET /api/users/nickname/{nickname}`: a member's profile at their address (display name, or
 * username while they have none), as the viewer may see it; null when there is no such member.
 */
export function fetchProfile(address: string): Promise<PublicProfile | null> {
  return fetchingUser(async () => {
    try {
      return await authed<PublicProfile>(`users/nickname/${encodeURIComponent(address.trim())}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  });
}
export const profileQueryOptions = (address: string) =>
  queryOptions({
    queryKey: profileKeys.byAddress(address),
    queryFn: () => fetchProfile(address),
  });

/**
 * `PUT /api/update-profile`; on error the caller shows `error.message` (spec §3). A new e-mail
 * address comes back as `pendingEmail`: it takes effect once its code is confirmed.
 */
export const updateProfile = (input: ProfileUpdateInput) =>
  authed<ProfileUpdateOutput>('update-profile', { method: 'PUT', body: input });

/** `GET /api/users/check/nickname/{nickname}` → whether another member has that name. */
export const checkNickname = async (nickname: string, signal?: AbortSignal) =>
  (
    await restRequest<{ exists: boolean }>(
      `users/check/nickname/${encodeURIComponent(nickname.trim())}`,
      {
        bearer: await getValidAuthToken(),
        signal,
      },
    )
  ).exists;

const REFERENCE_STALE = 60 * 60_000;
const withLanguage = (path: string, language: Language) => `${path}?language=${language}`;

export const profileFieldsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: profileKeys.fields(language),
    queryFn: () => restRequest<ProfileFieldInfo[]>(withLanguage('profile-fields', language)),
    staleTime: REFERENCE_STALE,
  });
export const countriesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: profileKeys.countries(language),
    queryFn: () => restRequest<Country[]>(withLanguage('countries', language)),
    staleTime: REFERENCE_STALE,
  });
/** `GET /api/regions?country=XX`; the caller shows 'Error fetching regions' on failure (spec §8). */
export const regionsQueryOptions = (country: string) =>
  queryOptions({
    queryKey: profileKeys.regions(country),
    queryFn: () => restRequest<Region[]>(`regions?country=${encodeURIComponent(country)}`),
    staleTime: REFERENCE_STALE,
    enabled: /^[A-Za-z]{2}$/.test(country),
  });
export const speakingLanguagesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: profileKeys.speakingLanguages(language),
    queryFn: () => restRequest<SpeakingLanguage[]>(withLanguage('speaking-languages', language)),
    staleTime: REFERENCE_STALE,
  });
export const areasQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: profileKeys.areas(language),
    queryFn: () => restRequest<Option[]>(withLanguage('areas', language)),
    staleTime: REFERENCE_STALE,
  });

/** `GET /api/notifications/preferences` ('Error fetching email notifications preferences' on failure). */
export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.notificationPreferences(),
    queryFn: () => authed<NotificationPreferences>('notifications/preferences'),
  });
/** `PATCH /api/notifications/preferences` with one key ('Error updating email notification preference'). */
export const updateNotificationPreference = (key: NotificationPreferenceKey, value: boolean) =>
  authed<{ message: string; preferences: NotificationPreferences }>('notifications/preferences', {
    method: 'PATCH',
    body: { key, value },
  });

/** `DELETE /api/delete-user`. The web app logs out whatever the answer (spec §8). */
export const deleteAccount = () => authed<MessageOutput>('delete-user', { method: 'DELETE' });

/** `GET /api/me/export` as a file the member can save. */
export async function downloadMyData(): Promise<Blob> {
  return withAuthRetry(async () => {
    const token = await getValidAuthToken();
    let response: Response;
    try {
      response = await fetch(joinUrl(getConfig().restUrl, 'me/export'), {
        headers: {
          Authorization: `Bearer ${token ?? ''}`,
          'Accept-Language': getRequestLanguage(),
        },
      });
    } catch {
      throw new ApiError(NETWORK_ERROR, 0, '');
    }
    if (!response.ok)
      throw toApiError(response.status, await response.json().catch(() => undefined));
    return response.blob();
  });
}

/**
 * `POST /api/social/members/{id}/avatar`, multipart `file` + `action=bp_avatar_upload`; resolves with
 * the full avatar URL from the first element of the answer (spec §7). On failure the caller shows
 * 'Error uploading your profile image. Please, try again later.' (spec §8).
 */
export async function uploadAvatar(
  memberId: number,
  file: Blob,
  filename = 'avatar',
): Promise<string> {
  const body = await authedUpload(
    joinUrl(getConfig().socialUrl, `members/${memberId}/avatar`),
    () => {
      const form = new FormData();
      form.append('action', 'bp_avatar_upload');
      form.append('file', file, filename);
      return form;
    },
  );
  const first = Array.isArray(body) ? (body[0] as { full?: string } | undefined) : undefined;
  if (!first?.full) throw new ApiError('unknown_error', 200, '');
  return first.full;
}

/**
 * A multipart POST to `url` with the current token (refreshed once on a 401), in the member's
 * language; resolves with the JSON answer, or throws the server's error as an ApiError.
 */
export async function authedUpload(url: string, form: () => FormData): Promise<unknown> {
  return withAuthRetry(async () => {
    const token = await getValidAuthToken();
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token ?? ''}`,
          'Accept-Language': getRequestLanguage(),
        },
        body: form(),
      });
    } catch {
      throw new ApiError(NETWORK_ERROR, 0, '');
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw toApiError(response.status, body);
    return body;
  });
}
