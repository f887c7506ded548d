import { lazy, Suspense, type ReactNode } from 'react';
import type { AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';

export interface FormAlertProps {
  severity: AlertColor;
  children?: ReactNode;
  /** Shown under the main text, e.g. why registration failed; never a repeat of it. */
  detail?: ReactNode;
}

/**
 * The framed message loads with the first message a page shows: most visits of a form (the login
 * page's above all) never show one, so they do not download it (decision 0049).
 */
const FormAlertBody = lazy(() => import('./form-alert-body'));

/**
 * An always-present live region: errors are announced assertively, other states politely. Keeping
 * the region in the page (empty when there is nothing to say) lets screen readers pick up changes.
 * The text is in the region at once: until the framed message has loaded (a moment, once), it
 * shows as plain text in the same place.
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
        <Suspense
          fallback={
            <Box
              sx={{
                my: 2,
                py: 0.75,
                px: 2,
                border: 1,
                borderRadius: 1,
                borderColor: isError ? 'error.main' : 'divider',
                overflowWrap: 'anywhere',
              }}
            >
              {children}
              {detail && detail !== children ? <Box sx={{ mt: 0.5 }}>{detail}</Box> : null}
            </Box>
          }
        >
          <FormAlertBody severity={severity} detail={detail}>
            {children}
          </FormAlertBody>
        </Suspense>
      ) : null}
    </Box>
  );
}
