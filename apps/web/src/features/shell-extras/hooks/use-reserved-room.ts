import { useLayoutEffect } from 'react';
import { releaseRoom, reserveRoom, type RoomSide } from '../lib/reserved-room';

export interface ReservedRoomOptions {
  /** The overlay; null while it is not shown. */
  element: HTMLElement | null;
  /** Where it floats; null for an overlay that reserves nothing (the centred banner). */
  side: RoomSide | null;
  /** Names the overlay's share of the room. */
  owner: string;
  /** Free space added to its height (the gaps around it). */
  gapPx: number;
  /** A CSS variable on the root element that also gets the room, for overlays stacked above. */
  variable?: string;
}

/**
 * Keeps room for a floating overlay while it is shown (`lib/reserved-room.ts`): its height plus
 * the gap, measured again whenever it resizes (text size, language, viewport width).
 */
export function useReservedRoom({ element, side, owner, gapPx, variable }: ReservedRoomOptions) {
  useLayoutEffect(() => {
    if (!element || !side) return undefined;
    const html = document.documentElement;
    const reserve = () => {
      const room = Math.ceil(element.getBoundingClientRect().height) + gapPx;
      reserveRoom(side, owner, room);
      if (variable) html.style.setProperty(variable, `${room}px`);
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      releaseRoom(side, owner);
      if (variable) html.style.removeProperty(variable);
    };
  }, [element, side, owner, gapPx, variable]);
}
