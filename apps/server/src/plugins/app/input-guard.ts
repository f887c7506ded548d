import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalidField } from '../../errors';

/** Where in the value a NUL character hides (`input.username`, `variables.list.2`), or undefined. */
export function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses a NUL character anywhere in the request's input (body, query string, path parameters)
 * before any route sees it: PostgreSQL cannot store it in text, and no member types one. One hook
 * for every route, REST and GraphQL, so no field can forget it.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const field =
      findNul(request.params, '') ?? findNul(request.query, '') ?? findNul(request.body, '');
    if (field !== undefined)
      throw invalidField(field || 'request', 'Text must not contain NUL characters.');
  });
});
