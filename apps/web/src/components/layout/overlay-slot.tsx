import { useSyncExternalStore } from 'react';

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

/** The empty element the notices are portalled into. */
export function OverlaySlot() {
  return <div ref={registerSlot} data-overlay-slot="" />;
}

/** The current slot, or null while no layout shows one (then the notices stay where they are). */
export function useOverlaySlot(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => slot,
    () => null,
  );
}
