import type { ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';

export interface FormAlertProps {
  severity: AlertColor;
  children?: ReactNode;
  /** Shown under the main text, e.g. why registration failed; never a repeat of it. */
  detail?: ReactNode;
}

/**
 * An always-present live region: errors are announced assertively, other states politely. Keeping
 * the region in the page (empty when there is nothing to say) lets screen readers pick up changes.
 */
export function FormAlert({ severity, children, detail }: FormAlertProps) {
  const isError = severity === 'error';
  return (
    <Box
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      {children ? (
        <Alert
          role="none"
          severity={severity}
          variant="outlined"
          sx={{ my: 2, backgroundColor: 'background.paper', overflowWrap: 'anywhere' }}
        >
          {children}
          {detail && detail !== children ? <Box sx={{ mt: 0.5 }}>{detail}</Box> : null}
        </Alert>
      ) : null}
    </Box>
  );
}
