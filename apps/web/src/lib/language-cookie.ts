import Cookies from 'js-cookie';
import { COOKIE_NAMES, DURATIONS, type Language } from '@attune/contract';
import { getConfig } from './config';

export interface CookieDomainInput {
  /** The page's host name (`window.location.hostname`). */
  host: string;
  localMode: boolean;
  productionHost: string;
}

/**
 * The `Domain` of the language cookies (spec §3): `localhost` in local mode, else the configured
 * production host — but only when the page's host equals it or is a subdomain of it, because a
 * browser refuses a cookie whose domain does not match the page (e.g. `localhost` set from
 * 127.0.0.1). Otherwise the cookie is host-only (undefined). Decision 0008.
 */
export function cookieDomainFor({ host, localMode, productionHost }: CookieDomainInput) {
  const domain = (localMode ? 'localhost' : productionHost).trim().toLowerCase();
  const page = host.toLowerCase();
  if (!domain || !(page === domain || page.endsWith(`.${domain}`))) return undefined;
  return domain;
}

function cookieOptions(): Cookies.CookieAttributes {
  const { localMode, productionHost } = getConfig();
  return {
    expires: DURATIONS.languageCookieDays,
    secure: !localMode,
    sameSite: 'Lax',
    path: '/',
    domain: cookieDomainFor({ host: window.location.hostname, localMode, productionHost }),
  };
}

function removeCookie(name: string): void {
  const { domain, path } = cookieOptions();
  Cookies.remove(name, { path, domain });
  if (domain) Cookies.remove(name, { path });
}

/** The language cookie `community_i18n` as it is now, if any. */
export function readLanguageCookie(): string | undefined {
  return Cookies.get(COOKIE_NAMES.language);
}

/** The language-redirect cookie: the language the member last chose with the switcher. */
export function readLanguageRedirectCookie(): string | undefined {
  return Cookies.get(COOKIE_NAMES.languageRedirect);
}

let languageAtMount: string | undefined;
let writtenLanguage: Language | null = null;

/**
 * "The language cookie is also cleared on app mount" (spec §3, decision 0008): reads the value a
 * previous visit left, keeps it in memory for the redirect decision, then clears the cookie. The
 * active route language writes it again (`syncLanguageCookie`).
 */
export function takeLanguageCookieOnMount(): void {
  languageAtMount = readLanguageCookie();
  writtenLanguage = null;
  removeCookie(COOKIE_NAMES.language);
}

/**
 * The saved language for a path without prefix: the member's explicit choice (language-redirect
 * cookie), else the language cookie (as it is now, or as it was at mount).
 */
export function readSavedLanguage(): string | undefined {
  return readLanguageRedirectCookie() ?? readLanguageCookie() ?? languageAtMount;
}

/** Writes the language cookie for the active route language when it changed (mount, switch). */
export function syncLanguageCookie(language: Language): void {
  if (writtenLanguage === language) return;
  writtenLanguage = language;
  Cookies.set(COOKIE_NAMES.language, language, cookieOptions());
}

/** Saves an explicit choice of the switcher in both cookies for 365 days (spec §3, §4). */
export function writeLanguageCookie(language: Language): void {
  writtenLanguage = language;
  Cookies.set(COOKIE_NAMES.language, language, cookieOptions());
  Cookies.set(COOKIE_NAMES.languageRedirect, language, cookieOptions());
}

/** Removes both language cookies (logout, spec §4). */
export function clearLanguageCookie(): void {
  removeCookie(COOKIE_NAMES.language);
  removeCookie(COOKIE_NAMES.languageRedirect);
  languageAtMount = undefined;
}
