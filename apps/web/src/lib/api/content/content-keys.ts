import type { Language } from '@attune/contract';

/** Query keys of the content feature (pages, the FAQ, interface texts). */
export const contentKeys = {
  all: ['content'] as const,
  faqs: () => [...contentKeys.all, 'faq'] as const,
  faq: (language: Language, search: string) => [...contentKeys.faqs(), language, search] as const,
  pages: () => [...contentKeys.all, 'pages'] as const,
  page: (slug: string, language: Language) => [...contentKeys.all, 'page', slug, language] as const,
  translations: (language: Language) => [...contentKeys.all, 'translations', language] as const,
  translationSearch: (language: Language, search: string) =>
    [...contentKeys.translations(language), search] as const,
};
