import type { ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { resolveSnackbar } from '../../lib/snackbar';
import { SnackbarCloseButton } from './snackbar-close-button';

/** notistack's own colours miss AA contrast with white text; these keep at least 4.5:1. */
const AccessibleContent = styled(MaterialDesignContent)(() => ({
  fontSize: '1rem',
  '&.notistack-MuiContent-success': { backgroundColor: '#1B5E20', color: '#FFFFFF' },
  '&.notistack-MuiContent-error': { backgroundColor: '#B71C1C', color: '#FFFFFF' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0B4F9C', color: '#FFFFFF' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#7A4A00', color: '#FFFFFF' },
  '&.notistack-MuiContent-default': { backgroundColor: '#263238', color: '#FFFFFF' },
}));

const DEFAULTS = resolveSnackbar({ message: '' });

/** Snackbars with the spec's defaults: success colour, 4000 ms, white close button (spec §3). */
export function AppSnackbarProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      variant={DEFAULTS.variant}
      autoHideDuration={DEFAULTS.autoHideDuration}
      action={(key) => <SnackbarCloseButton snackKey={key} color={DEFAULTS.buttonColor} />}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={{
        success: AccessibleContent,
        error: AccessibleContent,
        info: AccessibleContent,
        warning: AccessibleContent,
        default: AccessibleContent,
      }}
    >
      {children}
    </SnackbarProvider>
  );
}
