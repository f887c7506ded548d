import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LANGUAGES, type ErrorOutput } from '@attune/contract';
import { declareAccess } from '../app/access';

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
  // The web app's files and pages are public (decision 0028; the data they show is not).
  declareAccess(app, 'public');
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
  // The web build writes index.{en,de,es}.html: the loading screen in the page's language, painted
  // before any script runs, and login.{en,de,es}.html, which also preload the login page's code
  // (decision 0018). Paths without a language prefix get index.html (en).
  const pageFor = (path: string): string => {
    const [, prefix = '', ...rest] = path.replace(/\/+$/, '').split('/');
    if (!(LANGUAGES as readonly string[]).includes(prefix)) return 'index.html';
    const candidates = rest.join('/') === 'login' ? ['login', 'index'] : ['index'];
    const found = candidates
      .map((page) => `${page}.${prefix}.html`)
      .find((file) => builtPages.has(file));
    return found ?? 'index.html';
  };
  const builtPages = new Set(
    LANGUAGES.flatMap((language) => [`index.${language}.html`, `login.${language}.html`]).filter(
      (file) => existsSync(join(root, file)),
    ),
  );
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    const wantsFile = /\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html');
    if (isApi || wantsFile) {
      const body: ErrorOutput = {
        code: 'not_found',
        message: `No route GET ${path}`,
        data: { status: 404, params: {} },
      };
      return reply.status(404).send(body);
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(pageFor(path));
  });
}
