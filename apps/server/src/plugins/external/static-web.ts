import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ErrorOutput } from '@attune/contract';

const API_PREFIXES = ['/api', '/graphql', '/dev', '/media', '/healthz', '/readyz', '/config.json'];

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET that wants HTML falls back to index.html (client-side routing).
 */
export async function staticWebPlugin(app: FastifyInstance, { root }: { root: string }) {
  if (!existsSync(root)) {
    app.log.warn(
      { root },
      'web build not found: run `npm run build -w apps/web`; serving the API only',
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The web build writes .br and .gz next to each asset; send those when the browser takes them.
    preCompressed: true,
    // Our setHeaders decides caching; without this the plugin would overwrite it with max-age=0.
    cacheControl: false,
    setHeaders(res, path) {
      if (/[\\/]assets[\\/]/.test(path))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    const wantsFile = /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html');
    if (isApi || wantsFile) {
      const body: ErrorOutput = {
        code: 'not_found',
        message: `No route GET ${path}`,
        data: { status: 404 },
      };
      return reply.status(404).send(body);
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
