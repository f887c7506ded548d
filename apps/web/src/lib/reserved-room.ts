/**
 * Room that floating overlays (the beta banner, the cookie notice) keep free at the top or bottom
 * of the page while they are shown. The body gets padding of that room, so the end of the page can
 * be scrolled clear of them, and the root element the same scroll padding, so a control that gets
 * the keyboard focus scrolls clear of them too (WCAG 2.2 2.4.11, focus not obscured).
 *
 * An overlay's room is the distance from its edge of the screen to its far side, plus a gap. The
 * overlays on one side may be stacked (the notice above the banner on a phone) or side by side
 * (on a wide screen), so the side's room is the largest of them, never their sum: one place works
 * it out, so none overwrites another's room.
 */
export type RoomSide = 'top' | 'bottom';

const rooms: Record<RoomSide, Map<string, number>> = { top: new Map(), bottom: new Map() };
/** The page's own values from before the first overlay on a side, put back after the last. */
const original: Partial<Record<RoomSide, { padding: string; scroll: string }>> = {};

function apply(side: RoomSide): void {
  const { body, documentElement: html } = document;
  if (rooms[side].size === 0) {
    const saved = original[side];
    if (!saved) return;
    body.style.setProperty(`padding-${side}`, saved.padding);
    html.style.setProperty(`scroll-padding-${side}`, saved.scroll);
    delete original[side];
    return;
  }
  const room = Math.max(...rooms[side].values());
  original[side] ??= {
    padding: body.style.getPropertyValue(`padding-${side}`),
    scroll: html.style.getPropertyValue(`scroll-padding-${side}`),
  };
  body.style.setProperty(`padding-${side}`, `${room}px`);
  html.style.setProperty(`scroll-padding-${side}`, `${room}px`);
}

/** Keeps `px` free on `side` for the overlay `owner` (called again when it moves or resizes). */
export function reserveRoom(side: RoomSide, owner: string, px: number): void {
  rooms[side].set(owner, Math.max(0, Math.ceil(px)));
  apply(side);
}

/** Gives the room of `owner` back (the overlay is closed or gone). */
export function releaseRoom(side: RoomSide, owner: string): void {
  if (!rooms[side].delete(owner)) return;
  apply(side);
}

export interface TrackedOverlay {
  element: HTMLElement;
  side: RoomSide;
  /** Free space kept beyond the overlay's far side. */
  gapPx: number;
  /** A CSS variable on the root element that gets this overlay's room (overlays placed above it read it). */
  variable?: string;
}

const tracked = new Map<string, TrackedOverlay>();
let observer: ResizeObserver | null = null;

/** Distance from the overlay's edge of the screen to its far side, plus the gap. */
function roomOf({ element, side, gapPx }: TrackedOverlay): number {
  const rect = element.getBoundingClientRect();
  const reach = side === 'top' ? rect.bottom : document.documentElement.clientHeight - rect.top;
  return reach + gapPx;
}

/**
 * Measures every tracked overlay again. Variables first: an overlay placed by another's variable
 * (the notice above the banner) has moved once the variable is set, without resizing itself.
 */
function measureAll(): void {
  const html = document.documentElement;
  for (const overlay of tracked.values()) {
    if (overlay.variable)
      html.style.setProperty(overlay.variable, `${Math.ceil(roomOf(overlay))}px`);
  }
  for (const [owner, overlay] of tracked) reserveRoom(overlay.side, owner, roomOf(overlay));
}

/**
 * Keeps room for `overlay` while it is shown, measured again whenever a tracked overlay resizes
 * (text size, language, details opened) or the window does. Returns the function that stops it.
 */
export function trackOverlay(owner: string, overlay: TrackedOverlay): () => void {
  if (tracked.size === 0) {
    observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measureAll);
    window.addEventListener('resize', measureAll);
  }
  tracked.set(owner, overlay);
  observer?.observe(overlay.element);
  measureAll();
  return () => {
    if (tracked.get(owner) !== overlay) return;
    tracked.delete(owner);
    observer?.unobserve(overlay.element);
    releaseRoom(overlay.side, owner);
    if (overlay.variable) document.documentElement.style.removeProperty(overlay.variable);
    if (tracked.size === 0) {
      observer?.disconnect();
      observer = null;
      window.removeEventListener('resize', measureAll);
    } else {
      measureAll();
    }
  };
}
