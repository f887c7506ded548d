import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
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
