import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';

/**
 * Where the shell's floating notices (beta banner, cookie notice) are put in the document: right
 * after the skip link, so they come early in the reading and tab order although they float at
 * the bottom of the screen. The layout frame renders the slot; the shell extras portal into it.
 */
let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();

function setSlot(next: HTMLElement | null): void {
  if (slot === next) return;
  slot = next;
  for (const listener of listeners) listener();
}

/** Ref of the slot element (stable, so React does not detach and attach it on every render). */
function registerSlot(element: HTMLDivElement | null) {
  if (!element) return undefined;
  setSlot(element);
  return () => {
    if (slot === element) setSlot(null);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Name of the query container the slot is: the whole screen, so the notices can ask how many
 * lines of text fit on it (`@container attune-overlays (max-height: …em)`), in the member's text
 * size, which a media query would not follow.
 */
export const OVERLAY_CONTAINER_NAME = 'attune-overlays';

/**
 * The element the notices are portalled into: it covers the screen without taking clicks, and is
 * a size container the notices' container queries read.
 */
export function OverlaySlot() {
  return (
    <Box
      ref={registerSlot}
      data-overlay-slot=""
      sx={{
        position: 'fixed',
        inset: 0,
        pointerEvents: 'none',
        containerType: 'size',
        containerName: OVERLAY_CONTAINER_NAME,
        zIndex: (theme) => theme.zIndex.appBar + 50,
        '& > *': { pointerEvents: 'auto' },
      }}
    />
  );
}

/** The current slot, or null while no layout shows one (then the notices stay where they are). */
export function useOverlaySlot(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => slot,
    () => null,
  );
}
