import Typography from '@mui/material/Typography';
import { errorText } from '../../../lib/error-text';

/**
 * The line above a staff list saying what it holds ("3 open reports", "Loading …", "Nothing here
 * yet"), announced politely whenever it changes; red when loading failed.
 */
export function ListStatus({ text, failed }: { text: string; failed: boolean }) {
  return (
    <Typography
      role="status"
      aria-live="polite"
      sx={{ fontWeight: 600, mb: 2, ...(failed ? { color: 'error.main' } : {}) }}
    >
      {text}
    </Typography>
  );
}

/** The texts of a list's status line, one for each state of its query. */
export interface ListStatusTexts {
  loading: string;
  /** The fallback when the error carries no code of ours. */
  failed: string;
  empty: string;
  /** How many are shown, and whether more can be loaded. */
  found: (count: number, more: boolean) => string;
}

/** What a staff list's status line says, from its query and the entries shown. */
export function listStatusText(
  list: { isPending: boolean; isError: boolean; error: unknown; hasNextPage: boolean },
  count: number,
  texts: ListStatusTexts,
): string {
  if (list.isPending) return texts.loading;
  if (list.isError) return errorText(list.error, texts.failed);
  if (count === 0) return texts.empty;
  return texts.found(count, list.hasNextPage);
}
