import Cookies from 'js-cookie';
import { COOKIE_NAMES, DURATIONS, type Language } from '@attune/contract';
import { getConfig } from './config';

function cookieDomain(): string | undefined {
  const { localMode, productionHost } = getConfig();
  const host = window.location.hostname;
  // Local mode and hosts other than the production host keep a host-only cookie: a browser drops a
  // cookie whose domain does not match the page (e.g. `localhost` set from 127.0.0.1).
  if (
    localMode ||
    !productionHost ||
    !(host === productionHost || host.endsWith(`.${productionHost}`))
  ) {
    return undefined;
  }
  return productionHost;
}

function cookieOptions(): Cookies.CookieAttributes {
  return {
    expires: DURATIONS.languageCookieDays,
    secure: !getConfig().localMode,
    sameSite: 'Lax',
    path: '/',
    domain: cookieDomain(),
  };
}

/** The saved interface language (cookie `community_i18n`), if any. */
export function readLanguageCookie(): string | undefined {
  return Cookies.get(COOKIE_NAMES.language);
}

/** Saves the chosen interface language for 365 days (spec §3, §4). */
export function writeLanguageCookie(language: Language): void {
  Cookies.set(COOKIE_NAMES.language, language, cookieOptions());
}

/** Removes the saved language (used on logout). */
export function clearLanguageCookie(): void {
  const { domain, path } = cookieOptions();
  Cookies.remove(COOKIE_NAMES.language, { path, domain });
  if (domain) Cookies.remove(COOKIE_NAMES.language, { path });
}
