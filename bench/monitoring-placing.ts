/**
 * Switching monitoring on for a book whose rows SQL cannot place (monitoring's placing, migration
 * 1890). On an embedded PostgreSQL with a world of PROPERTIES properties (default 2,000), a book of
 * ROWS rows (default 50,000), every one a street-side point a few metres off its parcel, in no
 * parcel (only the exact rule in Node places it, as after a world change before the placement
 * cells are rebuilt), scored by a finished run written straight into the tables:
 *   1. what the API request does now: the SQL copy, the check against the run's summaries and the
 *      placing marked, in one transaction — its time;
 *   2. what the worker then does: every row placed a page of 2,000 at a time (placeBookRows) — its
 *      time, Node's and PostgreSQL's CPU, rows per second. Before migration 1890 the request did
 *      both, holding a pool connection and a transaction throughout.
 * With REPLAY=1 a capture over the whole world and a model release are applied after the switch-on
 * and before the placing: each page then applies both again to its own rows (their cost is the
 * scoring of the page's properties, not the rows already in the book).
 * Load averages are printed: the machine is shared.
 *
 *   npx tsx bench/monitoring-placing.ts      (PROPERTIES=…, ROWS=…, REPLAY=1)
 */
import { sql } from 'kysely';
import { insertMonitoredProduct, insertWorldChange } from '../apps/server/src/db/monitoring.js';
import { placeBookRows } from '../apps/server/src/domain/monitoring/book-rows.js';
import { applyPendingChanges, settleCopiedBook } from '../apps/server/src/domain/monitoring/engine.js';
import { loadavg, mark, secs } from './support/figures.js';
import { insertBenchAccount, insertBenchBook, startMonitoringBenchDb } from './support/monitoring-seed.js';
import { cpuSeconds, postgresCpu } from './support/processes.js';

const PROPERTIES = Number(process.env.PROPERTIES ?? 2_000);
const ROWS = Number(process.env.ROWS ?? 50_000);

