import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorOutput, MessageOutput, PreferredLanguageInput } from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { setPreferredLanguage } from './service';

/** REST calls about the signed-in member (spec §7). */
export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.patch(
    '/users/preferred-language',
    {
      config: { access: 'member' },
      schema: {
        tags: ['users'],
        summary: 'Save the interface language of the signed-in member',
        security: [{ bearer: [] }],
        body: PreferredLanguageInput,
        response: { 200: MessageOutput, 400: ErrorOutput, 401: ErrorOutput },
      },
    },
    async (request) => {
      await setPreferredLanguage(app.database.db, memberOf(request).userId, request.body.language);
      return { message: 'Preferred language saved.' };
    },
  );
}
