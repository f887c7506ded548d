import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** One labelled value of a staff list entry; left out when `value` is null. */
export interface DetailRow {
  label: string;
  value: ReactNode;
}

/**
 * An entry's details as a description list: label beside value on wide screens, above it on
 * narrow ones (360 px, 200 % text), long words and addresses wrapping instead of being cut off.
 */
export function DetailRows({ rows }: { rows: readonly (DetailRow | null)[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.75 },
        m: 0,
        '& dt': { fontWeight: 600, mt: { xs: 1, sm: 0 } },
        '& dd': { m: 0, overflowWrap: 'anywhere', minWidth: 0 },
      }}
    >
      {rows
        .filter((row): row is DetailRow => row !== null)
        .map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </Box>
        ))}
    </Box>
  );
}
