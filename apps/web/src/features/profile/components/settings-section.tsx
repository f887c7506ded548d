import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface SettingsSectionProps {
  /** Id of the h2; the section is labelled by it. */
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** One labelled region of the settings page: an h2, a short explanation, then its form. */
export function SettingsSection({ id, title, intro, children }: SettingsSectionProps) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4, mb: 3 }}
    >
      <Typography variant="h2" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {intro ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      ) : null}
      <Box>{children}</Box>
    </Paper>
  );
}
