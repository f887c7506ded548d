import { useLayoutEffect, useState } from 'react';

/**
 * Whether `element` holds more than it shows (its content is cut by a line clamp or a maximum
 * height), measured again when it resizes and when `content` (its text) changes.
 */
export function useOverflowing(element: HTMLElement | null, content: unknown): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    if (!element) return undefined;
    const measure = () => setOverflowing(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [element, content]);
  return overflowing;
}
