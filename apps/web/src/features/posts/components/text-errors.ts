import { errorCodeText, serverError } from '../../../lib/error-text';

/** The codes that are about the text itself (decision 0038's limits): shown under the editor. */
const CONTENT_CODES = new Set(['content_required', 'content_too_long', 'too_many_mentions']);

/**
 * Which field a server refusal is about, with its text in the member's language, so the form shows
 * it next to that field; null for a refusal about the whole form (too fast, the same text again,
 * no answer), which the form's alert shows.
 */
export function fieldError(error: unknown): { field: 'title' | 'content'; text: string } | null {
  const known = serverError(error);
  if (!known) return null;
  const text = errorCodeText(known.code, known.params);
  if (!text) return null;
  if (CONTENT_CODES.has(known.code)) return { field: 'content', text };
  if (
    known.code === 'validation_failed' &&
    (known.params.field === 'title' || known.params.field === 'content')
  )
    return { field: known.params.field, text };
  return null;
}
