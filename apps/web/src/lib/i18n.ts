import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@attune/contract';
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
import enShell from '../locales/en/shell.json';
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
};

type LocaleModule = { default: Record<string, unknown> };
const lazyLocales = import.meta.glob<LocaleModule>([
  '../locales/*/*.json',
  '!../locales/en/{common,auth,layout,shell}.json',
]);

/** The namespaces pages have needed so far: a language switch loads them all in the new language. */
const wantedNamespaces = new Set<Namespace>(CORE_NAMESPACES);

export const i18n = i18next.createInstance();

async function loadBundle(language: Language, namespace: Namespace): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return;
  const load = lazyLocales[`../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`Missing locale file ${language}/${namespace}.json`);
  const module = await load();
  i18n.addResourceBundle(language, namespace, module.default, true, true);
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
}
