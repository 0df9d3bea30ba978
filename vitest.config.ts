import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * One test command, several projects:
 *  - contracts, analytics: pure unit tests
 *  - server: integration tests against a real PostgreSQL (embedded, or DATABASE_URL)
 *  - web: component tests in jsdom
 *  - e2e: the built app driven in Debian's Chromium through playwright-core
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: a single worker on a 2-core CI machine,
    // where most of a file's time is spent waiting on PostgreSQL or Chromium (the suite took
    // 1,180 s with one, 850 s with two).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', include: ['src/**/*.test.ts'] } },
      { test: { name: 'analytics', root: 'packages/analytics', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/no-outbound-network.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          setupFiles: ['test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          globalSetup: ['support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
