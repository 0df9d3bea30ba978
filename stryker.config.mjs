// @ts-check
/**
 * Mutation testing (`npm run test:mutation`): Stryker changes the code of packages/contracts (SPEC's
 * constants, strings, schemas and permission rules) and of the web's model files one mutant at a
 * time, and runs the tests that cover it; a mutant that survives is a rule no test would miss.
 * The score and the survivors that were looked at are in docs/mutation-testing.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts' },
  // The files that hold SPEC's rules (constants, messages, permissions, formats, product keys) and
  // the web's model files; the zod schemas are left out (their mutants are checked by the route
  // tests of the server, which this run does not start).
  mutate: [
    'packages/contracts/src/{constants,messages,permissions,policy-rules,format,products,errors,text}.ts',
    'apps/web/src/features/*/model.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '.tmp/mutation/report.json' },
  tempDirName: '.tmp/stryker',
  ignoreStatic: true,
  thresholds: { high: 85, low: 70, break: null },
};
