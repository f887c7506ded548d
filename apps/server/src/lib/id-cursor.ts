import { AppError } from '../errors';

/**
 * The opaque cursor of a list ordered by id (posts, saved posts, comments): the last row's id as
 * base64url. Clients pass it back unchanged.
 */
export const encodeIdCursor = (id: number) => Buffer.from(String(id)).toString('base64url');

/** The id a cursor holds, or a 400 `validation_failed` (field `cursor`) when it is not one of ours. */
export function decodeIdCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isSafeInteger(id) || id < 1)
    throw new AppError('validation_failed', 400, 'This cursor is not one of ours.', {
      field: 'cursor',
    });
  return id;
}
