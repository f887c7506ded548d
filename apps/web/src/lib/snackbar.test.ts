import { describe, expect, it } from 'vitest';
import { resolveSnackbar, SNACKBAR_COMPONENT_TIMEOUT_MS } from './snackbar';

describe('resolveSnackbar', () => {
  it('applies the spec defaults: success, 4000 ms, white button', () => {
    expect(resolveSnackbar({ message: 'Saved' })).toEqual({
      message: 'Saved',
      variant: 'success',
      autoHideDuration: 4000,
      buttonColor: 'white',
    });
  });

  it('keeps what the caller sets; the 5000 ms component default only when asked for', () => {
    expect(
      resolveSnackbar({ message: 'x', color: 'error', timeout: SNACKBAR_COMPONENT_TIMEOUT_MS }),
    ).toMatchObject({ variant: 'error', autoHideDuration: 5000 });
    expect(resolveSnackbar({ message: 'x', color: 'info', variant: 'default' }).variant).toBe(
      'default',
    );
  });
});
