import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';

/** The Preact entries, kept out of dependency pre-bundling so every module shares one Preact. */
const PREACT_ENTRIES = [
  'preact',
  'preact/compat',
  'preact/compat/client',
  'preact/hooks',
  'preact/jsx-runtime',
  'preact/jsx-dev-runtime',
  'preact/test-utils',
];

/**
 * Unit tests run in jsdom on the renderer the app ships: Preact through its React aliases
 * (decision 0017). The router plugin is not needed because tests render components directly.
 *
 * Aliases only reach modules Vite transforms, so every dependency is transformed (`inline`), with
 * the browser's ES builds (`conditions`, `mainFields`) as in the app. The one CommonJS module that
 * imports React, `use-sync-external-store`'s shim (used by react-i18next and TanStack), is
 * pre-bundled with the aliases applied instead of being loaded by Node with the real React.
 */
export default defineConfig({
  plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false })],
  resolve: {
    conditions: ['module', 'browser', 'development'],
    mainFields: ['browser', 'module', 'jsnext:main', 'jsnext', 'main'],
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    server: { deps: { inline: true } },
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: ['use-sync-external-store/shim', 'use-sync-external-store/shim/with-selector'],
          exclude: PREACT_ENTRIES,
        },
      },
    },
  },
});
