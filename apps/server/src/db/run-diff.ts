import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RiskLevel } from '@zview/contracts';
import { sql, type RawBuilder } from 'kysely';
import { copyOut } from './copy-out.js';
import { inlineParameters } from './copy-text.js';
import { withOwnConnection, type Db } from './database.js';

/**
 * The diff of two runs of a portfolio product, or of a run and the monitored book now (its base
 * run's results with the monitored rows over them), joined by row number in PostgreSQL: a summary
 * of counts by level transition, and the changed rows as CSV straight from COPY or in pages.
 */

export type DiffSide = { run: number } | { now: { portfolioId: number; product: string; baseRunId: number } };

function sideOf(side: DiffSide): RawBuilder<unknown> {
  if ('run' in side)
    return sql`(SELECT row_number, score, risk_level FROM portfolio_results WHERE run_id = ${side.run})`;
  const { portfolioId, product, baseRunId } = side.now;
  return sql`(SELECT c.row_number, CASE WHEN m.row_number IS NULL THEN c.score ELSE m.score END AS score,
      coalesce(m.risk_level, c.risk_level) AS risk_level
    FROM portfolio_results c
    LEFT JOIN monitored_rows m ON m.portfolio_id = ${portfolioId} AND m.product = ${product} AND m.row_number = c.row_number
    WHERE c.run_id = ${baseRunId})`;
}

export interface DiffCount {
  from: RiskLevel;
  to: RiskLevel;
  changed: boolean;
  count: number;
  delta: number | null;
}

/** Counts by level transition of two sides joined by row number (runs without a kept diff, or now). */
export async function diffCounts(db: Db, from: DiffSide, to: DiffSide): Promise<DiffCount[]> {
  const { rows } = await sql<DiffCount>`
    SELECT a.risk_level AS from, b.risk_level AS to,
      (a.score IS DISTINCT FROM b.score OR a.risk_level <> b.risk_level) AS changed,
      count(*)::int AS count, sum(b.score - a.score)::float8 AS delta
    FROM ${sideOf(from)} a JOIN ${sideOf(to)} b ON b.row_number = a.row_number
    GROUP BY 1, 2, 3`.execute(db);
  return rows;
}

/**
 * Keeps a finished run's diff against its previous run (migration 1120), in the transaction that
 * finishes it: the rows whose score or level moved (one join of the two runs' partitions by their
 * keys, as counting them took before) and their counts by transition. Returns how many moved.
 */
export async function recordRunDiff(db: Db, runId: number, previousRunId: number): Promise<number> {
  await sql`INSERT INTO portfolio_run_diffs (run_id, previous_run_id, rows, changed)
    VALUES (${runId}, ${previousRunId}, (SELECT count(*) FROM portfolio_results WHERE run_id = ${runId}), 0)
    ON CONFLICT (run_id) DO NOTHING`.execute(db);
  await sql`DELETE FROM portfolio_run_changes WHERE run_id = ${runId}`.execute(db);
  await sql`INSERT INTO portfolio_run_changes (run_id, row_number, old_score, old_level, new_score, new_level)
    SELECT cur.run_id, cur.row_number, prev.score, prev.risk_level, cur.score, cur.risk_level
    FROM portfolio_results cur JOIN portfolio_results prev ON prev.run_id = ${previousRunId} AND prev.row_number = cur.row_number
    WHERE cur.run_id = ${runId} AND (cur.score IS DISTINCT FROM prev.score OR cur.risk_level <> prev.risk_level)`.execute(
    db,
  );
  const { rows } = await sql<{ changed: number }>`
    UPDATE portfolio_run_diffs d SET changed = t.changed, transitions = t.transitions
    FROM (SELECT coalesce(sum(n), 0)::int AS changed,
            coalesce(jsonb_agg(jsonb_build_object('from', old_level, 'to', new_level, 'count', n, 'deltaSum', delta_sum) ORDER BY n DESC), '[]') AS transitions
          FROM (SELECT old_level, new_level, count(*)::int AS n, sum(new_score - old_score)::float8 AS delta_sum
                FROM portfolio_run_changes WHERE run_id = ${runId} GROUP BY 1, 2) g) t
    WHERE d.run_id = ${runId}
    RETURNING d.changed`.execute(db);
  return rows[0]?.changed ?? 0;
}

/** A kept diff between two runs, one the other's previous run; `reversed` when asked later → earlier. */
export interface StoredDiff {
  runId: number;
  reversed: boolean;
  rows: number;
  changed: number;
  transitions: { from: RiskLevel; to: RiskLevel; count: number; deltaSum: number | null }[];
}

