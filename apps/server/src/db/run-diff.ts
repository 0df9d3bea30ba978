import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RiskLevel } from '@zview/contracts';
import { sql, type RawBuilder } from 'kysely';
import { copyOut } from './copy-out.js';
import { inlineParameters } from './copy-text.js';
import { withOwnConnection, type Db } from './database.js';

/**
 * The diff of two runs of a portfolio product, or of a run and the monitored book now (its base
 * run's results with the monitored rows over them), in PostgreSQL: a summary of counts by level
 * transition, and the changed rows as CSV straight from COPY or in pages.
 *
 * Every step a book's rows take is kept: each run keeps the rows that moved since its previous run
 * with their old and new scores (recordRunDiff), and each change of a monitored row is a score
 * change with its old and new score. The diff of two runs that are not consecutive, or of a run and
 * the book now, is composed from those steps alone — for each row that took one, its score before
 * the first step and after the last — without reading the book's million results. Only a pair the
 * steps do not link (runs finished before migration 1120, a book monitored before 1140) is joined
 * row by row.
 */

export type DiffSide =
  | { run: number }
  | {
      now: {
        portfolioId: number;
        product: string;
        baseRunId: number;
        /** The last score change before the base run was copied (migration 1140); null: not known. */
        changesAfter: string | null;
      };
    };

/** The steps that lead from one side to the other: kept run diffs (in run order), then score changes. */
interface Steps {
  runs: number[];
  /** The sides asked later → earlier: the composition is read backwards. */
  reversed: boolean;
  scoreChanges: { portfolioId: number; product: string; after: string } | null;
}

/** Two sides and the steps between them; steps null when they are not all kept (joined row by row). */
export interface DiffPair {
  from: DiffSide;
  to: DiffSide;
  steps: Steps | null;
}

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

const runOf = (side: DiffSide) => ('run' in side ? side.run : side.now.baseRunId);

