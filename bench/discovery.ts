// Data discovery benchmark: seeds the filings corpus (default 100,000 filings) and prints search
// with filters (target p95 ≤ 200 ms), facets for the current query (≤ 300 ms) and an explorer
// answer without an LLM (≤ 1 s). Figures, not a test.
// Uses DATABASE_URL (a scratch database!) or an embedded PostgreSQL in a temporary folder.
//   npm run -w bench bench:discovery -- [--filings 100000] [--samples 40]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { zorroFiltersSchema, zorroSearchQuerySchema } from '@zview/contracts';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { answerQuestion } from '../apps/server/src/domain/zorro/explorer.js';
import { facets, search } from '../apps/server/src/domain/zorro/search.js';
import { seedFilings } from '../apps/server/src/world/filings/seed.js';

const { values } = parseArgs({ options: { filings: { type: 'string', default: '100000' }, samples: { type: 'string', default: '40' } } });
const filings = Number(values.filings);
const samples = Number(values.samples);

let url = process.env.DATABASE_URL;
let stop: (() => Promise<void>) | undefined;
if (!url) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-discovery-'));
  rmSync(dir, { recursive: true });
  const pg = await startEmbeddedPostgres({ dataDir: dir, port: 0 });
  url = pg.url;
  stop = async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
const { db } = createDb(url, 4);

const SEARCHES: Record<string, string>[] = [
  { q: 'wildfire model', state: 'CA' },
  { q: 'roof age', state: 'KS', line: 'homeowners' },
  { q: 'hurricane', status: 'approved', submittedFrom: '2023-01-01' },
  { q: '"defensible space"', category: 'wildfire' },
  { q: 'validation loss experience', rateMin: '5', rateMax: '20' },
  { model: 'Z-FIRE', state: 'CO' },
  { line: 'commercial property', type: 'rate', sort: 'rateChange' },
  { q: 'hail', state: 'TX', sort: 'submitted' },
  { q: 'catastrophe load expense', status: 'disapproved' },
  { q: 'emb*', state: 'OR' },
  { company: 'Pinecrest Mutal' },
  { q: 'tempest', category: 'catastrophe', submittedFrom: '2024-01-01' },
];
const QUESTIONS = [
  'How many homeowners filings in Colorado cited a wildfire model since 2024, and what was the median rate change?',
  'What did regulators object to in Kansas filings citing a hail model?',
  'Which carriers filed Z-WIND in Mississippi in 2025?',
  'Disapproved filings in Louisiana citing a wind model',
  'Median rate change of dwelling fire filings in Texas since 2023',
];

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
async function measure(label: string, target: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(34)} p50 ${p(times, 0.5).toFixed(1).padStart(7)} ms  p95 ${p(times, 0.95).toFixed(1).padStart(7)} ms  max ${times.at(-1)!.toFixed(1).padStart(7)} ms  (target p95 ≤ ${target} ms)`);
}

try {
  await migrateToLatest(db);
  const seeded = await seedFilings(url, { filings, log: (line) => process.stdout.write(line) });
  console.log(seeded.skipped ? `${filings.toLocaleString('en-US')} filings already present.` : `Seeded ${filings.toLocaleString('en-US')} filings (${seeded.pages.toLocaleString('en-US')} pages) in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
  await measure('search with filters', 200, (i) => search(db, zorroSearchQuerySchema.parse(SEARCHES[i % SEARCHES.length])));
  await measure('facets for the current query', 300, (i) => facets(db, zorroFiltersSchema.parse(SEARCHES[i % SEARCHES.length])));
  await measure('explorer answer (no LLM)', 1000, (i) => answerQuestion(db, QUESTIONS[i % QUESTIONS.length]!));
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.availableParallelism()} cores`);
} finally {
  await db.destroy();
  await stop?.();
}
