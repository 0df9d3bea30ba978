import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RiskLevel } from '@zview/contracts';
import { sql, type RawBuilder } from 'kysely';
import { copyOut } from './copy-out.js';
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

export async function diffCounts(db: Db, from: DiffSide, to: DiffSide): Promise<DiffCount[]> {
  const { rows } = await sql<DiffCount>`
    SELECT a.risk_level AS from, b.risk_level AS to,
      (a.score IS DISTINCT FROM b.score OR a.risk_level <> b.risk_level) AS changed,
      count(*)::int AS count, sum(b.score - a.score)::float8 AS delta
    FROM ${sideOf(from)} a JOIN ${sideOf(to)} b ON b.row_number = a.row_number
    GROUP BY 1, 2, 3`.execute(db);
  return rows;
}

const CHANGED_ROWS = (portfolioId: number, from: DiffSide, to: DiffSide) => sql`
  SELECT a.row_number, r.ref, coalesce(r.address, concat_ws(', ', r.street, r.city, r.state, r.zip)) AS address,
    a.score AS old_score, a.risk_level AS old_level, b.score AS new_score, b.risk_level AS new_level,
    round((b.score - a.score)::numeric, 1) AS delta
  FROM ${sideOf(from)} a JOIN ${sideOf(to)} b ON b.row_number = a.row_number
  JOIN portfolio_rows r ON r.portfolio_id = ${portfolioId} AND r.row_number = a.row_number
  WHERE a.score IS DISTINCT FROM b.score OR a.risk_level <> b.risk_level`;

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
export function diffCsvStream(db: Db, portfolioId: number, from: DiffSide, to: DiffSide): Readable {
  const out = new PassThrough();
  const query = sql`COPY (${CHANGED_ROWS(portfolioId, from, to)} ORDER BY a.row_number) TO STDOUT (FORMAT csv, HEADER)`;
  const compiled = query.compile(db);
  // COPY takes no parameters: the values are inlined as literals by PostgreSQL's own quoting.
  const text = inlineParameters(compiled.sql, compiled.parameters);
  void withOwnConnection(db, 'The diff export', async (client) => {
    await pipeline(client.query(copyOut(text)), out);
  }).catch((error: Error) => out.destroy(error));
  return out;
}

/** Pages of the changed rows in row order (keyset on row_number), for the XLSX writer. */
export async function* diffPages(db: Db, portfolioId: number, from: DiffSide, to: DiffSide, pageSize = 5_000) {
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
    }>`SELECT * FROM (${CHANGED_ROWS(portfolioId, from, to)} AND a.row_number > ${after}) d
      ORDER BY row_number LIMIT ${pageSize}`.execute(db);
    if (!rows.length) return;
    yield rows;
    after = rows.at(-1)!.row_number;
    if (rows.length < pageSize) return;
  }
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** Inlines $n parameters (numbers and strings only: ids, product keys) as SQL literals. */
function inlineParameters(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(parameters[Number(n) - 1]));
}
