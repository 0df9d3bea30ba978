import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The tests Stryker runs against each mutant (stryker.config.mjs): contracts, and the web's model tests. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/features/{portfolio,scores,appeals}/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
