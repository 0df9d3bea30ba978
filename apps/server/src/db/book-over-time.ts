import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * The reads of a monitored book over time (issue 43): each finished run's rows and insured value by
 * risk level as its aggregates kept them at its finish (portfolio_accumulations, the state grouping:
 * every located row is in exactly one state area), and the net moves of the score changes since the
 * book's base run. Neither reads a run's rows: a 1M-row book costs a few dozen aggregate rows a run
 * and the rows the changes touched.
 */

export interface LevelFigure {
  riskLevel: string;
  count: number;
  value: number;
}

export interface RunFigures {
  runId: number;
  completedAt: Date;
  levels: LevelFigure[];
}

/** The product's finished runs whose aggregates are built, oldest first, with their figures by level. */
export async function finishedRunFigures(db: Db, portfolioId: number, product: string): Promise<RunFigures[]> {
  const { rows } = await sql<{
    run_id: number;
    completed_at: Date;
    risk_level: string | null;
    count: number;
    value: number;
  }>`
    SELECT r.id AS run_id, r.completed_at, a.risk_level, a.count::float8 AS count, a.value::float8 AS value
    FROM portfolio_runs r
    JOIN portfolio_accumulation_builds b ON b.run_id = r.id
    LEFT JOIN LATERAL (SELECT risk_level, sum(count) AS count, sum(value) AS value FROM portfolio_accumulations
      WHERE run_id = r.id AND grouping = 'state' AND risk_level <> 'all' GROUP BY 1) a ON true
    WHERE r.portfolio_id = ${portfolioId} AND r.product = ${product} AND r.completed_at IS NOT NULL
    ORDER BY r.completed_at, r.id`.execute(db);
  const runs = new Map<number, RunFigures>();
  for (const row of rows) {
    const run = runs.get(row.run_id) ?? { runId: row.run_id, completedAt: row.completed_at, levels: [] };
    if (row.risk_level !== null) run.levels.push({ riskLevel: row.risk_level, count: row.count, value: row.value });
    runs.set(row.run_id, run);
  }
  return [...runs.values()];
}

export interface LevelMove {
  from: string;
  to: string;
  count: number;
  value: number;
}

/**
 * The located rows whose level moved since the base run (its level there → its monitored level now),
 * with their insured value: only the rows score changes after `changesAfter` touched are looked up.
 */
export async function levelMovesSince(
  db: Db,
  book: { portfolioId: number; product: string; baseRunId: number; changesAfter: string },
): Promise<LevelMove[]> {
  const { rows } = await sql<LevelMove>`
    WITH t AS (SELECT DISTINCT row_number FROM score_changes
      WHERE portfolio_id = ${book.portfolioId} AND product = ${book.product} AND id > ${book.changesAfter}::bigint)
    SELECT coalesce(b.risk_level, 'none') AS "from", m.risk_level AS "to", count(*)::int AS count,
      coalesce(sum(e.value), 0)::float8 AS value
    FROM t
    JOIN portfolio_exposure e ON e.portfolio_id = ${book.portfolioId} AND e.row_number = t.row_number
    JOIN monitored_rows m ON m.portfolio_id = ${book.portfolioId} AND m.product = ${book.product} AND m.row_number = t.row_number
    LEFT JOIN portfolio_results b ON b.run_id = ${book.baseRunId} AND b.row_number = t.row_number
    WHERE coalesce(b.risk_level, 'none') <> m.risk_level
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/** Whether the book's exposure has a value column (null before its exposure is built). */
export async function exposureHasValue(db: Db, portfolioId: number): Promise<boolean | null> {
  const row = await db
    .selectFrom('portfolio_exposure_builds')
    .select('has_value')
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirst();
  return row?.has_value ?? null;
}
