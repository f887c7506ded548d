/**
 * The GraphQL documents of step 9's content (interface texts, languages). Kept apart from
 * content.ts and free of zod: the web's first screen asks for them, and a module-level zod schema
 * there would pull all of zod into its first bundle.
 */

/**
 * Staff's overrides of the interface texts in a language (`translations` with `overridesOnly`):
 * the web ships the bundled texts and applies these over them at start and on a language switch,
 * so a page load does not fetch every text again (usually the list is empty).
 */
export const TRANSLATIONS_QUERY = `
query translations($language: String!) {
  translations(language: $language, overridesOnly: true) { key value }
}`;
export interface TranslationsResult {
  translations: { key: string; value: string }[];
}

/** The interface languages (WPGraphQL's `languages`), as the language switch lists them. */
export const LANGUAGES_QUERY = `
query get_languages {
  languages { code name slug locale }
}`;
export interface LanguagesResult {
  languages: { code: string; name: string; slug: string; locale: string }[];
}
