import { useEffect, useRef, useSyncExternalStore } from 'react';
import Fade from '@mui/material/Fade';
import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { resolveSnackbar } from '../../lib/snackbar';
import { SnackbarCloseButton } from './snackbar-close-button';
import type { QueuedSnackbar } from './snackbar-context';
import { BETA_BANNER_SPACE_VARIABLE } from '../../lib/bottom-space';
import { useReservedRoom } from '../../hooks/use-reserved-room';

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

/** Class of notistack's snackbar containers, and the one added while a dialog is open. */
export const SNACKBAR_CONTAINER_CLASS = 'attune-snackbars';
const OVER_DIALOG_CLASS = 'attune-snackbars--over-dialog';
/** Free space kept above the snackbars, so a focused control's ring is clear of them too. */
const SNACKBAR_GAP_PX = 8;

/** An open modal dialog (MUI's `Dialog` marks its paper so); hidden ones do not count. */
const MODAL_DIALOG = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';

/** Whether a modal dialog is open in the page. */
export function isModalDialogOpen(root: ParentNode = document): boolean {
  return [...root.querySelectorAll(MODAL_DIALOG)].some(
    (dialog) => !dialog.closest('[hidden], .MuiModal-hidden'),
  );
}

/** Who follows the body's portals, and the one observer that tells them all. */
const portalListeners = new Set<() => void>();
let portalObserver: MutationObserver | null = null;

/**
 * Dialogs and snackbar containers are added to and removed from the page (portalled to the body).
 * One observer of the body, however many follow it: it sees every change in the page.
 */
function subscribeToPortals(onChange: () => void): () => void {
  portalListeners.add(onChange);
  if (!portalObserver) {
    portalObserver = new MutationObserver(() => {
      for (const listener of portalListeners) listener();
    });
    portalObserver.observe(document.body, { childList: true, subtree: true });
  }
  return () => {
    portalListeners.delete(onChange);
    if (portalListeners.size > 0) return;
    portalObserver?.disconnect();
    portalObserver = null;
  };
}

/** Whether a modal dialog is open, followed as dialogs open and close. */
function useModalDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribeToPortals,
    () => isModalDialogOpen(),
    () => false,
  );
}

/** notistack's container while it shows snackbars (it goes with the last of them), else null. */
function useSnackbarContainer(): HTMLElement | null {
  return useSyncExternalStore(
    subscribeToPortals,
    () => document.querySelector<HTMLElement>(`.${SNACKBAR_CONTAINER_CLASS}`),
    () => null,
  );
}

/**
 * Where snackbars are, so that they never cover what the member is working with (decision 0019):
 * - above the page and its floating notices (beta banner, cookie notice), but below the drawer,
 *   menus and dialogs (MUI's modal layer): an open menu or drawer is always on top of them;
 * - while a modal dialog is open, at the top of the screen and above it, since a dialog's actions
 *   are at its bottom: they stay readable without covering "Agree and save".
 * Two classes, to come before notistack's own styles whatever the order they are loaded in.
 */
const containerStyles = (
  <GlobalStyles
    styles={(theme) => ({
      [`.notistack-SnackbarContainer.${SNACKBAR_CONTAINER_CLASS}`]: {
        zIndex: theme.zIndex.drawer - 1,
        // Above the beta banner when it sits at the bottom, never over its buttons.
        bottom: `min(var(${BETA_BANNER_SPACE_VARIABLE}, 14px), 40dvh)`,
      },
      [`.notistack-SnackbarContainer.${OVER_DIALOG_CLASS}`]: {
        zIndex: theme.zIndex.modal + 1,
        top: 14,
        bottom: 'auto',
        flexDirection: 'column',
      },
    })}
  />
);

export interface SnackbarHostProps {
  queued: readonly QueuedSnackbar[];
  onShown: (ids: readonly number[]) => void;
}

/**
 * notistack with the spec's defaults: success colour, 4000 ms, white close button (spec §3).
 * Loaded with the first snackbar a page asks for (see `AppSnackbarProvider`), not with every page.
 */
export default function SnackbarHost({ queued, onShown }: SnackbarHostProps) {
  const overDialog = useModalDialogOpen();
  // While snackbars are at the bottom, the page keeps room for them as for the other bottom
  // overlays (hooks/use-reserved-room.ts): a control reached by Tab scrolls clear of them instead
  // of behind them (WCAG 2.2 2.4.11), and the end of the page can be scrolled clear too. Over a
  // dialog they are at the top, and the page behind the dialog cannot be reached.
  useReservedRoom({
    element: useSnackbarContainer(),
    side: overDialog ? null : 'bottom',
    owner: 'snackbars',
    gapPx: SNACKBAR_GAP_PX,
  });
  return (
    <SnackbarProvider
      classes={{
        containerRoot: overDialog
          ? `${SNACKBAR_CONTAINER_CLASS} ${OVER_DIALOG_CLASS}`
          : SNACKBAR_CONTAINER_CLASS,
      }}
      maxSnack={3}
      variant={DEFAULTS.variant}
      autoHideDuration={DEFAULTS.autoHideDuration}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // In place, not notistack's slide from the bottom of the window: sliding in and out, a
      // snackbar crossed the beta banner below it and passed over its buttons (seen by axe as a
      // close button partly covered, 2026-11-27). A fade is calmer too; nothing moves.
      TransitionComponent={Fade}
      Components={{
        success: AccessibleContent,
        error: AccessibleContent,
        info: AccessibleContent,
        warning: AccessibleContent,
        default: AccessibleContent,
      }}
    >
      {containerStyles}
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
