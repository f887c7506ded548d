import { serverError } from './error-text';

/**
 * Which of a form's fields a server refusal (`validation_failed` with the input's path) is about:
 * the field named, or the one whose path it starts (`descriptions.de` is about `descriptions.de`,
 * or about `descriptions` when the form lists only that). Null for a refusal about the whole form.
 */
export function serverFieldError<F extends string>(error: unknown, fields: readonly F[]): F | null {
  const known = serverError(error);
  if (known?.code !== 'validation_failed') return null;
  const path = String(known.params.field ?? '');
  return (
    fields.find((field) => path === field) ??
    fields.find((field) => path.startsWith(`${field}.`)) ??
    null
  );
}
