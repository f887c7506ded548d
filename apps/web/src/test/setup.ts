import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { AREA_NAMESPACES, initI18n, loadNamespaces } from '../lib/i18n';

// jsdom has no layout: the router's scroll restoration calls scrollTo, which jsdom does not implement.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Component tests render any area; its route loader would load its texts in the app.
beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(AREA_NAMESPACES);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Test files share one jsdom (isolate: false, for speed): each file leaves no cookies or storage
// behind for the next.
afterAll(() => {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
});
