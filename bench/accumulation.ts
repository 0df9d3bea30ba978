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
import { sql } from 'kysely';
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

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-accumulation-'));
const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: 0 });
const { db } = createDb(pg.url, 4);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
}

try {
  await migrateToLatest(db);
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores)`,
  );
  const org = await db
    .insertInto('organizations')
    .values({ name: 'Bench', products: ['zfire', 'zfire-portfolio'], is_trial: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('portfolio_uploads')
    .values({
      name: '00000000-0000-0000-0000-000000000043',
      organization_id: org.id,
      user_id: 'bench',
      original_name: 'bench.csv',
      size_bytes: 1,
      delimiter: ',',
      has_bom: false,
      header: JSON.stringify(['ref', 'lat', 'lon', 'tiv']),
    })
    .execute();
  const portfolio = await db
    .insertInto('portfolios')
    .values({
      organization_id: org.id,
      name: 'Bench book',
      uploaded_file_name: '00000000-0000-0000-0000-000000000043',
      created_by: 'bench',
      header: JSON.stringify(['ref', 'lat', 'lon', 'tiv']),
      column_mapping: JSON.stringify({ header: [], fields: {}, unknownColumns: [], layout: 'coordinates' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = portfolio.id;
  await sql`UPDATE portfolios SET row_count = ${ROWS} WHERE id = ${id}`.execute(db);
  const run = await db
    .insertInto('portfolio_runs')
    .values({
      portfolio_id: id,
      product: 'zfire',
      model_version: 'bench',
      data_date: '2026-11-01',
      requested_by: 'bench',
      chunk_size: 10_000,
      chunk_count: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`UPDATE portfolio_runs SET completed_at = now() WHERE id = ${run.id}`.execute(db);
  await db
    .insertInto('portfolio_products')
    .values({ portfolio_id: id, product: 'zfire', status: 'READY', current_run_id: run.id })
    .execute();

  await timed(`synthetic book: ${ROWS.toLocaleString('en-US')} rows and results`, async () => {
    await sql
      .raw(`CREATE TABLE IF NOT EXISTS portfolio_rows_${id} PARTITION OF portfolio_rows FOR VALUES IN (${id})`)
      .execute(db);
    await sql
      .raw(
        `CREATE TABLE IF NOT EXISTS portfolio_results_${run.id} PARTITION OF portfolio_results FOR VALUES IN (${run.id})`,
      )
      .execute(db);
    // 60 metro centres across the contiguous states; rows spread ~±15 km around them, a few denser cores.
    await sql`
      INSERT INTO portfolio_rows (portfolio_id, row_number, csv_line, ref, latitude, longitude, attributes)
      SELECT ${id}, g, 'P-' || g, 'P-' || g,
        30 + (g % 60) * 0.29 + (random() - 0.5) * CASE WHEN g % 7 = 0 THEN 0.01 ELSE 0.27 END,
        -120 + (g % 60) * 0.8 + (random() - 0.5) * CASE WHEN g % 7 = 0 THEN 0.01 ELSE 0.33 END,
        json_build_object('buildingTiv', (100000 + floor(random() * 900000))::text)
      FROM generate_series(1, ${ROWS}) g`.execute(db);
    await sql`
      INSERT INTO portfolio_results (run_id, row_number, score, risk_level, model_version)
      SELECT ${run.id}, g, s, CASE WHEN s < 34 THEN 'low' WHEN s < 67 THEN 'medium' ELSE 'high' END, 'bench'
      FROM (SELECT g, floor(random() * 101) AS s FROM generate_series(1, ${ROWS}) g) x`.execute(db);
    await sql.raw(`ANALYZE portfolio_rows_${id}; ANALYZE portfolio_results_${run.id}`).execute(db);
  });

  await timed('exposure build (once per portfolio)', () => ensureExposure(db, id, run.id));
  await timed('run aggregates, GROUPING SETS (once per run)', () => buildAccumulations(db, id, run.id));
  for (const grouping of ['state', 'county', 'zip', 'h3_5', 'h3_7', 'h3_9']) {
    const page = await timed(`areas by ${grouping} (first 50 and totals)`, () =>
      accumulationAreas(db, run.id, grouping, { offset: 0, limit: 50 }),
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
    const rings = await timed(`top 100 rings of ${radius} m, found (worker)`, async () =>
      findRings(db, { portfolioId: id, runId: run.id, radius, limit: 100, byValue: true }),
    );
    console.log(`  best ring: ${rings[0]?.count} rows, $${Math.round(rings[0]?.value ?? 0).toLocaleString('en-US')}`);
  }
  await timed('keep the rings (prepareAnalysis, worker)', () => prepareAnalysis(db, id, run.id));
  for (const radius of [1000, 250] as const) {
    const answer = await timed(`top 100 rings of ${radius} m, request`, () =>
      topRings(db, actor, id, { product: 'zfire', radius, limit: 100 }),
    );
    console.log(`  ${answer.rings.length} rings, best ${answer.rings[0]?.count} rows`);
  }
  await timed('dashboard answer (server side of first paint)', () => dashboard(db, actor, id));
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await db.destroy();
  await pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
