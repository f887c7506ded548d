import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children once the page has painted and the browser is idle, so what they load
 * (lazy chunks, scripts) never competes with the first screen (decision 0018). Nothing is shown
 * in their place meanwhile.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    // The frame after the next one has been painted; then wait for an idle moment (at most 1 s).
    const frame = requestAnimationFrame(() => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setReady(true), { timeout: 1000 })
        : window.setTimeout(() => setReady(true), 1);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle === undefined) return;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}
