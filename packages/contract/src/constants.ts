/** Business constants of spec §9 and the auth rules of step 1, kept in one place. */

export const LANGUAGES = ['en', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Longest search text anywhere (members, groups, chat, mentions, staff lists, pages and texts);
 * longer input is refused rather than cut. Server, web and GraphQL all read this one.
 */
export const SEARCH_MAX_LENGTH = 100;
export const LANGUAGE_LOCALES: Record<Language, string> = {
  en: 'en-US',
  de: 'de-DE',
  es: 'es-ES',
};

export const COOKIE_NAMES = {
  language: 'community_i18n',
  languageRedirect: 'community_i18n_redirect',
  betaBannerDismissed: 'community.alert_sticky',
  /** httpOnly cookie set by authwp; used by WebSocket and media requests. */
  session: 'attune_session',
  /** httpOnly cookie holding the rotating refresh token (the browser never reads it). */
  refresh: 'attune_refresh',
} as const;

export const DURATIONS = {
  languageCookieDays: 365,
  authCookieDays: 1,
  betaBannerDismissSeconds: 604_800,
  reloadGuardMs: 10_000,
  loadingScreenMs: 1_000,
  snackbarTimeoutMs: 4_000,
  snackbarComponentTimeoutMs: 5_000,
} as const;

export const AUTH_RULES = {
  /** Lifetime of the JWT inside the auth cookie; the web app refreshes it silently. */
  accessTokenSeconds: 15 * 60,
  /** A session ends this long after login, whatever happens. */
  sessionAbsoluteDays: 30,
  /** A session ends after this long without any use. */
  sessionIdleDays: 7,
  codeLength: 6,
  codeValidMinutes: 10,
  codeMaxAttempts: 5,
  /** After a sign-up or reset code is validated, the next step must happen within this window. */
  validatedCodeWindowMinutes: 15,
  passwordMinLength: 8,
  passwordMaxLength: 200,
} as const;

export const ROLES = ['super_admin', 'area_manager', 'mentor', 'medel_user', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const REGISTRATION_TYPES = ['regular', 'medel'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

export const OTP_DEFAULT_LENGTH = 6;
export const FRIENDS_PAGE_SIZE = 1000;
export const DEFAULT_AREA = 'international';
export const DEFAULT_IS_FRIEND = 3;
export const DEFAULT_POST_LANGUAGE_FILTER = 'ALL';

export const BASE_PATHS = {
  graphql: '/graphql',
  rest: '/api',
  social: '/api/social',
} as const;
