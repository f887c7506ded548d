import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import languages from '@cospired/i18n-iso-languages';
import { allCountries } from 'country-region-data';
import { getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { LANGUAGES, slugify, type Language } from '@attune/contract';

const require = createRequire(import.meta.url);
for (const language of LANGUAGES) {
  countries.registerLocale(require(`i18n-iso-countries/langs/${language}.json`));
  languages.registerLocale(require(`@cospired/i18n-iso-languages/langs/${language}.json`));
}

/** Where the flag SVGs of the `flag-icons` package live; served at /media/flags/. */
export const FLAGS_DIR = require
  .resolve('flag-icons/package.json')
  .replace(/package\.json$/, 'flags/4x3');

export interface Country {
  name: string;
  code: string;
  emoji: string;
  flag: string;
  dialCodes?: string[];
  slug: string;
}

/** The flag emoji of a two-letter code: its letters as regional indicator symbols. */
export const flagEmoji = (code: string) =>
  String.fromCodePoint(
    ...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65),
  );

const codes = Object.keys(countries.getAlpha2Codes());
const cache = new Map<Language, Country[]>();

/** Every ISO 3166-1 country (about 250), named in the language, sorted by that name. */
export function listCountries(language: Language): Country[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const collator = new Intl.Collator(language);
  const list = codes
    .map((code): Country => {
      const dial = isSupportedCountry(code)
        ? getCountryCallingCode(code as CountryCode)
        : undefined;
      return {
        name: countries.getName(code, language) ?? code,
        code,
        emoji: flagEmoji(code),
        flag: `/media/flags/${code.toLowerCase()}.svg`,
        ...(dial ? { dialCodes: [`+${dial}`] } : {}),
        slug: slugify(countries.getName(code, 'en') ?? code),
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, list);
  return list;
}

export const isCountryCode = (code: string) => countries.isValid(code) && code.length === 2;

/** Regions (states, provinces) of a country from `country-region-data`; null for an unknown country. */
export function listRegions(countryCode: string): { name: string; code: string }[] | null {
  const entry = allCountries.find(([, code]) => code === countryCode.toUpperCase());
  return entry ? entry[2].map(([name, code]) => ({ name, code: code ?? slugify(name) })) : null;
}

/** ISO 639-1 languages named in the interface language, sorted by that name. */
export function listSpeakingLanguages(language: Language): { code: string; name: string }[] {
  const collator = new Intl.Collator(language);
  return Object.entries(languages.getNames(language))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export const isSpeakingLanguage = (code: string) => languages.isValid(code);
