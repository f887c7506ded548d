import { useEffect, useRef } from 'react';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { resolveSnackbar } from '../../lib/snackbar';
import { SnackbarCloseButton } from './snackbar-close-button';
import type { QueuedSnackbar } from './snackbar-context';

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

export interface SnackbarHostProps {
  queued: readonly QueuedSnackbar[];
  onShown: (ids: readonly number[]) => void;
}

/**
 * notistack with the spec's defaults: success colour, 4000 ms, white close button (spec §3).
 * Loaded with the first snackbar a page asks for (see `AppSnackbarProvider`), not with every page.
 */
export default function SnackbarHost({ queued, onShown }: SnackbarHostProps) {
  return (
    <SnackbarProvider
      maxSnack={3}
      variant={DEFAULTS.variant}
      autoHideDuration={DEFAULTS.autoHideDuration}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={{
        success: AccessibleContent,
        error: AccessibleContent,
        info: AccessibleContent,
        warning: AccessibleContent,
        default: AccessibleContent,
      }}
    >
      <ShowQueued queued={queued} onShown={onShown} />
    </SnackbarProvider>
  );
}

/** Hands the queued snackbars to notistack, each once (also when effects run twice). */
function ShowQueued({ queued, onShown }: SnackbarHostProps) {
  const { enqueueSnackbar } = useSnackbar();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    const fresh = queued.filter((item) => !shown.current.has(item.id));
    if (fresh.length === 0) return;
    for (const { id, snackbar } of fresh) {
      shown.current.add(id);
      enqueueSnackbar(snackbar.message, {
        variant: snackbar.variant,
        autoHideDuration: snackbar.autoHideDuration,
        action: (key) => <SnackbarCloseButton snackKey={key} color={snackbar.buttonColor} />,
      });
    }
    onShown(fresh.map((item) => item.id));
  }, [queued, onShown, enqueueSnackbar]);
  return null;
}
