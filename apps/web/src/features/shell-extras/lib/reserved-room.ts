/**
 * Room that floating overlays (the beta banner, the cookie notice) keep free at the top or bottom
 * of the page while they are shown. The body gets padding of the sum of the overlays on that side,
 * so the end of the page can be scrolled clear of them, and the root element the same scroll
 * padding, so a control that gets the keyboard focus scrolls clear of them too (WCAG 2.2 2.4.11,
 * focus not obscured). One place adds the overlays up, so none overwrites another's room.
 */
export type RoomSide = 'top' | 'bottom';

const rooms: Record<RoomSide, Map<string, number>> = { top: new Map(), bottom: new Map() };
/** The page's own values from before the first overlay on a side, put back after the last. */
const original: Partial<Record<RoomSide, { padding: string; scroll: string }>> = {};

function apply(side: RoomSide): void {
  const { body, documentElement: html } = document;
  const total = [...rooms[side].values()].reduce((sum, px) => sum + px, 0);
  if (rooms[side].size === 0) {
    const saved = original[side];
    if (!saved) return;
    body.style.setProperty(`padding-${side}`, saved.padding);
    html.style.setProperty(`scroll-padding-${side}`, saved.scroll);
    delete original[side];
    return;
  }
  original[side] ??= {
    padding: body.style.getPropertyValue(`padding-${side}`),
    scroll: html.style.getPropertyValue(`scroll-padding-${side}`),
  };
  body.style.setProperty(`padding-${side}`, `${total}px`);
  html.style.setProperty(`scroll-padding-${side}`, `${total}px`);
}

/** Keeps `px` free on `side` for the overlay `owner` (called again when its height changes). */
export function reserveRoom(side: RoomSide, owner: string, px: number): void {
  rooms[side].set(owner, Math.max(0, Math.ceil(px)));
  apply(side);
}

/** Gives the room of `owner` back (the overlay is closed or gone). */
export function releaseRoom(side: RoomSide, owner: string): void {
  if (!rooms[side].delete(owner)) return;
  apply(side);
}
