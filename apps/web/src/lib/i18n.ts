import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@attune/contract';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enLayout from '../locales/en/layout.json';
import enOnboarding from '../locales/en/onboarding.json';
import enProfile from '../locales/en/profile.json';
import enShell from '../locales/en/shell.json';
import { setRequestLanguage } from './request-language';

export const NAMESPACES = ['common', 'auth', 'layout', 'shell', 'onboarding', 'profile'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** English is the source and fallback, so it is bundled; other languages load on demand. */
export const englishResources = {
  common: enCommon,
  auth: enAuth,
  layout: enLayout,
  shell: enShell,
  onboarding: enOnboarding,
  profile: enProfile,
} as const;

type LocaleModule = { default: Record<string, unknown> };
const lazyLocales = import.meta.glob<LocaleModule>([
  '../locales/*/*.json',
  '!../locales/en/*.json',
]);

export const i18n = i18next.createInstance();

/** Loads every namespace of a language into i18next (no-op for English or when already loaded). */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE) return;
  await Promise.all(
    NAMESPACES.map(async (namespace) => {
      if (i18n.hasResourceBundle(language, namespace)) return;
      const load = lazyLocales[`../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`Missing locale file ${language}/${namespace}.json`);
      const module = await load();
      i18n.addResourceBundle(language, namespace, module.default, true, true);
    }),
  );
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
      resources: { en: englishResources },
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
