import { useContext } from 'react';
import { SnackbarContext } from '../components/ui/snackbar-context';
import type { SnackbarState } from '../lib/snackbar';

/** Shows a snackbar with the spec's defaults (success, 4000 ms, white close button). */
export function useAppSnackbar(): (state: SnackbarState) => void {
  const show = useContext(SnackbarContext);
  if (!show) throw new Error('useAppSnackbar needs AppSnackbarProvider (see AppProviders)');
  return show;
}
