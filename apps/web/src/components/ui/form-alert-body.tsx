import type { ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';

export interface FormAlertBodyProps {
  severity: AlertColor;
  children: ReactNode;
  detail?: ReactNode;
}

/** The framed message of a FormAlert (MUI's Alert, with its icon): loaded when there is one. */
export default function FormAlertBody({ severity, children, detail }: FormAlertBodyProps) {
  return (
    <Alert
      role="none"
      severity={severity}
      variant="outlined"
      sx={{ my: 2, backgroundColor: 'background.paper', overflowWrap: 'anywhere' }}
    >
      {children}
      {detail && detail !== children ? <Box sx={{ mt: 0.5 }}>{detail}</Box> : null}
    </Alert>
  );
}
