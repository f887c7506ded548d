import type { GraphQLContext } from '../../graphql/context';
import type { RootFieldAccess } from '../../lib/access-rules';
import { languageOf, translationsFor } from './service';

export const translationTypeDefs = /* GraphQL */ `
  "One interface text: its key (namespace:path.to.key) and the text to show."
  type Translation {
    key: String!
    value: String!
  }
  extend type Query {
    "Every interface text in a language (en, de, es): staff's override, else the bundled text, else English. With overridesOnly, only staff's overrides (what an app that ships the bundled texts needs)."
    translations(language: String!, overridesOnly: Boolean = false): [Translation!]!
  }
`;

/** Who may ask each root field (decision 0028): the interface texts are public. */
export const translationAccess = {
  Query: { translations: 'public' },
} satisfies RootFieldAccess;

export const translationResolvers = {
  Query: {
    translations: (
      _root: unknown,
      args: { language: string; overridesOnly?: boolean | null },
      { app }: GraphQLContext,
    ) =>
      translationsFor(app.database.db, languageOf(args.language), {
        overridesOnly: args.overridesOnly ?? false,
      }),
  },
};
