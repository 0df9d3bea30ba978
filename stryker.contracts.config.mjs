// @ts-check
import base from './stryker.config.mjs';

/**
 * The contracts half of the mutation run (`npm run test:mutation:contracts`): SPEC's rules in
 * packages/contracts against the contracts tests only, which takes minutes here where the full run
 * (with the web's jsdom tests) takes hours. Results: docs/mutation-testing.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  vitest: { configFile: 'stryker.contracts.vitest.config.ts' },
  mutate: ['packages/contracts/src/{constants,messages,permissions,policy-rules,format,products,errors,text}.ts'],
  jsonReporter: { fileName: '.tmp/mutation/contracts-report.json' },
  tempDirName: '.tmp/stryker-contracts',
};
