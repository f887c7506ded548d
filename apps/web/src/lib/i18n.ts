import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGES_QUERY,
  TRANSLATIONS_QUERY,
  type Language,
  type LanguagesResult,
  type TranslationsResult,
} from '@attune/contract';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enLayout from '../locales/en/layout.json';
import type enOnboarding from '../locales/en/onboarding.json';
import type enProfile from '../locales/en/profile.json';
import type enConnections from '../locales/en/connections.json';
import type enPosts from '../locales/en/posts.json';
import type enGroups from '../locales/en/groups.json';
import type enNotifications from '../locales/en/notifications.json';
import type enChat from '../locales/en/chat.json';
import type enSupport from '../locales/en/support.json';
import type enStaff from '../locales/en/staff.json';
import type enContent from '../locales/en/content.json';
import type enErrors from '../locales/en/errors.json';
import enShell from '../locales/en/shell.json';
import { anonymousGraphqlClient } from './graphql-client';
import { isLanguage } from './language';
import { setRequestLanguage } from './request-language';

/** Texts every page may show: English is bundled, other languages load with the language. */
export const CORE_NAMESPACES = ['common', 'auth', 'layout', 'shell'] as const;
/** Texts of one area (onboarding, profile): loaded by that area's routes, in every language. */
export const AREA_NAMESPACES = [
  'onboarding',
  'profile',
  'connections',
  'posts',
  'groups',
  'notifications',
  'chat',
  'support',
  'staff',
  'content',
  // The error texts only members meet (chat, groups, posts, connections); those a visitor may
  // meet signing in or up stay in `common` (decision 0049: the login page's bytes).
  'errors',
] as const;
export const NAMESPACES = [...CORE_NAMESPACES, ...AREA_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** English is the source and fallback; its core namespaces are bundled with the app. */
const englishCore = {
  common: enCommon,
  auth: enAuth,
  layout: enLayout,
  shell: enShell,
} as const;

/** Every English namespace, as a type: what `t()` keys are checked against. */
export type EnglishResources = typeof englishCore & {
  onboarding: typeof enOnboarding;
  profile: typeof enProfile;
  connections: typeof enConnections;
  posts: typeof enPosts;
  groups: typeof enGroups;
  notifications: typeof enNotifications;
  chat: typeof enChat;
  support: typeof enSupport;
  staff: typeof enStaff;
  content: typeof enContent;
  errors: typeof enErrors;
};

type LocaleModule = { default: Record<string, unknown> };
const lazyLocales = import.meta.glob<LocaleModule>([
  '../locales/*/*.json',
  '!../locales/en/{common,auth,layout,shell}.json',
]);

/** The namespaces pages have needed so far: a language switch loads them all in the new language. */
const wantedNamespaces = new Set<Namespace>(CORE_NAMESPACES);

export const i18n = i18next.createInstance();

/** Emitted after staff's texts changed what a loaded namespace shows (components re-render). */
const OVERRIDES_APPLIED = 'attuneOverridesApplied';

async function loadBundle(language: Language, namespace: Namespace): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return;
  const load = lazyLocales[`../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`Missing locale file ${language}/${namespace}.json`);
  const module = await load();
  i18n.addResourceBundle(language, namespace, module.default, true, true);
  applyOverrides(language, namespace);
}

/** Loads the wanted namespaces of a language, and of English, the fallback for a missing key. */
export async function loadLanguage(language: Language): Promise<void> {
  const languages = language === DEFAULT_LANGUAGE ? [language] : [DEFAULT_LANGUAGE, language];
  await Promise.all(
    [...wantedNamespaces].flatMap((namespace) =>
      languages.map((code) => loadBundle(code, namespace)),
    ),
  );
}

/** Loads an area's namespaces in the current language (route loaders call this before showing). */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  namespaces.forEach((namespace) => wantedNamespaces.add(namespace));
  await loadLanguage(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
}

/** Starts i18next in the given language. */
export async function initI18n(language: Language): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: ['en', 'de', 'es'],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: { en: englishCore },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      // Components show staff's texts as soon as they arrive (see `applyOverrides`).
      react: { bindI18n: `languageChanged ${OVERRIDES_APPLIED}` },
    });
  }
  await applyLanguage(language);
}

/** Switches the interface language: texts, `<html lang>` and the language sent to the server. */
export async function applyLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  setRequestLanguage(language);
  if (overridesStarted) void loadOverrides(language);
}

// ─── Staff's texts and the server's languages (step 9) ──────────────────────────────────────────

/** Per language, per namespace: every text the server gives (`path.to.key` → text). */
const overrides = new Map<Language, Map<string, Map<string, string>>>();
const overridesAsked = new Set<Language>();
let overridesStarted = false;

/**
 * Puts the server's texts of a namespace over its bundled ones, where they differ. Only for a
 * namespace already loaded: one loaded later gets them right after its bundled texts.
 */
function applyOverrides(language: Language, namespace: string): boolean {
  const texts = overrides.get(language)?.get(namespace);
  if (!texts || !i18n.hasResourceBundle(language, namespace)) return false;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of texts) {
    if (i18n.getResource(language, namespace, key) === value) continue;
    let node = changed;
    const parts = key.split('.');
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = value;
  }
  if (Object.keys(changed).length === 0) return false;
  i18n.addResourceBundle(language, namespace, changed, true, true);
  return true;
}

/**
 * Asks the server for a language's texts (GraphQL `translations`) once per page load and applies
 * them. Never in the way: the bundled texts show first, and a failure keeps them.
 */
async function loadOverrides(language: Language): Promise<void> {
  if (overridesAsked.has(language)) return;
  overridesAsked.add(language);
  try {
    const data = await anonymousGraphqlClient.request<TranslationsResult>(TRANSLATIONS_QUERY, {
      language,
    });
    const byNamespace = new Map<string, Map<string, string>>();
    for (const { key, value } of data.translations ?? []) {
      const split = key.indexOf(':');
      if (split <= 0 || typeof value !== 'string') continue;
      const namespace = key.slice(0, split);
      if (!byNamespace.has(namespace)) byNamespace.set(namespace, new Map());
      byNamespace.get(namespace)!.set(key.slice(split + 1), value);
    }
    overrides.set(language, byNamespace);
    let changed = false;
    for (const namespace of byNamespace.keys())
      changed = applyOverrides(language, namespace) || changed;
    if (changed) i18n.emit(OVERRIDES_APPLIED);
  } catch {
    // The bundled texts stay; the next page load asks again.
    overridesAsked.delete(language);
  }
}

/** The interface languages the server offers (`get_languages`); the bundled list until then. */
let serverLanguages: readonly Language[] = LANGUAGES;
const languageListeners = new Set<() => void>();

async function loadServerLanguages(): Promise<void> {
  try {
    const data = await anonymousGraphqlClient.request<LanguagesResult>(LANGUAGES_QUERY);
    const offered = (data.languages ?? [])
      .map((language) => language.slug?.toLowerCase())
      .filter((code): code is Language => isLanguage(code));
    if (offered.length === 0) return;
    serverLanguages = offered;
    languageListeners.forEach((listener) => listener());
  } catch {
    // The bundled list stays.
  }
}

/** The languages the switch offers: the server's (those this app has texts for), else bundled. */
export const interfaceLanguages = (): readonly Language[] => serverLanguages;
export function subscribeInterfaceLanguages(listener: () => void): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}

/** Tests only: staff's texts forgotten and no longer asked for; the bundled language list. */
export function resetServerTextsForTests(): void {
  overridesStarted = false;
  overrides.clear();
  overridesAsked.clear();
  serverLanguages = LANGUAGES;
}

/**
 * Called once the public configuration is loaded (main.tsx): asks the server for staff's texts in
 * the current language, and from now on with every language switch, and for its languages.
 */
export function startServerTexts(): void {
  if (overridesStarted) return;
  overridesStarted = true;
  if (isLanguage(i18n.language)) void loadOverrides(i18n.language);
  void loadServerLanguages();
}