/** The finished runs of a portfolio product, newest first. */
export async function finishedRuns(db: Db, portfolioId: number, product: string): Promise<number[]> {
  const rows = await db
    .selectFrom('portfolio_runs')
    .select('id')
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .where('completed_at', 'is not', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The runs whose kept diffs lead from the earlier of two runs to the later (following each kept
 * diff's previous run back from the later one), earliest first: [] for the same run, null when a
 * link is missing.
 */
export async function keptChain(db: Db, a: number, b: number): Promise<number[] | null> {
  if (a === b) return [];
  const [earlier, later] = a < b ? [a, b] : [b, a];
  const { rows } = await sql<{ runs: number[] | null; reached: boolean | null }>`
    WITH RECURSIVE chain AS (
      SELECT run_id, previous_run_id FROM portfolio_run_diffs WHERE run_id = ${later}
      UNION ALL
      SELECT d.run_id, d.previous_run_id FROM chain c JOIN portfolio_run_diffs d ON d.run_id = c.previous_run_id
      WHERE c.previous_run_id > ${earlier}
    )
    SELECT array_agg(run_id ORDER BY run_id) AS runs, bool_or(previous_run_id = ${earlier}) AS reached FROM chain`.execute(
    db,
  );
  return rows[0]?.reached ? rows[0].runs : null;
}

/** The two sides with the steps between them, when every step is kept. */
export async function diffPair(db: Db, from: DiffSide, to: DiffSide): Promise<DiffPair> {
  const none = { from, to, steps: null };
  if ('now' in from) return none;
  if ('now' in to) {
    // Now is the base run and the changes after it: composed from a run not later than the base.
    const { portfolioId, product, baseRunId, changesAfter } = to.now;
    if (changesAfter === null || from.run > baseRunId) return none;
    const runs = await keptChain(db, from.run, baseRunId);
    return runs
      ? { from, to, steps: { runs, reversed: false, scoreChanges: { portfolioId, product, after: changesAfter } } }
      : none;
  }
  const runs = await keptChain(db, from.run, to.run);
  return runs ? { from, to, steps: { runs, reversed: from.run > to.run, scoreChanges: null } } : none;
}

/**
 * Every step of every row that took one: (row_number, src, seq, old and new score and level), or
 * only the row numbers (`keys`).
 */
function stepsOf(steps: Steps, keys = false): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  const columns = (src: number, seq: RawBuilder<unknown>) =>
    keys
      ? sql`row_number`
      : sql`row_number, ${sql.lit(src)} AS src, ${seq} AS seq, old_score, old_level, new_score, new_level`;
  // The runs as an array literal: the CSV export inlines parameters into COPY, which takes none.
  const runs = `{${steps.runs.map((id) => Math.trunc(id)).join(',')}}`;
  if (steps.runs.length)
    parts.push(
      sql`SELECT ${columns(0, sql`run_id::bigint`)} FROM portfolio_run_changes WHERE run_id = ANY(${runs}::int[])`,
    );
  const changes = steps.scoreChanges;
  if (changes)
    parts.push(sql`SELECT ${columns(1, sql`id`)} FROM score_changes
      WHERE portfolio_id = ${changes.portfolioId} AND product = ${changes.product} AND id > ${changes.after}::bigint`);
  if (!parts.length)
    return sql`(SELECT NULL::int AS row_number, 0 AS src, 0::bigint AS seq, NULL::float8 AS old_score, ''::text AS old_level,
      NULL::float8 AS new_score, ''::text AS new_level WHERE false)`;
  return sql`(${sql.join(parts, sql` UNION ALL `)})`;
}

/**
 * Both sides of the rows to compare, as d(row_number, a_score, a_level, b_score, b_level): composed
 * from the steps (each row's score before its first step and after its last; one sort of the steps
 * serves every aggregate), or the whole book joined row by row when there are none.
 */
function pairRows(pair: DiffPair): RawBuilder<unknown> {
  if (pair.steps === null)
    return sql`(SELECT a.row_number, a.score AS a_score, a.risk_level AS a_level, b.score AS b_score, b.risk_level AS b_level
      FROM ${sideOf(pair.from)} a JOIN ${sideOf(pair.to)} b ON b.row_number = a.row_number) d`;
  return composedRows(stepsOf(pair.steps), pair.steps.reversed);
}

/** Each row of these steps with its score before its first step (a) and after its last (b), as d. */
function composedRows(steps: RawBuilder<unknown>, reversed: boolean): RawBuilder<unknown> {
  const order = sql`ORDER BY s.src, s.seq`;
  const first = sql`(array_agg(s.old_score ${order}))[1] AS first_score, (array_agg(s.old_level ${order}))[1] AS first_level`;
  const last = sql`(array_agg(s.new_score ${order}))[count(*)] AS last_score, (array_agg(s.new_level ${order}))[count(*)] AS last_level`;
  const [a, b] = reversed ? ['last', 'first'] : ['first', 'last'];
  return sql`(SELECT row_number, ${sql.ref(`${a}_score`)} AS a_score, ${sql.ref(`${a}_level`)} AS a_level,
      ${sql.ref(`${b}_score`)} AS b_score, ${sql.ref(`${b}_level`)} AS b_level
    FROM (SELECT s.row_number, ${first}, ${last} FROM ${steps} s GROUP BY s.row_number) g) d`;
}

const MOVED = sql`(d.a_score IS DISTINCT FROM d.b_score OR d.a_level <> d.b_level)`;

export interface DiffCount {
  from: RiskLevel;
  to: RiskLevel;
  changed: boolean;
  count: number;
  delta: number | null;
}

/** Counts by level transition of two sides joined row by row (the reference the tests compare with). */
export async function diffCounts(db: Db, from: DiffSide, to: DiffSide): Promise<DiffCount[]> {
  const { rows } = await sql<DiffCount>`
    SELECT d.a_level AS from, d.b_level AS to, ${MOVED} AS changed,
      count(*)::int AS count, sum(d.b_score - d.a_score)::float8 AS delta
    FROM ${pairRows({ from, to, steps: null })}
    GROUP BY 1, 2, 3`.execute(db);
  return rows;
}

export interface PairSummary {
  rows: number;
  changed: number;
  transitions: { from: RiskLevel; to: RiskLevel; count: number; deltaSum: number | null }[];
}

/** How many rows a side has: kept with its run's diff, else counted. */
async function rowsOf(db: Db, side: DiffSide): Promise<number> {
  const run = runOf(side);
  const kept = await db.selectFrom('portfolio_run_diffs').select('rows').where('run_id', '=', run).executeTakeFirst();
  if (kept) return kept.rows;
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM portfolio_results WHERE run_id = ${run}`.execute(db);
  return rows[0]?.n ?? 0;
}

type Transition = PairSummary['transitions'][number];

/**
 * The transitions of a pair composed from its steps without reading every step's row twice: the
 * kept diffs' own counts (made when each run finished) and the score changes' counts add up to the
 * answer for every row that took one step; the few rows that took several are found by their keys
 * (one hash aggregate of row numbers), their steps' counts taken off and their composed move (first
 * old score → last new score) put in.
 */
async function composedTransitions(db: Db, steps: Steps): Promise<Transition[]> {
  const kept = steps.runs.length
    ? await db.selectFrom('portfolio_run_diffs').select('transitions').where('run_id', 'in', steps.runs).execute()
    : [];
  const changes = steps.scoreChanges;
  const { rows: corrections } = await sql<Transition>`
    WITH multi AS (SELECT row_number FROM ${stepsOf(steps, true)} k GROUP BY row_number HAVING count(*) > 1),
    ms AS MATERIALIZED (SELECT s.* FROM ${stepsOf(steps)} s WHERE s.row_number IN (SELECT row_number FROM multi))
    SELECT old_level AS from, new_level AS to, -count(*)::int AS count, -sum(new_score - old_score)::float8 AS "deltaSum"
    FROM ms GROUP BY 1, 2
    UNION ALL
    SELECT d.a_level, d.b_level, count(*)::int, sum(d.b_score - d.a_score)::float8
    FROM ${composedRows(sql`ms`, false)} WHERE ${MOVED} GROUP BY 1, 2
    ${
      changes
        ? sql`UNION ALL
    SELECT old_level, new_level, count(*)::int, sum(new_score - old_score)::float8 FROM score_changes
    WHERE portfolio_id = ${changes.portfolioId} AND product = ${changes.product} AND id > ${changes.after}::bigint
    GROUP BY 1, 2`
        : sql``
    }`.execute(db);
  const sums = new Map<string, Transition>();
  for (const t of [...kept.flatMap((k) => k.transitions as Transition[]), ...corrections]) {
    const key = `${t.from}>${t.to}`;
    const sum = sums.get(key) ?? { from: t.from, to: t.to, count: 0, deltaSum: null };
    sum.count += t.count;
    if (t.deltaSum !== null) sum.deltaSum = (sum.deltaSum ?? 0) + t.deltaSum;
    sums.set(key, sum);
  }
  const moved = [...sums.values()].filter((t) => t.count !== 0);
  return steps.reversed
    ? moved.map((t) => ({ from: t.to, to: t.from, count: t.count, deltaSum: t.deltaSum === null ? null : -t.deltaSum }))
    : moved;
}

/** The counts by level transition of the rows that moved between the sides of a pair, and the rows. */
export async function pairSummary(db: Db, pair: DiffPair): Promise<PairSummary> {
  if (pair.steps) {
    const [transitions, rows] = await Promise.all([composedTransitions(db, pair.steps), rowsOf(db, pair.to)]);
    return { rows, changed: transitions.reduce((n, t) => n + t.count, 0), transitions };
  }
  const { rows: counts } = await sql<{
    from: RiskLevel;
    to: RiskLevel;
    changed: boolean;
    count: number;
    deltaSum: number | null;
  }>`
    SELECT d.a_level AS from, d.b_level AS to, ${MOVED} AS changed,
      count(*)::int AS count, sum(d.b_score - d.a_score)::float8 AS "deltaSum"
    FROM ${pairRows(pair)}
    GROUP BY 1, 2, 3`.execute(db);
  const moved = counts.filter((c) => c.changed);
  return {
    rows: counts.reduce((n, c) => n + c.count, 0),
    changed: moved.reduce((n, c) => n + c.count, 0),
    transitions: moved.map(({ from, to, count, deltaSum }) => ({ from, to, count, deltaSum })),
  };
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

/** Where the changed rows come from: a kept diff, or the two sides compared. */
export type ChangedRowsSource = { stored: Pick<StoredDiff, 'runId' | 'reversed'> } | DiffPair;

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
    SELECT d.row_number, r.ref, ${ADDRESS} AS address,
      d.a_score AS old_score, d.a_level AS old_level, d.b_score AS new_score, d.b_level AS new_level,
      round((d.b_score - d.a_score)::numeric, 1) AS delta
    FROM ${pairRows(source)}
    JOIN portfolio_rows r ON r.portfolio_id = ${portfolioId} AND r.row_number = d.row_number
    WHERE ${MOVED}`;
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
