import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorOutput, MessageOutput, SPEC_SNACKBAR_KEYS } from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { clearAuthCookies } from '../auth/service';
import { deleteMember, exportMemberData } from './service';

/** The member's data as a whole: download it, or delete the account (spec §7 REST API). */
export async function accountDataRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  const security = [{ bearer: [] }];

  app.get(
    '/me/export',
    {
      config: { access: 'member' },
      schema: {
        tags,
        security,
        summary: 'Download all my data as JSON (GDPR art. 15/20)',
        response: {
          200: z.object({ exportedAt: z.string() }).loose(),
          401: ErrorOutput,
          404: ErrorOutput,
        },
      },
    },
    async (request, reply) => {
      const principal = memberOf(request);
      const data = await exportMemberData(app.auth, principal.userId);
      reply.header(
        'content-disposition',
        `attachment; filename="attune-data-${new Date().toISOString().slice(0, 10)}.json"`,
      );
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/delete-user',
    {
      config: { access: 'member' },
      schema: {
        tags,
        security,
        summary: 'Delete my account and all my personal data for good',
        response: { 200: MessageOutput, 401: ErrorOutput },
      },
    },
    async (request, reply) => {
      const principal = memberOf(request);
      await deleteMember(app.auth, principal.userId, app.mediaDir);
      clearAuthCookies(reply, app.auth.config);
      return { message: SPEC_SNACKBAR_KEYS.accountDeleted };
    },
  );
}
