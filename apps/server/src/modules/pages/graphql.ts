import { LANGUAGE_LOCALES, LANGUAGES, type Language } from '@attune/contract';
import type { GraphQLContext } from '../../graphql/context';
import type { RootFieldAccess } from '../../lib/access-rules';
import { getPage } from './service';

export const pageTypeDefs = /* GraphQL */ `
  enum LanguageCodeEnum {
    EN
    DE
    ES
  }
  type Language {
    code: LanguageCodeEnum!
    name: String!
    slug: String!
    locale: String!
  }
  "A public information page (about, faq, terms-and-conditions) in one language."
  type Page {
    id: ID!
    databaseId: Int!
    slug: String!
    title: String!
    "Sanitised HTML."
    content: String!
    language: Language!
    modified: String!
  }
  extend type Query {
    "The interface languages."
    languages: [Language!]!
    "A page by slug in a language; null when it does not exist."
    pageBySlug(slug: String!, language: LanguageCodeEnum!): Page
  }
`;

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', es: 'Español' };

const presentLanguage = (language: Language) => ({
  code: language.toUpperCase(),
  name: LANGUAGE_NAMES[language],
  slug: language,
  locale: LANGUAGE_LOCALES[language].replace('-', '_'),
});

/** Who may ask each root field (decision 0028): the information pages are public. */
export const pageAccess = {
  Query: { languages: 'public', pageBySlug: 'public' },
} satisfies RootFieldAccess;

export const pageResolvers = {
  Query: {
    languages: () => LANGUAGES.map(presentLanguage),
    async pageBySlug(
      _root: unknown,
      args: { slug: string; language: string },
      { app }: GraphQLContext,
    ) {
      const language = args.language.toLowerCase() as Language;
      const page = await getPage(app.database.db, args.slug, language, {
        supportEmail: app.auth.config.supportEmail,
        manufacturer: app.auth.config.manufacturerNames[language],
      });
      return page && { ...page, language: presentLanguage(page.language) };
    },
  },
};
