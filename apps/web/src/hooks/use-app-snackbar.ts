import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import { resolveSnackbar, type SnackbarState } from '../lib/snackbar';
import { SnackbarCloseButton } from '../components/ui/snackbar-close-button';
import { createElement } from 'react';

/** Shows a snackbar with the spec's defaults (success, 4000 ms, white close button). */
export function useAppSnackbar() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    (state: SnackbarState) => {
      const resolved = resolveSnackbar(state);
      return enqueueSnackbar(resolved.message, {
        variant: resolved.variant,
        autoHideDuration: resolved.autoHideDuration,
        action: (key) =>
          createElement(SnackbarCloseButton, { snackKey: key, color: resolved.buttonColor }),
      });
    },
    [enqueueSnackbar],
  );
}
