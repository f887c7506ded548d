import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface SettingsSectionProps {
  /** Id of the h2; the section is labelled by it. */
  id: string;
  title: string;
  intro?: ReactNode;
  /** Given when the section moves the focus to its heading (e.g. after its last row went). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** One labelled region of the settings page: an h2, a short explanation, then its form. */
export function SettingsSection({ id, title, intro, headingRef, children }: SettingsSectionProps) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4, mb: 3 }}
    >
      <Typography
        variant="h2"
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        sx={{ mb: 1, '&:focus': { outline: 'none' } }}
      >
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
