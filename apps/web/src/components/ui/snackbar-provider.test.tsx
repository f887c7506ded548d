import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app';
import { useAppSnackbar } from '../../hooks/use-app-snackbar';
import { initI18n } from '../../lib/i18n';

beforeAll(async () => {
  await initI18n('en');
});

function Trigger({ messages }: { messages: string[] }) {
  const showSnackbar = useAppSnackbar();
  return (
    <button type="button" onClick={() => messages.forEach((message) => showSnackbar({ message }))}>
      show
    </button>
  );
}

describe('AppSnackbarProvider', () => {
  it('loads nothing until a snackbar is asked for', () => {
    render(
      <AppProviders>
        <Trigger messages={['Saved.']} />
      </AppProviders>,
    );
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();
  });

  it('shows each queued snackbar once, with the spec defaults and a Close button', async () => {
    render(
      <AppProviders>
        <Trigger messages={['First saved.', 'Second saved.']} />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(await screen.findByText('First saved.')).toBeTruthy();
    expect(await screen.findByText('Second saved.')).toBeTruthy();
    // Success colour by default (spec §3).
    expect(document.querySelector('.notistack-MuiContent-success')).not.toBeNull();
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);

    // Once the host is there, more snackbars go straight to it, and none is shown twice.
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    await waitFor(() => expect(screen.getAllByText('First saved.')).toHaveLength(2));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getAllByText('First saved.')).toHaveLength(2);
  });

  it('closes a snackbar with its Close button', async () => {
    render(
      <AppProviders>
        <Trigger messages={['Closing soon.']} />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    // The exit runs the slide and collapse transitions; a loaded machine can take over a second.
    await waitFor(() => expect(screen.queryByText('Closing soon.')).toBeNull(), { timeout: 5000 });
  });

  it('keeps room at the bottom of the page while snackbars are shown, and gives it back', async () => {
    const html = document.documentElement;
    render(
      <AppProviders>
        <Trigger messages={['Room kept.']} />
      </AppProviders>,
    );
    expect(html.style.getPropertyValue('scroll-padding-bottom')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    await screen.findByText('Room kept.');
    // jsdom lays nothing out: the room is the gap above the snackbars alone.
    await waitFor(() => expect(html.style.getPropertyValue('scroll-padding-bottom')).toBe('8px'));
    expect(document.body.style.getPropertyValue('padding-bottom')).toBe('8px');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Room kept.')).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(html.style.getPropertyValue('scroll-padding-bottom')).toBe(''));
    expect(document.body.style.getPropertyValue('padding-bottom')).toBe('');
  });

  it('sits under menus and dialogs, and moves to the top, above them, while a dialog is open', async () => {
    function WithDialog() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Trigger messages={['Saved before the dialog.']} />
          <button type="button" onClick={() => setOpen(true)}>
            open dialog
          </button>
          <Dialog open={open} onClose={() => setOpen(false)} aria-label="Consent">
            <DialogActions>
              <button type="button" onClick={() => setOpen(false)}>
                Agree and save
              </button>
            </DialogActions>
          </Dialog>
        </>
      );
    }
    render(
      <AppProviders>
        <WithDialog />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    await screen.findByText('Saved before the dialog.');
    const container = document.querySelector('.notistack-SnackbarContainer')!;
    expect(container.classList).toContain('attune-snackbars');
    expect(container.classList).not.toContain('attune-snackbars--over-dialog');
    // Below the drawer, menus and dialogs (MUI's modal layer starts with the drawer at 1200).
    expect(Number(getComputedStyle(container).zIndex)).toBeLessThan(1200);

    fireEvent.click(screen.getByRole('button', { name: 'open dialog' }));
    await waitFor(() =>
      expect(document.querySelector('.notistack-SnackbarContainer')!.classList).toContain(
        'attune-snackbars--over-dialog',
      ),
    );
    const moved = getComputedStyle(document.querySelector('.notistack-SnackbarContainer')!);
    expect(moved.top).toBe('14px');
    expect(moved.bottom).toBe('auto');
    expect(Number(moved.zIndex)).toBeGreaterThan(1300);

    fireEvent.click(screen.getByRole('button', { name: 'Agree and save', hidden: true }));
    await waitFor(() =>
      expect(document.querySelector('.notistack-SnackbarContainer')!.classList).not.toContain(
        'attune-snackbars--over-dialog',
      ),
    );
  });
});
