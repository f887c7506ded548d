import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. Our options make them the same for every request
 * (no nonces, no per-request directives), so helmet runs once, at start, and each answer gets the
 * headers it produced: running helmet's dozen middlewares on every request was a measurable share
 * of a fast authenticated read (decisions 0020 and 0030). Options that depend on the request would
 * need helmet per request again.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  let ran = false;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
      ran = true;
    },
  );
  if (failure) throw failure;
  if (!ran) throw new Error('helmet did not answer synchronously; set the headers per request');
  return headers;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
