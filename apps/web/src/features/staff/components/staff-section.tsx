import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One labelled part of a staff screen: an h2 (its id names the region) and what follows. */
export function StaffSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 5 }}>
      <Typography component="h2" variant="h2" id={id} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {intro ? <Typography sx={{ mb: 2 }}>{intro}</Typography> : null}
      {children}
    </Box>
  );
}
