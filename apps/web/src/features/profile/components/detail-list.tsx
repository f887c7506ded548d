import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { VisibilityBadge } from './visibility-badge';

export interface Detail {
  key: string;
  label: string;
  value: ReactNode;
  /** Shown as a badge on one's own profile only. */
  visibility?: string | null;
}

/** A titled group of profile details as a description list; nothing when there are none. */
export function DetailGroup({
  id,
  title,
  details,
}: {
  id: string;
  title: string;
  details: Detail[];
}) {
  if (details.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography variant="h2" id={id} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {details.map((detail) => (
          <Box key={detail.key} sx={{ mb: 2 }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {detail.label}
              {detail.visibility !== undefined ? (
                <VisibilityBadge visibility={detail.visibility} />
              ) : null}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {detail.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
