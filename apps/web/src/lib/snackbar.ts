import { DURATIONS } from '@attune/contract';

export type SnackbarColor = 'success' | 'error' | 'info' | 'warning' | 'default';

/** The snackbar state of spec §3. */
export interface SnackbarState {
  message: string;
  /** notistack variant; defaults to the colour. */
  variant?: SnackbarColor;
  /** Default 'success'. */
  color?: SnackbarColor;
  /** Milliseconds before it hides; default 4000 (spec §3, §9). */
  timeout?: number;
  /** Colour of the close button; default 'white'. */
  buttonColor?: string;
}

export interface ResolvedSnackbar {
  message: string;
  variant: SnackbarColor;
  autoHideDuration: number;
  buttonColor: string;
}

/** Fills in the spec's defaults: success colour, 4000 ms, white button. */
export function resolveSnackbar(state: SnackbarState): ResolvedSnackbar {
  const color = state.color ?? 'success';
  return {
    message: state.message,
    variant: state.variant ?? color,
    autoHideDuration: state.timeout ?? DURATIONS.snackbarTimeoutMs,
    buttonColor: state.buttonColor ?? 'white',
  };
}

/**
 * The 5000 ms default the spec names for a snackbar component: only a component that asks for it
 * passes `timeout: SNACKBAR_COMPONENT_TIMEOUT_MS`.
 */
export const SNACKBAR_COMPONENT_TIMEOUT_MS = DURATIONS.snackbarComponentTimeoutMs;
