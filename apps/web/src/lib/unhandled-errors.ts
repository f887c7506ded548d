/**
 * Fatal or unhandled errors go to the error page (spec §2): a `window` `error` or
 * `unhandledrejection` that is a fault of the app is kept here, and the language route throws it
 * during render, so its error page shows (status 500 "Internal Server Error" unless the error
 * carries another status). Harmless noise never replaces the page:
 * - the browser's ResizeObserver loop notices (layout took two passes; nothing failed);
 * - errors from scripts that are not ours: another origin (the consent provider, browser
 *   extensions; the browser hides those as "Script error."), or the third-party scripts we serve
 *   ourselves (the accessibility widget) and the configured consent script: spec §8 has their
 *   failures logged to the console only;
 * - a cancelled request (`AbortError`), which is how the app stops a call it no longer needs.
 * The browser still logs every one of them to the console.
 */

export interface ErrorSources {
  /** The page's own origin; scripts from any other are third-party. */
  origin: string;
  /** Same-origin scripts that are third-party code all the same (paths or full URLs). */
  thirdPartyScripts: readonly string[];
}

/** What a `window` `error` event says. */
export interface ErrorReport {
  message?: string;
  filename?: string;
  error?: unknown;
}

const RESIZE_OBSERVER_NOTICE = /ResizeObserver loop/i;
/** What a browser reports instead of an error raised by a script from another origin. */
const OPAQUE_CROSS_ORIGIN = 'Script error.';

function isThirdPartyScript(filename: string, sources: ErrorSources): boolean {
  let url: URL;
  try {
    url = new URL(filename, sources.origin);
  } catch {
    return false;
  }
  if (url.origin !== sources.origin) return true;
  return sources.thirdPartyScripts.some((script) => {
    try {
      return new URL(script, sources.origin).href.split(/[?#]/)[0] === url.href.split(/[?#]/)[0];
    } catch {
      return false;
    }
  });
}

/** Whether an `error` event is harmless noise rather than a fault of the app. */
export function isHarmlessError(report: ErrorReport, sources: ErrorSources): boolean {
  const message =
    report.message || (report.error instanceof Error ? report.error.message : '') || '';
  if (RESIZE_OBSERVER_NOTICE.test(message)) return true;
  if (message === OPAQUE_CROSS_ORIGIN && !report.error) return true;
  return Boolean(report.filename) && isThirdPartyScript(report.filename!, sources);
}

/** Whether an unhandled rejection is harmless: a cancelled call, or a ResizeObserver notice. */
export function isHarmlessRejection(reason: unknown): boolean {
  if (reason instanceof DOMException && reason.name === 'AbortError') return true;
  const message = reason instanceof Error ? reason.message : String(reason ?? '');
  return RESIZE_OBSERVER_NOTICE.test(message);
}

let captured: { error: unknown } | null = null;
const listeners = new Set<() => void>();

function capture(error: unknown): void {
  // The first fault is the one to show; what follows from it would only hide it.
  if (captured) return;
  captured = { error };
  listeners.forEach((listener) => listener());
}

/** The unhandled error to show, if any (for `useSyncExternalStore`). */
export const currentUnhandledError = () => captured;

export function subscribeUnhandledError(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the error, e.g. when the member leaves the error page. */
export function clearUnhandledError(): void {
  if (!captured) return;
  captured = null;
  listeners.forEach((listener) => listener());
}

/** Listens for unhandled errors on `target`; returns a function that stops listening. */
export function installUnhandledErrorCapture(
  sources: ErrorSources,
  target: Window = window,
): () => void {
  const onError = (event: ErrorEvent) => {
    if (isHarmlessError(event, sources)) return;
    capture(event.error ?? new Error(event.message || 'Unhandled error'));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isHarmlessRejection(event.reason)) return;
    capture(event.reason ?? new Error('Unhandled promise rejection'));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
