// Benchmarks print figures; they are not timed tests. Each feature adds its own script here.
// `npm run bench` runs them all; `npm run bench -- lookup` (or imagery, first-frame, billing) runs the ones named.
import { benchApi } from './api.js';
import { benchBilling } from './billing.js';
import { benchFirstFrame } from './first-frame.js';
import { benchImagery } from './imagery.js';
import { benchLookup } from './lookup.js';
import { benchMonitoring } from './monitoring.js';
import { benchSlowSteps } from './slow-steps.js';

const BENCHES: Record<string, () => Promise<boolean>> = {
  imagery: benchImagery,
  lookup: benchLookup,
  'first-frame': benchFirstFrame,
  billing: benchBilling,
  api: benchApi,
  'slow-steps': benchSlowSteps,
  monitoring: benchMonitoring,
};
const named = process.argv.slice(2).filter((name) => name in BENCHES);
const results: boolean[] = [];
for (const name of named.length ? named : Object.keys(BENCHES)) results.push(await BENCHES[name]!());
process.exitCode = results.every(Boolean) ? 0 : 1;
// Also: npm run -w bench bench:portfolio (ROWS=1000000 by default), tsx bench/scorer-chunk.ts.
