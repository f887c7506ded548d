let shownAt: number | null = null;

/** Notes when the loading screen first appeared (called once, when main.tsx first renders it). */
export function markLoadingScreenShown(now: number = performance.now()): void {
  shownAt ??= now;
}

/** Milliseconds the loading screen has been visible (0 when it was never marked). */
export function loadingScreenElapsed(now: number = performance.now()): number {
  return shownAt === null ? 0 : now - shownAt;
}
