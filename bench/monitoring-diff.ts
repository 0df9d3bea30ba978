/**
 * The run diff part of the monitoring bench (issue 41): on a book of `rows` rows, three runs
 * (the second moves one row in ten, the third takes half of those back and moves another one in
 * ten) and the book monitored from the third with 10,000 rows since moved by score changes. Times the summary and the CSV of
 *   - two consecutive runs (the diff kept at the later run's finish),
 *   - the first and the third run (not consecutive: the kept diffs between them composed),
 *   - the first run and the book now (the kept diffs and the book's score changes),
 * each checked against the two sides joined row by row (also timed: what every diff cost before).
 * The summary of a pair that is not consecutive is read from the summaries kept at each run's finish
 * (run-pair-diffs.ts, migration 1650; the composed answer from the steps is timed beside it): the
 * rows here move several times between the sides (50,000 rows take two steps between the first and
 * third run, 60,000 between the first run and now), which is what the composition's cost follows.
 */
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.js';
import {
  diffCounts,
  diffCsvStream,
  diffPair,
  pairSummary,
  recordRunDiff,
  storedRunDiff,
  type ChangedRowsSource,
  type DiffSide,
} from '../apps/server/src/db/run-diff.js';
import { keptNowSummary, keptPairSummary, recordPairDiffs } from '../apps/server/src/db/run-pair-diffs.js';
import { loadavg, mark, secs } from './support/figures.js';

const MOVED_NOW = 10_000;

async function writeRuns(db: Db, book: number, userId: string, rows: number): Promise<number[]> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`portfolio_rows_${book}`)} PARTITION OF portfolio_rows FOR VALUES IN (${sql.lit(book)})`.execute(
    db,
  );
  await sql`INSERT INTO portfolio_rows (portfolio_id, row_number, ref, attributes, csv_line) SELECT ${book}, k, 'R' || k, '{}', 'R' || k FROM generate_series(1, ${rows}) k`.execute(
    db,
  );
  const runIds: number[] = [];
  for (let r = 0; r < 3; r += 1) {
    const run = await db
      .insertInto('portfolio_runs')
      .values({
        portfolio_id: book,
        product: 'zfire',
        model_version: 'bench',
        data_date: '2026-01-01',
        requested_by: userId,
        chunk_size: rows,
        chunk_count: 1,
        previous_run_id: runIds.at(-1) ?? null,
        completed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    runIds.push(run.id);
    await sql`CREATE TABLE ${sql.table(`portfolio_results_${run.id}`)} PARTITION OF portfolio_results FOR VALUES IN (${sql.lit(run.id)})`.execute(
      db,
    );
    // Run 2 moves rows k ≡ 0 (mod 10) by 3 points; run 3 takes half of them back (k ≡ 0 mod 20:
    // rows with two steps and no change between the first and third runs) and moves rows k ≡ 5
    // (mod 10) by 2.
    await sql`INSERT INTO portfolio_results (run_id, row_number, score, risk_level, confidence, top_factors, model_version)
      SELECT ${run.id}, k, s, CASE WHEN s >= 70 THEN 'high' WHEN s >= 40 THEN 'medium' ELSE 'low' END, 0.9, '[]', 'bench'
      FROM generate_series(1, ${rows}) k,
        LATERAL (SELECT (k % 97) + CASE WHEN ${r} >= 1 AND k % 10 = 0 AND NOT (${r} = 2 AND k % 20 = 0) THEN 3 ELSE 0 END
          + CASE WHEN ${r} = 2 AND k % 10 = 5 THEN 2 ELSE 0 END AS s) x`.execute(db);
    await sql`ANALYZE ${sql.table(`portfolio_results_${run.id}`)}`.execute(db);
  }
  return runIds;
}

/**
 * The book monitored from `baseRun`, then MOVED_NOW of its rows (every step-th, among the rows the
 * runs moved) moved 4 points by recorded score changes.
 */
async function monitorAndMove(db: Db, book: number, organizationId: number, userId: string, baseRun: number) {
  await db.deleteFrom('monitored_products').where('portfolio_id', '=', book).execute();
  await db
    .insertInto('monitored_products')
    .values({
      portfolio_id: book,
      product: 'zfire',
      organization_id: organizationId,
      base_run_id: baseRun,
      enabled_by: userId,
    })
    .execute();
  await sql`UPDATE monitored_products SET changes_after = (SELECT coalesce(max(id), 0) FROM score_changes)
    WHERE portfolio_id = ${book}`.execute(db);
  await sql`INSERT INTO monitored_rows (portfolio_id, product, row_number, property_id, score, risk_level, factors, model_version)
    SELECT ${book}, 'zfire', row_number, 'bench-' || row_number, score, risk_level, '[]', 'bench'
    FROM portfolio_results WHERE run_id = ${baseRun}`.execute(db);
  await sql`SELECT zview_score_changes_month(now()::date)`.execute(db);
  const step = Math.max(1, Math.floor((await countRows(db, baseRun)) / MOVED_NOW));
  await sql`WITH upd AS (
      UPDATE monitored_rows m SET score = m.score + 4,
        risk_level = CASE WHEN m.score + 4 >= 70 THEN 'high' WHEN m.score + 4 >= 40 THEN 'medium' ELSE 'low' END
      WHERE m.portfolio_id = ${book} AND m.product = 'zfire' AND m.row_number % ${step} = 0
      RETURNING m.row_number, m.property_id, old.score AS old_score, new.score AS new_score, old.risk_level AS old_level, new.risk_level AS new_level)
    INSERT INTO score_changes (effective_on, organization_id, portfolio_id, product, row_number, property_id, old_score, new_score,
      old_level, new_level, old_model_version, new_model_version, factors, cause, cause_id, world_change_id)
    SELECT now()::date, ${organizationId}, ${book}, 'zfire', row_number, property_id, old_score, new_score, old_level, new_level,
      'bench', 'bench', '[]', 'correction', 'bench-now', 0 FROM upd`.execute(db);
  await sql`ANALYZE monitored_rows`.execute(db);
}

async function countRows(db: Db, run: number) {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM portfolio_results WHERE run_id = ${run}`.execute(db);
  return rows[0]!.n;
}

