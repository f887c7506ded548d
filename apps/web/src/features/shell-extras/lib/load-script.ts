const pending = new Map<string, Promise<void>>();

/**
 * Adds `<script src>` once and resolves when it has run. A failed load is forgotten, so a later
 * call (e.g. after a language change) tries again.
 */
export function loadScript(src: string): Promise<void> {
  const known = pending.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      pending.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    });
    document.head.appendChild(script);
  });
  pending.set(src, loading);
  return loading;
}
