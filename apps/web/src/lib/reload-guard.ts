import { DURATIONS } from '@attune/contract';

/** Session storage key of the chunk-reload guard: `{ [path]: time of the last reload in ms }`. */
export const RELOAD_GUARD_KEY = 'attune.chunk-reload';

/** True for the errors a browser gives when a lazily loaded chunk (JS or CSS) cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|'text\/html' is not a valid JavaScript MIME type/i.test(
    error.message,
  );
}

function readGuard(storage: Storage): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Whether a failed chunk on `path` may reload the page now: at most once per 10 s for the same
 * path (spec §8, `DURATIONS.reloadGuardMs`). When it may, the reload is recorded.
 */
export function claimChunkReload(
  path: string,
  now: number = Date.now(),
  storage: Storage = sessionStorage,
): boolean {
  const guard = readGuard(storage);
  const last = guard[path];
  if (typeof last === 'number' && now - last >= 0 && now - last < DURATIONS.reloadGuardMs) {
    return false;
  }
  const fresh = Object.fromEntries(
    Object.entries(guard).filter(([, at]) => now - at < DURATIONS.reloadGuardMs),
  );
  try {
    storage.setItem(RELOAD_GUARD_KEY, JSON.stringify({ ...fresh, [path]: now }));
  } catch {
    // Without storage the guard cannot hold: refuse, so a broken deployment cannot loop.
    return false;
  }
  return true;
}

/**
 * Reloads the page for a failed chunk when the guard allows it; returns whether it did. When it
 * does not, TanStack Router's own once-per-session reload is marked as done so that the error
 * reaches the error page instead of a second reload.
 */
export function reloadForChunkError(error: unknown): boolean {
  const path = window.location.pathname;
  if (claimChunkReload(path)) {
    window.location.reload();
    return true;
  }
  if (error instanceof Error) {
    try {
      sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1');
    } catch {
      // Nothing more to do without storage.
    }
  }
  return false;
}

/** Handles Vite's `vite:preloadError` (a failed dynamic import or its CSS) with the guard. */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadForChunkError(payload)) event.preventDefault();
  });
}
