import Typography from '@mui/material/Typography';

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
