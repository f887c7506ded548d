import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Unit tests run in jsdom; the router plugin is not needed because tests render components directly. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Some tests walk a whole form (every onboarding step, a dialog and its request) in jsdom; on
    // a busy 2-core machine they take 4–5 s, past Vitest's 5 s default.
    testTimeout: 15_000,
    // Files share one environment and module registry: jsdom and the app's modules load once per
    // worker instead of once per file (about 4× faster on two cores). Each file cleans up after
    // itself (src/test/setup.ts); a test that needs fresh module state resets modules itself.
    isolate: false,
  },
});