export async function storedRunDiff(db: Db, fromRun: number, toRun: number): Promise<StoredDiff | null> {
  const row = await db
    .selectFrom('portfolio_run_diffs')
    .select(['run_id', 'previous_run_id', 'rows', 'changed', 'transitions'])
    .where((eb) =>
      eb.or([
        eb.and([eb('run_id', '=', toRun), eb('previous_run_id', '=', fromRun)]),
        eb.and([eb('run_id', '=', fromRun), eb('previous_run_id', '=', toRun)]),
      ]),
    )
    .executeTakeFirst();
  if (!row) return null;
  const reversed = row.run_id === fromRun;
  const transitions = (row.transitions as StoredDiff['transitions']).map((t) =>
    reversed ? { from: t.to, to: t.from, count: t.count, deltaSum: t.deltaSum === null ? null : -t.deltaSum } : t,
  );
  return { runId: row.run_id, reversed, rows: row.rows, changed: row.changed, transitions };
}

/** Where the changed rows come from: a kept diff, or the two sides joined. */
export type ChangedRowsSource = { stored: Pick<StoredDiff, 'runId' | 'reversed'> } | { from: DiffSide; to: DiffSide };

const ADDRESS = sql`coalesce(r.address, concat_ws(', ', r.street, r.city, r.state, r.zip))`;

function changedRows(portfolioId: number, source: ChangedRowsSource) {
  if ('stored' in source) {
    const [older, newer] = source.stored.reversed ? ['new', 'old'] : ['old', 'new'];
    const col = (side: string, what: string) => sql.ref(`c.${side}_${what}`);
    return sql`
      SELECT c.row_number, r.ref, ${ADDRESS} AS address,
        ${col(older, 'score')} AS old_score, ${col(older, 'level')} AS old_level,
        ${col(newer, 'score')} AS new_score, ${col(newer, 'level')} AS new_level,
        round((${col(newer, 'score')} - ${col(older, 'score')})::numeric, 1) AS delta
      FROM portfolio_run_changes c
      JOIN portfolio_rows r ON r.portfolio_id = ${portfolioId} AND r.row_number = c.row_number
      WHERE c.run_id = ${source.stored.runId}`;
  }
  return sql`
    SELECT a.row_number, r.ref, ${ADDRESS} AS address,
      a.score AS old_score, a.risk_level AS old_level, b.score AS new_score, b.risk_level AS new_level,
      round((b.score - a.score)::numeric, 1) AS delta
    FROM ${sideOf(source.from)} a JOIN ${sideOf(source.to)} b ON b.row_number = a.row_number
    JOIN portfolio_rows r ON r.portfolio_id = ${portfolioId} AND r.row_number = a.row_number
    WHERE a.score IS DISTINCT FROM b.score OR a.risk_level <> b.risk_level`;
}

export const DIFF_COLUMNS = [
  'row_number',
  'ref',
  'address',
  'old_score',
  'old_level',
  'new_score',
  'new_level',
  'delta',
];

/**
 * The changed rows as CSV bytes, streamed from COPY … (FORMAT csv, HEADER) on a connection of its
 * own, held until the stream ends or is destroyed (a client gone mid-download).
 */
export function diffCsvStream(db: Db, portfolioId: number, source: ChangedRowsSource): Readable {
  const out = new PassThrough();
  const query = sql`COPY (${changedRows(portfolioId, source)} ORDER BY 1) TO STDOUT (FORMAT csv, HEADER)`;
  const compiled = query.compile(db);
  // COPY takes no parameters: the values are inlined as literals by PostgreSQL's own quoting.
  const text = inlineParameters(compiled.sql, compiled.parameters);
  void withOwnConnection(db, 'The diff export', async (client) => {
    await pipeline(client.query(copyOut(text)), out);
  }).catch((error: Error) => out.destroy(error));
  return out;
}

/** Pages of the changed rows in row order (keyset on row_number), for the XLSX writer. */
export async function* diffPages(db: Db, portfolioId: number, source: ChangedRowsSource, pageSize = 5_000) {
  for (let after = 0; ;) {
    const { rows } = await sql<{
      row_number: number;
      ref: string | null;
      address: string | null;
      old_score: number | null;
      old_level: string;
      new_score: number | null;
      new_level: string;
      delta: string | null;
    }>`SELECT * FROM (${changedRows(portfolioId, source)}) d WHERE d.row_number > ${after}
      ORDER BY d.row_number LIMIT ${pageSize}`.execute(db);
    if (!rows.length) return;
    yield rows;
    after = rows.at(-1)!.row_number;
    if (rows.length < pageSize) return;
  }
}