export async function benchPlacing(): Promise<boolean> {
  const { db, pgDataDir, close } = await startMonitoringBenchDb({
    name: 'placing',
    properties: PROPERTIES,
    poolSize: 4,
  });
  try {
    const account = await insertBenchAccount(db);
    const book = { id: await insertBenchBook(db, account, 'Street-side book', ROWS) };
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`portfolio_rows_${book.id}`)} PARTITION OF portfolio_rows FOR VALUES IN (${sql.lit(book.id)})`.execute(
      db,
    );
    // Row k a few metres north of the parcel of the (k mod n)-th property whose such point is in no parcel.
    await sql`
      WITH street AS (
        SELECT row_number() OVER (ORDER BY id) - 1 AS n, lat, lng FROM (
          SELECT p.id, ((box(zview_simple_parcel(p.parcel)))[0])[1] + 0.00002 AS lat, p.lng
          FROM properties p WHERE zview_simple_parcel(p.parcel) IS NOT NULL) c
        WHERE NOT EXISTS (SELECT 1 FROM properties q WHERE zview_simple_parcel(q.parcel) @> point(c.lng, c.lat)))
      INSERT INTO portfolio_rows (portfolio_id, row_number, ref, attributes, csv_line, geo_latitude, geo_longitude, geo_precision)
      SELECT ${book.id}, k, 'R' || k, '{}', 'R' || k, s.lat, s.lng, 'coordinates'
      FROM generate_series(1, ${ROWS}) k
      JOIN street s ON s.n = k % (SELECT count(*) FROM street)`.execute(db);
    const run = await db
      .insertInto('portfolio_runs')
      .values({
        portfolio_id: book.id,
        product: 'zfire',
        model_version: 'bench',
        data_date: '2026-01-01',
        requested_by: account.userId,
        chunk_size: ROWS,
        chunk_count: 1,
        completed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`CREATE TABLE ${sql.table(`portfolio_results_${run.id}`)} PARTITION OF portfolio_results FOR VALUES IN (${sql.lit(run.id)})`.execute(
      db,
    );
    await sql`INSERT INTO portfolio_results (run_id, row_number, score, risk_level, confidence, top_factors, model_version)
      SELECT ${run.id}, k, k % 97, CASE WHEN k % 97 >= 70 THEN 'high' WHEN k % 97 >= 40 THEN 'medium' ELSE 'low' END, 0.9, '[]', 'bench'
      FROM generate_series(1, ${ROWS}) k`.execute(db);
    await db
      .insertInto('portfolio_products')
      .values({ portfolio_id: book.id, product: 'zfire', status: 'READY', current_run_id: run.id })
      .execute();
    await sql`ANALYZE`.execute(db);
    console.log(
      `monitoring placing bench: ${PROPERTIES} properties, a book of ${ROWS} street-side rows; load ${loadavg()}`,
    );

    // 1. The request: copy what SQL places, check against the summaries, mark the placing.
    const t0 = performance.now();
    const copied = await db.transaction().execute(async (trx) => {
      const withScore = await insertMonitoredProduct(trx, {
        portfolioId: book.id,
        product: 'zfire',
        organizationId: account.organizationId,
        pinned: false,
        runId: run.id,
        userId: account.userId,
      });
      await settleCopiedBook(trx, { portfolioId: book.id, product: 'zfire', runId: run.id }, withScore);
      return withScore;
    });
    const requestMs = performance.now() - t0;
    console.log(
      `  switch-on (the request): ${requestMs.toFixed(0)} ms, ${copied} rows copied by SQL; load ${loadavg()}`,
    );

    // Changes applied before the rows join (REPLAY=1): a capture over the whole world and a model
    // release, which every page then applies again to its rows alone.
    if (process.env.REPLAY === '1') {
      const occurredOn = new Date().toISOString().slice(0, 10);
      await insertWorldChange(db, {
        cause: 'capture',
        causeId: 'bench-everywhere',
        occurredOn,
        area: { west: -180, south: -90, east: 180, north: 90 },
      });
      await insertWorldChange(db, { cause: 'model', causeId: 'bench-release', product: 'zfire', occurredOn });
      const applied = await applyPendingChanges(db);
      console.log(`  applied before placing: ${applied.map((a) => `${a.cause} ${a.affectedRows} rows`).join(', ')}`);
    }

    // 2. The worker: every row placed, a page at a time.
    const cpu0 = cpuSeconds(process.pid);
    const pg0 = postgresCpu(pgDataDir);
    const t1 = performance.now();
    const placed = await placeBookRows(db, { portfolioId: book.id, product: 'zfire' });
    const placeMs = performance.now() - t1;
    const held = await db
      .selectFrom('monitored_rows')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('portfolio_id', '=', book.id)
      .executeTakeFirstOrThrow();
    // Rows with no property within 40 m (a large parcel's street side) are placed by no rule.
    const whole = placed.done && Number(held.n) === placed.joined;
    console.log(
      `  ${mark(whole)} placing on the worker: ${placed.joined} rows joined (${ROWS - placed.joined} with no property within 40 m) in ${secs(placeMs)}, ` +
        `${Math.round(ROWS / (placeMs / 1000))} rows/s; CPU node ${(cpuSeconds(process.pid) - cpu0).toFixed(1)} s, ` +
        `postgres ${(postgresCpu(pgDataDir) - pg0).toFixed(1)} s; load ${loadavg()}`,
    );
    const replayed = await db
      .selectFrom('score_changes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('portfolio_id', '=', book.id)
      .executeTakeFirstOrThrow();
    if (process.env.REPLAY === '1') console.log(`  score changes recorded by the pages' replays: ${replayed.n}`);
    console.log(
      `  the request held ${requestMs.toFixed(0)} ms instead of ${secs(requestMs + placeMs)} (its time before migration 1890)`,
    );
    return whole;
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchPlacing();
  process.exit(ok ? 0 : 1);
}