async function csvSeconds(db: Db, book: number, source: ChangedRowsSource) {
  const t = performance.now();
  let bytes = 0;
  for await (const chunk of diffCsvStream(db, book, source)) bytes += (chunk as Buffer).length;
  return { ms: performance.now() - t, bytes };
}

/** How many rows take more than one step between the sides of a pair (what composing them costs). */
async function severalSteps(db: Db, pair: Awaited<ReturnType<typeof diffPair>>) {
  const steps = pair.steps;
  if (!steps) return 0;
  const runs = `{${steps.runs.join(',')}}`;
  const changes = steps.scoreChanges;
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (
      SELECT row_number FROM (
        SELECT row_number FROM portfolio_run_changes WHERE run_id = ANY(${runs}::int[])
        ${
          changes
            ? sql`UNION ALL SELECT row_number FROM score_changes
          WHERE portfolio_id = ${changes.portfolioId} AND product = ${changes.product} AND id > ${changes.after}::bigint`
            : sql``
        }) s GROUP BY row_number HAVING count(*) > 1) m`.execute(db);
  return rows[0]!.n;
}

async function joinedChanged(db: Db, from: DiffSide, to: DiffSide) {
  const t = performance.now();
  const changed = (await diffCounts(db, from, to)).filter((c) => c.changed).reduce((n, c) => n + c.count, 0);
  return { changed, ms: performance.now() - t };
}

export async function benchRunDiff(
  db: Db,
  options: { book: number; organizationId: number; userId: string; rows: number },
): Promise<boolean> {
  const { book, rows } = options;
  const runIds = await writeRuns(db, book, options.userId, rows);
  const [first, second, third] = runIds as [number, number, number];
  // What each run's finish adds: keeping the rows that moved and their counts (finishRun).
  const tKeep = performance.now();
  await recordRunDiff(db, second, first);
  const keepMs = performance.now() - tKeep;
  await recordRunDiff(db, third, second);
  // The third run's finish also keeps its summary against the first (a lookup of the 150,000 rows
  // it moved in the first run's results).
  const tPairs = performance.now();
  await recordPairDiffs(db, third, second);
  const pairsMs = performance.now() - tPairs;
  await monitorAndMove(db, book, options.organizationId, options.userId, third);
  let ok = true;

  // Consecutive runs: the kept diff.
  const t0 = performance.now();
  const stored = (await storedRunDiff(db, first, second))!;
  const storedMs = performance.now() - t0;
  const storedCsv = await csvSeconds(db, book, { stored });
  const storedJoined = await joinedChanged(db, { run: first }, { run: second });
  ok &&= storedMs <= 1_000 && storedCsv.ms <= 5_000 && storedJoined.changed === stored.changed;
  console.log(
    `  ${mark(storedMs <= 1_000)} diff summary of two consecutive ${rows}-row runs: ${storedMs.toFixed(0)} ms (${stored.changed} changed; target 1 s)\n` +
      `  ${mark(storedCsv.ms <= 5_000)} its CSV: ${(storedCsv.bytes / 1e6).toFixed(1)} MB in ${secs(storedCsv.ms)} (target 5 s)\n` +
      `    kept at the run's finish in ${secs(keepMs)}; the same summary joined row by row: ${secs(storedJoined.ms)}; load ${loadavg()}\n` +
      `    the third run's summary against the first kept at its finish in ${secs(pairsMs)}`,
  );

  // Any pair: the first and the third run, and the first run and the book now.
  const monitored = await db
    .selectFrom('monitored_products')
    .select('changes_after')
    .where('portfolio_id', '=', book)
    .executeTakeFirstOrThrow();
  const now: DiffSide = {
    now: { portfolioId: book, product: 'zfire', baseRunId: third, changesAfter: monitored.changes_after },
  };
  for (const [what, to] of [
    ['the first and third runs (not consecutive)', { run: third }],
    ['the first run and the book now', now],
  ] as const) {
    // What the API answers: the kept summary (of two runs, or of the run and the base run with the
    // rows moved since looked up).
    const t = performance.now();
    const summary =
      'run' in to
        ? await keptPairSummary(db, first, to.run)
        : await keptNowSummary(db, first, { ...to.now, changesAfter: to.now.changesAfter! });
    const ms = performance.now() - t;
    const tComposed = performance.now();
    const pair = await diffPair(db, { run: first }, to);
    const composed = await pairSummary(db, pair);
    const composedMs = performance.now() - tComposed;
    const csv = await csvSeconds(db, book, pair);
    const joined = await joinedChanged(db, { run: first }, to);
    const steps = await severalSteps(db, pair);
    const right = summary !== null && joined.changed === summary.changed && composed.changed === summary.changed;
    ok &&= ms <= 1_000 && csv.ms <= 5_000 && right;
    console.log(
      `  ${mark(ms <= 1_000 && right)} diff summary of ${what}: ${ms.toFixed(0)} ms (${summary?.changed} changed of ${summary?.rows}, ` +
        `${steps} rows with several steps; target 1 s)\n` +
        `    composed from the steps: ${composed.changed} in ${secs(composedMs)}; joined row by row: ${joined.changed} in ${secs(joined.ms)}\n` +
        `  ${mark(csv.ms <= 5_000)} its CSV: ${(csv.bytes / 1e6).toFixed(1)} MB in ${secs(csv.ms)} (target 5 s); load ${loadavg()}`,
    );
  }
  return ok;
}
