import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';

/** The framed card the auth, login and default layouts put a page in. */
export function LayoutCard({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 4 }}>
      {children}
    </Paper>
  );
}
