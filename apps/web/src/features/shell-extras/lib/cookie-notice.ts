import { COOKIE_NAMES } from '@attune/contract';

/**
 * Where the acknowledgement is kept: local storage, so the notice itself adds no cookie. The key is
 * the one vanilla-cookieconsent used before (docs/decisions/0014), so its old values still count.
 */
export const COOKIE_NOTICE_STORAGE_KEY = 'attune_cookie_notice';

/**
 * Whether this browser has acknowledged the notice: any non-empty value counts, including the JSON
 * that vanilla-cookieconsent wrote. Storage that cannot be read counts as not acknowledged.
 */
export function isCookieNoticeAcknowledged(): boolean {
  try {
    return Boolean(window.localStorage.getItem(COOKIE_NOTICE_STORAGE_KEY));
  } catch {
    return false;
  }
}

/** Remembers that the notice was read. Storage that cannot be written keeps it for this page only. */
export function acknowledgeCookieNotice(): void {
  try {
    window.localStorage.setItem(COOKIE_NOTICE_STORAGE_KEY, new Date().toISOString());
  } catch {
    // Private modes and full storage: the notice is simply shown again on the next visit.
  }
}

/** Keys under `shell:cookieNotice.cookies` that describe one group of cookies. */
export interface CookieGroup {
  names: string[];
  purpose: 'signIn' | 'language' | 'betaBanner';
  duration: 'signInDuration' | 'languageDuration' | 'betaBannerDuration';
}

/** Every cookie Attune sets, by its real name, grouped by purpose (the rows of the notice's table). */
export function listCookieGroups(authCookieName: string): CookieGroup[] {
  return [
    {
      names: [authCookieName, COOKIE_NAMES.session, COOKIE_NAMES.refresh],
      purpose: 'signIn',
      duration: 'signInDuration',
    },
    {
      names: [COOKIE_NAMES.language, COOKIE_NAMES.languageRedirect],
      purpose: 'language',
      duration: 'languageDuration',
    },
    {
      names: [COOKIE_NAMES.betaBannerDismissed],
      purpose: 'betaBanner',
      duration: 'betaBannerDuration',
    },
  ];
}
