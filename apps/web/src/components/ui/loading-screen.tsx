import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface LoadingScreenProps {
  label: string;
}

/** A calm full-page spinner with a visible text (announced politely). */
export function LoadingScreen({ label }: LoadingScreenProps) {
  return (
    <Box
      component="main"
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
