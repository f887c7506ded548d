import { createContext } from 'react';
import type { ResolvedSnackbar, SnackbarState } from '../../lib/snackbar';

/** A snackbar waiting for the snackbar host, with an id so it is shown exactly once. */
export interface QueuedSnackbar {
  id: number;
  snackbar: ResolvedSnackbar;
}

/** Shows a snackbar; provided by `AppSnackbarProvider`. */
export const SnackbarContext = createContext<((state: SnackbarState) => void) | null>(null);
