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
  },
});
