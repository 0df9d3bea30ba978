// @ts-check
import base from './stryker.config.mjs';

/**
 * The web half of the mutation run (`npm run test:mutation:web`): the web's pure model files that
 * carry SPEC rules, against their node-environment model tests only (stryker.web.vitest.config.ts).
 * - scores/model.ts: which products show and in what order, the weather group (SPEC §9), the
 *   product names, the look-back imagery;
 * - appeals/model.ts: the value formats, input checks, the transitions offered per status;
 * - team/labels.ts and memberRows.ts: the bulk actions' wording and the bulk-add rows' checks (SPEC §5).
 * portfolio/model.ts is left to the portfolio work (its tests are the jsdom page tests). Kept out of
 * `npm test`: a run takes minutes. Results: docs/mutation-testing.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  vitest: { configFile: 'stryker.web.vitest.config.ts' },
  mutate: [
    'apps/web/src/features/scores/model.ts',
    'apps/web/src/features/appeals/model.ts',
    'apps/web/src/features/team/{labels,memberRows}.ts',
  ],
  jsonReporter: { fileName: '.tmp/mutation/web-report.json' },
  tempDirName: '.tmp/stryker-web',
};
