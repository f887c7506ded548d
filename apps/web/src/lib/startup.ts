import { DURATIONS } from '@attune/contract';

/**
 * The start-up loading screen of spec §1, §4: visible at start, hidden about one second later, then
 * the page shows. index.html paints it before any script runs; main.tsx, then the app, keep showing
 * it without a gap. It stays up until the first page has rendered too, so a slow network never shows
 * a blank screen between the loading screen and the page.
 */
let shownAt: number | null = null;
let firstPageRendered = false;
let hidden = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

/** Notes when the loading screen first appeared (the first one counts). */
export function markLoadingScreenShown(now: number = performance.now()): void {
  shownAt ??= now;
}

/** Milliseconds the loading screen has been visible (0 when it was never marked). */
export function loadingScreenElapsed(now: number = performance.now()): number {
  return shownAt === null ? 0 : now - shownAt;
}

/** The router calls this once the first page is on screen (under the loading screen). */
export function markFirstPageRendered(): void {
  if (firstPageRendered) return;
  firstPageRendered = true;
  update();
}

function update(): void {
  if (hidden || !firstPageRendered) return;
  const left = DURATIONS.loadingScreenMs - loadingScreenElapsed();
  if (left > 0) {
    clearTimeout(timer);
    timer = setTimeout(update, left);
    return;
  }
  hidden = true;
  for (const listener of listeners) listener();
}

/** Subscribes to the moment the loading screen goes (for `useSyncExternalStore`). */
export function subscribeStartupLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the start-up loading screen is still shown. */
export function isStartupLoadingVisible(): boolean {
  return !hidden;
}

/** Tests only: back to a fresh start. */
export function resetStartupForTests(): void {
  shownAt = null;
  firstPageRendered = false;
  hidden = false;
  clearTimeout(timer);
  listeners.clear();
}
