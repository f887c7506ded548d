import { invalidField } from '../errors';

/**
 * The opaque cursor of a list ordered by a text key and then id (the directory by display name,
 * groups by name, requests to join by time): base64url of `[key, id]` of the page's last row.
 * Clients pass it back unchanged.
 */
export const encodeKeyCursor = (key: string, id: number) =>
  Buffer.from(JSON.stringify([key, id])).toString('base64url');

/** The cursor's position, or a 400 `validation_failed` naming the field when it is not one of ours. */
export function decodeKeyCursor(
  cursor: string | undefined,
  field = 'cursor',
): { key: string; id: number } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      Number.isInteger(value[1]) &&
      value[1] > 0 &&
      value[1] <= 2_147_483_647
    )
      return { key: value[0], id: value[1] };
  } catch {
    // Answered below.
  }
  throw invalidField(field, 'The cursor is not valid; pass the nextCursor of a previous page.');
}
