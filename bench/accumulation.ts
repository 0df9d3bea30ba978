/**
 * Accumulation on a 1M-row book (issue 43): exposure build, the run's aggregates (precomputed once,
 * GROUPING SETS), reads of state / county / ZIP / H3 areas, the top 100 rings of 1 km, and the
 * dashboard's answer, on an embedded PostgreSQL. The book is synthetic (ROWS rows, default
 * 1,000,000, in 60 metro clusters across the contiguous states, a value each, a score and a level
 * each) and written by SQL, so the figures are the analysis alone. Prints the load average.
 *
 *   npx tsx bench/accumulation.ts            (ROWS=100000 for a quick run)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Actor } from '../apps/server/src/auth/actor.js';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { accumulationAreas, buildAccumulations } from '../apps/server/src/db/portfolio-exposure.js';
import {
  dashboard,
  findRings,
  prepareAnalysis,
  topRings,
} from '../apps/server/src/domain/portfolio/accumulation/analysis.js';
import { ensureExposure } from '../apps/server/src/domain/portfolio/accumulation/exposure.js';
import { loadavg, mark } from './support/figures.js';
import { writeSyntheticBook } from './support/synthetic-book.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-accumulation-'));
const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: 0 });
const { db } = createDb(pg.url, 4);

/** The targets: every grouping's areas ≤ 1 s, the top 100 rings of 1 km ≤ 5 s. */
const AGGREGATES_TARGET_S = 1;
const RINGS_TARGET_S = 5;
const verdicts: string[] = [];

async function timed<T>(label: string, work: () => Promise<T>, targetS?: number): Promise<T> {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const verdict = targetS === undefined ? '' : `  (≤ ${targetS} s ${mark(seconds <= targetS)})`;
  console.log(`${label.padEnd(44)} ${seconds.toFixed(2)} s${verdict}`);
  if (targetS !== undefined)
    verdicts.push(`${label}: ${seconds.toFixed(2)} s ≤ ${targetS} s ${mark(seconds <= targetS)}`);
  return result;
}

try {
  await migrateToLatest(db);
  console.log(`load average at start: ${loadavg()} (2 cores)`);
  const org = await db
    .insertInto('organizations')
    .values({ name: 'Bench', products: ['zfire', 'zfire-portfolio'], is_trial: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { portfolioId: id, runId } = await timed(
    `synthetic book: ${ROWS.toLocaleString('en-US')} rows and results`,
    () => writeSyntheticBook(db, org.id, ROWS),
  );
  const run = { id: runId };

  await timed('exposure build (once per portfolio)', () => ensureExposure(db, id, run.id));
  await timed('run aggregates, GROUPING SETS (once per run)', () => buildAccumulations(db, id, run.id));
  for (const grouping of ['state', 'county', 'zip', 'h3_5', 'h3_7', 'h3_9']) {
    const page = await timed(
      `areas by ${grouping} (first 50 and totals)`,
      () => accumulationAreas(db, run.id, grouping, { offset: 0, limit: 50 }),
      AGGREGATES_TARGET_S,
    );
    console.log(`  ${page.total.toLocaleString('en-US')} areas, ${page.totalCount.toLocaleString('en-US')} rows`);
  }
  const actor: Actor = {
    userId: 'bench',
    email: 'bench@demo.test',
    firstName: 'B',
    lastName: 'B',
    isInternalAdmin: false,
    externalGroups: [],
    isSso: false,
    organization: { id: org.id, name: 'Bench', products: ['zfire', 'zfire-portfolio'], isTrial: false },
    orgRole: 'member',
  };
  // What the worker does at run end after the two builds above: the top rings found and kept.
  for (const radius of [1000, 250] as const) {
    const rings = await timed(
      `top 100 rings of ${radius} m, found (worker)`,
      async () => findRings(db, { portfolioId: id, runId: run.id, radius, limit: 100, byValue: true }),
      radius === 1000 ? RINGS_TARGET_S : undefined,
    );
    console.log(`  best ring: ${rings[0]?.count} rows, $${Math.round(rings[0]?.value ?? 0).toLocaleString('en-US')}`);
  }
  await timed('keep the rings (prepareAnalysis, worker)', () => prepareAnalysis(db, id, run.id));
  for (const radius of [1000, 250] as const) {
    const answer = await timed(
      `top 100 rings of ${radius} m, request`,
      () => topRings(db, actor, id, { product: 'zfire', radius, limit: 100 }),
      radius === 1000 ? RINGS_TARGET_S : undefined,
    );
    console.log(`  ${answer.rings.length} rings, best ${answer.rings[0]?.count} rows`);
  }
  await timed('dashboard answer (server side of first paint)', () => dashboard(db, actor, id));
  console.log(`Targets (issue 43), ${ROWS.toLocaleString('en-US')}-row book, load average ${loadavg()} (2 cores):`);
  for (const verdict of verdicts) console.log(`  ${verdict}`);
} finally {
  await db.destroy();
  await pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
