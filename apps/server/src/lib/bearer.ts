import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the bearer token is `expected`, compared in constant time (also for its length). */
export function bearerMatches(request: FastifyRequest, expected: string): boolean {
  const token = bearerToken(request);
  return token !== undefined && timingSafeEqual(digest(token), digest(expected));
}
