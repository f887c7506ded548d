/** Top loading bar settings (spec §9): 1500 ms duration, 200 ms throttle, 3 px high. */
export const LOADING_BAR = {
  durationMs: 1500,
  throttleMs: 200,
  heightPx: 3,
  /** How often the bar advances while a page loads. */
  tickMs: 100,
  /** The bar waits here until loading ends. */
  maxWhileLoading: 90,
  /** How long the full bar stays after loading ends (longer after an error). */
  holdMs: 300,
  errorHoldMs: 1500,
} as const;

/** Progress (0–100) after one tick: it reaches `maxWhileLoading` in about `durationMs`. */
export function nextProgress(progress: number): number {
  const step = (100 * LOADING_BAR.tickMs) / LOADING_BAR.durationMs;
  return Math.min(LOADING_BAR.maxWhileLoading, progress + step);
}
