import { defineConfig } from 'vitest/config';

/** The tests Stryker runs against each mutant of packages/contracts (stryker.contracts.config.mjs). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', include: ['src/**/*.test.ts'] } },
    ],
  },
});
