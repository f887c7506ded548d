import { MAIN_CONTENT_ID } from '../../../components/layout/skip-link';

/**
 * Called just before an overlay that may hold the focus closes: removing it would drop the focus
 * to `<body>`, and the next Tab would start again at the top of the page. The focus goes back to
 * where it came from when that is still in the page, else to the main content (the skip link's
 * target). Nothing happens when the focus is elsewhere (a mouse click in a browser that does not
 * focus buttons).
 */
export function returnFocus(overlay: HTMLElement | null, origin: HTMLElement | null): void {
  if (!overlay?.contains(document.activeElement)) return;
  if (origin?.isConnected && !overlay.contains(origin)) {
    origin.focus();
    if (document.activeElement === origin) return;
  }
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}
