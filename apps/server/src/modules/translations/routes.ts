import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorOutput,
  TranslationDeleteQuery,
  TranslationOutput,
  TranslationsOutput,
  TranslationsQuery,
  TranslationUpdateInput,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { assertMay as assertStaff, type StaffPrincipal } from '../../lib/staff-access';
import * as service from './service';

/**
 * The translations editor's calls (`translation/internal`, step 9). A signed-in member may ask;
 * the service asks the staff table (`edit_translations`: super admins only), so everyone else
 * gets 403. Reading the texts is GraphQL `translations`, public.
 */
export async function translationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['translations'];
  const config = { access: 'member' as const };
  const staffOf = (request: FastifyRequest): StaffPrincipal => memberOf(request);
  /**
   * The staff rule before the input's: someone not allowed is refused before the body or query
   * is checked, so a refusal never tells them what the call expects (issue 41).
   */
  const staffOnly = async (request: FastifyRequest) =>
    assertStaff('edit_translations', staffOf(request));
  const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput };

  app.get(
    '/translation/internal',
    {
      preValidation: staffOnly,
      config,
      schema: {
        tags,
        security,
        summary: 'Interface texts of a language, for the translations editor',
        description:
          '`{ entries: [{ key, bundled, english, override }] }`: every key (`namespace:path`) ' +
          'with the English text, the text the app ships in `language` and staff’s override ' +
          '(or null). With `search`, the keys whose key or texts hold it, accents and case ' +
          'aside. At most 200, by key. Staff operation `edit_translations`.',
        querystring: TranslationsQuery,
        response: { 200: TranslationsOutput, ...errors },
      },
    },
    async (request) =>
      service.listTranslations(
        app.database.db,
        staffOf(request),
        request.query.language,
        request.query.search,
      ),
  );

  app.put(
    '/translation/internal',
    {
      preValidation: staffOnly,
      config,
      schema: {
        tags,
        security,
        summary: 'Override one interface text in one language',
        description:
          '`{ language, key, value }` → the same. The key must be one the app ships in ' +
          'English (else 400 `validation_failed`, field `key`); the value 1–2000 characters ' +
          'keeping every `{{placeholder}}` of the English text (else field `value`). The web ' +
          'shows it from its next start. Writes an audit entry. Staff operation ' +
          '`edit_translations`.',
        body: TranslationUpdateInput,
        response: { 200: TranslationOutput, ...errors },
      },
    },
    async (request) => service.setTranslation(app.database.db, staffOf(request), request.body),
  );

  app.delete(
    '/translation/internal',
    {
      preValidation: staffOnly,
      config,
      schema: {
        tags,
        security,
        summary: 'Remove the override of an interface text',
        description:
          '`?language=&key=` → `{ language, key, value }` with the bundled text the key shows ' +
          'again. Answers alike when there was no override. Writes an audit entry when one was ' +
          'removed. Staff operation `edit_translations`.',
        querystring: TranslationDeleteQuery,
        response: { 200: TranslationOutput, ...errors },
      },
    },
    async (request) => service.resetTranslation(app.database.db, staffOf(request), request.query),
  );
}
