import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorOutput,
  SupportContactInput,
  SupportContactOutput,
  SupportFormsOutput,
} from '@attune/contract';
import { languageFromHeader } from '../../lib/language';
import * as service from './service';

/**
 * Support (spec §7 declared paths `support/form-ids` and the contact form path; decision 0047).
 * Both are public: a visitor who cannot sign in is the one who most needs to write to us.
 */
export async function supportRoutes(fastify: FastifyInstance, options: { supportEmail: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];
  const config = { access: 'public' as const };

  app.get(
    '/support/form-ids',
    {
      config,
      schema: {
        tags,
        summary: 'The support forms',
        description: '`[{ id, name }]`, named in the request’s language (Accept-Language).',
        response: { 200: SupportFormsOutput },
      },
    },
    async (request) => service.supportForms(languageFromHeader(request.headers['accept-language'])),
  );

  app.post(
    '/support/contact',
    {
      config,
      schema: {
        tags,
        summary: 'Send a support request (signed in or not)',
        description:
          '`{ formId, name, email, message }`; stored for the staff, mailed to the support ' +
          'address, and confirmed to `email` in the request’s language. 201 `{ message, ' +
          'reference }`. 400 `validation_failed`; 429 `rate_limited` past 5 an hour from one ' +
          'address or 3 an hour for one e-mail. `website` must stay empty (a field people never ' +
          'see); a request that fills it is answered alike and kept nowhere.',
        body: SupportContactInput,
        response: { 201: SupportContactOutput, 400: ErrorOutput, 429: ErrorOutput },
      },
    },
    async (request, reply) => {
      // A signed-in sender is linked to their request; a token that no longer works is no reason
      // to refuse a request for help.
      const principal = await app.principalOf(request).catch(() => null);
      const answer = await service.sendRequest(
        { db: app.database.db, rateLimits: app.rateLimits, supportEmail: options.supportEmail },
        {
          ip: request.ip,
          userId: principal?.userId ?? null,
          language: languageFromHeader(request.headers['accept-language']),
        },
        request.body,
      );
      return reply.status(201).send(answer);
    },
  );
}
