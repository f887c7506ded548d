import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface LoadingScreenProps {
  label: string;
  /** Whether it is the page's `<main>` (before the app starts) or an overlay above the page. */
  landmark?: boolean;
}

/** A calm full-page spinner with a visible text (announced politely). */
export function LoadingScreen({ label, landmark = true }: LoadingScreenProps) {
  return (
    <Box
      component={landmark ? 'main' : 'div'}
      data-testid="loading-screen"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography role="status">{label}</Typography>
    </Box>
  );
}
