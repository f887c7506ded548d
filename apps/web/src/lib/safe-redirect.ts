/**
 * The given redirect target when it is a path on this site (`/de/profile/start?x=1`), else null.
 * Absolute URLs, protocol-relative `//host` and backslash tricks are refused (open redirect).
 */
export function safeRedirectPath(
  target: unknown,
  origin: string = window.location.origin,
): string | null {
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.includes('\\')
  ) {
    return null;
  }
  try {
    const url = new URL(target, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
