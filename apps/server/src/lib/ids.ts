import { z } from 'zod';

/** Largest id a PostgreSQL `integer` (serial) column holds. */
export const MAX_DATABASE_ID = 2_147_483_647;

/**
 * A database id from client input ("42", 42), or undefined when it is not a whole number from 1 to
 * MAX_DATABASE_ID: 2^40, -1, "abc" and "1e3" are refused here instead of failing in the database.
 */
export function parseDatabaseId(raw: unknown): number | undefined {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_DATABASE_ID ? id : undefined;
}

/** A database id in a route's path or query string, as a zod schema (same bounds as parseDatabaseId). */
export const DatabaseIdParam = z.coerce.number().int().min(1).max(MAX_DATABASE_ID);
