import { useLayoutEffect } from 'react';
import { trackOverlay, type RoomSide } from '../lib/reserved-room';

export interface ReservedRoomOptions {
  /** The overlay; null while it is not shown. */
  element: HTMLElement | null;
  /** Where it floats; null for an overlay that reserves nothing (the centred banner). */
  side: RoomSide | null;
  /** Names the overlay's share of the room. */
  owner: string;
  /** Free space kept beyond the overlay's far side. */
  gapPx: number;
  /** A CSS variable on the root element that also gets the room, for overlays stacked above. */
  variable?: string;
}

/**
 * Keeps room for a floating overlay while it is shown (`lib/reserved-room.ts`): from its edge of
 * the screen to its far side plus the gap, measured again whenever it resizes (text size,
 * language, viewport width).
 */
export function useReservedRoom({ element, side, owner, gapPx, variable }: ReservedRoomOptions) {
  useLayoutEffect(() => {
    if (!element || !side) return undefined;
    return trackOverlay(owner, { element, side, gapPx, variable });
  }, [element, side, owner, gapPx, variable]);
}
