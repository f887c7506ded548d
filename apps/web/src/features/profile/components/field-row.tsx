import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A field with its "Who can see this" select beside it on wide screens and under it on narrow
 * ones, so the two are read together.
 */
export function FieldRow({
  children,
  visibility,
}: {
  children: ReactNode;
  visibility?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: '1fr',
          md: visibility ? 'minmax(0, 2fr) minmax(12rem, 1fr)' : '1fr',
        },
        gap: 2,
        alignItems: 'start',
        mb: 3,
      }}
    >
      <Box sx={{ minWidth: 0 }}>{children}</Box>
      {visibility ? <Box>{visibility}</Box> : null}
    </Box>
  );
}
