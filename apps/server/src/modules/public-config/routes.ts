import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BASE_PATHS, PublicConfig } from '@attune/contract';
import type { AppConfig } from '../../config';

/**
 * The public settings, served at start so one web build serves every deployment. `origin` is
 * PUBLIC_URL, or empty for same-origin paths (`/graphql`).
 */
export function publicConfig(config: AppConfig, origin: string): PublicConfig {
  return {
    graphqlUrl: `${origin}${BASE_PATHS.graphql}`,
    restUrl: `${origin}${BASE_PATHS.rest}`,
    socialUrl: `${origin}${BASE_PATHS.social}`,
    backendUrl: origin || '/',
    appUrl: origin || '/',
    registerToken: config.registerToken,
    recoverToken: config.recoverToken,
    authCookieName: config.authCookieName,
    supportEmail: config.supportEmail,
    productionHost: config.productionHost,
    localMode: config.localMode,
    manufacturerName: config.manufacturerNames.en,
    manufacturerNames: config.manufacturerNames,
    consent: config.consent,
  };
}

export async function publicConfigRoutes(
  fastify: FastifyInstance,
  { config }: { config: AppConfig },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/config.json',
    { config: { access: 'public' }, schema: { tags: ['config'], response: { 200: PublicConfig } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      // Without PUBLIC_URL (local mode) the addresses are paths on the origin the page came from;
      // the Host header is never copied into the answer (a forged one would poison caches).
      const origin = config.publicUrlConfigured ? config.publicUrl : '';
      return publicConfig(config, origin);
    },
  );
}
