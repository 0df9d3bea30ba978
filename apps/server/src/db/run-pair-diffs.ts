import type { RiskLevel } from '@zview/contracts';
import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Diff summaries of any two runs kept at each run's finish (migration 1650), and the summary of a run
 * and the monitored book now made from them: each costs the rows that moved in one step (the run
 * that finished, or the score changes since the book's base run), looked up by key in the other
 * run's results — never the rows that moved several times between the two sides, which is what
 * composing every step between them cost (2–3 s on a 1M-row book with 50,000 such rows).
 *
 * summary(E → R) = summary(E → P) − moves(E → P) + moves(E → R) over the rows R moved since its
 * previous run P: a row R did not move is the same in P and R, so only those rows change their
 * contribution.
 */

export interface Transition {
  from: RiskLevel;
  to: RiskLevel;
  count: number;
  deltaSum: number | null;
}

export interface KeptSummary {
  rows: number;
  changed: number;
  transitions: Transition[];
}

/**
 * How many earlier runs a finishing run keeps a summary against (the newest): each costs a lookup
 * of the rows the run moved in that run's results (0.9 s for 150,000 moved rows at load 14; a
 * model release that moves a whole 1M-row book would cost several seconds per earlier run). A pair
 * further apart is composed from its steps, as before.
 */
export const KEPT_PAIRS_BACK = 8;

/** Transition lists added up (a correction's negative counts taken off); transitions left empty dropped. */
export function addTransitions(lists: Transition[][]): Transition[] {
  const sums = new Map<string, Transition>();
  for (const t of lists.flat()) {
    const key = `${t.from}>${t.to}`;
    const sum = sums.get(key) ?? { from: t.from, to: t.to, count: 0, deltaSum: null };
    sum.count += t.count;
    if (t.deltaSum !== null) sum.deltaSum = (sum.deltaSum ?? 0) + t.deltaSum;
    sums.set(key, sum);
  }
  return [...sums.values()]
    .filter((t) => t.count !== 0)
    .sort((a, b) => b.count - a.count || `${a.from}>${a.to}`.localeCompare(`${b.from}>${b.to}`));
}

const reverse = (ts: Transition[]) =>
  ts.map((t) => ({ from: t.to, to: t.from, count: t.count, deltaSum: t.deltaSum === null ? null : -t.deltaSum }));

const summaryOf = (rows: number, transitions: Transition[]): KeptSummary => ({
  rows,
  changed: transitions.reduce((n, t) => n + t.count, 0),
  transitions,
});

/**
 * Keeps a finished run's summary against every earlier run its previous run has one against (and
 * that previous run's own previous run), up to KEPT_PAIRS_BACK, in the transaction that finishes
 * it, after its diff against its previous run is kept (recordRunDiff).
 */
export async function recordPairDiffs(db: Db, runId: number, previousRunId: number): Promise<void> {
  const previous = await db
    .selectFrom('portfolio_run_diffs')
    .select(['previous_run_id as earlier_run_id', 'transitions'])
    .where('run_id', '=', previousRunId)
    .unionAll(
      db
        .selectFrom('portfolio_run_pair_diffs')
        .select(['earlier_run_id', 'transitions'])
        .where('run_id', '=', previousRunId),
    )
    .orderBy('earlier_run_id', 'desc')
    .limit(KEPT_PAIRS_BACK)
    .execute();
  if (!previous.length) return;
  const earlier = `{${previous.map((p) => Math.trunc(p.earlier_run_id)).join(',')}}`;
  // Each moved row's contribution to E → P taken off (sign −1) and its contribution to E → R put in.
  const { rows: moves } = await sql<Transition & { earlier: number }>`
    SELECT e.run_id AS earlier, e.risk_level AS "from", v.level AS "to", sum(v.sign)::int AS count,
      sum(v.sign * (v.score - e.score))::float8 AS "deltaSum"
    FROM portfolio_run_changes c
    JOIN portfolio_results e ON e.run_id = ANY(${earlier}::int[]) AND e.row_number = c.row_number
    CROSS JOIN LATERAL (VALUES (-1, c.old_score, c.old_level), (1, c.new_score, c.new_level)) v(sign, score, level)
    WHERE c.run_id = ${runId} AND (e.score IS DISTINCT FROM v.score OR e.risk_level <> v.level)
    GROUP BY 1, 2, 3`.execute(db);
  const kept = await db
    .selectFrom('portfolio_run_diffs')
    .select('rows')
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();
  const values = previous.map((p) => {
    const transitions = addTransitions([
      p.transitions as Transition[],
      moves.filter((m) => m.earlier === p.earlier_run_id),
    ]);
    const { changed } = summaryOf(kept.rows, transitions);
    return {
      run_id: runId,
      earlier_run_id: p.earlier_run_id,
      rows: kept.rows,
      changed,
      transitions: JSON.stringify(transitions),
    };
  });
  await db
    .insertInto('portfolio_run_pair_diffs')
    .values(values)
    .onConflict((oc) => oc.columns(['run_id', 'earlier_run_id']).doNothing())
    .execute();
}

/** How many rows a run has: kept with its diff, else counted. */
async function rowsOfRun(db: Db, runId: number): Promise<number> {
  const kept = await db.selectFrom('portfolio_run_diffs').select('rows').where('run_id', '=', runId).executeTakeFirst();
  if (kept) return kept.rows;
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM portfolio_results WHERE run_id = ${runId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The kept summary of two runs of a chain (either way round), null when none is kept. */
export async function keptPairSummary(db: Db, from: number, to: number): Promise<KeptSummary | null> {
  if (from === to) return summaryOf(await rowsOfRun(db, to), []);
  const [earlier, later] = from < to ? [from, to] : [to, from];
  const row = await db
    .selectFrom('portfolio_run_diffs')
    .select(['rows', 'transitions'])
    .where('run_id', '=', later)
    .where('previous_run_id', '=', earlier)
    .unionAll(
      db
        .selectFrom('portfolio_run_pair_diffs')
        .select(['rows', 'transitions'])
        .where('run_id', '=', later)
        .where('earlier_run_id', '=', earlier),
    )
    .executeTakeFirst();
  if (!row) return null;
  const transitions = row.transitions as Transition[];
  return summaryOf(row.rows, addTransitions([from < to ? transitions : reverse(transitions)]));
}

export interface BookNow {
  portfolioId: number;
  product: string;
  baseRunId: number;
  /** The last score change before the base run was copied (migration 1140). */
  changesAfter: string;
}

/**
 * The summary of a run and the monitored book now: the kept summary of the run and the book's base
 * run, with the rows moved by score changes since the base run taken off (run → base) and put in
 * (run → now), each looked up by key. Null when the run and the base run have no kept summary.
 */
export async function keptNowSummary(db: Db, fromRun: number, now: BookNow): Promise<KeptSummary | null> {
  const base = await keptPairSummary(db, fromRun, now.baseRunId);
  if (!base) return null;
  const { rows: moves } = await sql<Transition>`
    WITH t AS (SELECT DISTINCT row_number FROM score_changes
      WHERE portfolio_id = ${now.portfolioId} AND product = ${now.product} AND id > ${now.changesAfter}::bigint)
    SELECT a.risk_level AS "from", v.level AS "to", sum(v.sign)::int AS count,
      sum(v.sign * (v.score - a.score))::float8 AS "deltaSum"
    FROM t
    JOIN portfolio_results a ON a.run_id = ${fromRun} AND a.row_number = t.row_number
    JOIN portfolio_results b ON b.run_id = ${now.baseRunId} AND b.row_number = t.row_number
    LEFT JOIN monitored_rows m ON m.portfolio_id = ${now.portfolioId} AND m.product = ${now.product} AND m.row_number = t.row_number
    CROSS JOIN LATERAL (VALUES (-1, b.score, b.risk_level),
      (1, CASE WHEN m.row_number IS NULL THEN b.score ELSE m.score END, coalesce(m.risk_level, b.risk_level))) v(sign, score, level)
    WHERE a.score IS DISTINCT FROM v.score OR a.risk_level <> v.level
    GROUP BY 1, 2`.execute(db);
  return summaryOf(base.rows, addTransitions([base.transitions, moves]));
}
