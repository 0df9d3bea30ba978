import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant of the web's model files (stryker.web.config.mjs): the
 * pure model tests only, in node (no jsdom, no React), so a run fits in minutes on a shared 2-core box.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web-models',
          root: 'apps/web',
          environment: 'node',
          include: [
            'src/features/scores/model.test.ts',
            'src/features/appeals/model.test.ts',
            'src/features/team/{memberRows,labels}.test.ts',
          ],
        },
      },
    ],
  },
});
