import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@attune/contract';

/** True when the value is one of the interface languages (en, de, es). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The interface language of a browser language tag such as `de-AT`, or null. */
export function languageFromTag(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/**
 * Language for a path without a language prefix (spec §2): the saved language cookie, then the
 * browser languages in order of preference, then en.
 */
export function pickRedirectLanguage(input: {
  cookie?: string | null | undefined;
  browserLanguages?: readonly string[] | undefined;
}): Language {
  const saved = languageFromTag(input.cookie);
  if (saved) return saved;
  for (const tag of input.browserLanguages ?? []) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * Whether the first path segment looks like a language code (`fr`, `pt-BR`; two letters, so `faq` is a path). Such a prefix that is
 * not one of ours shows "not found"; any other first segment is a path without prefix and redirects.
 */
export function looksLikeLanguageCode(segment: string): boolean {
  return /^[a-z]{2}([-_]([a-z]{2}|\d{3}))?$/i.test(segment);
}

/** Replaces (or adds) the language prefix of a path: `/en/login?x=1` → `/de/login?x=1`. */
export function swapLanguagePrefix(href: string, language: Language): string {
  const match = /^\/([^/?#]+)(.*)$/.exec(href);
  if (match && isLanguage(match[1])) return `/${language}${match[2] ?? ''}`;
  return `/${language}${href.startsWith('/') ? href : `/${href}`}`;
}
