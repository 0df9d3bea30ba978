import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Background work as internal admins see it, across organisations: one job per portfolio file read
 * (ingest), one per scoring run, and one per product's current run for its analysis (issue 43: the
 * exposure, aggregates and rings the worker builds when the run completes). A job's state is derived
 * from its portfolio or run: finished, suspended, running (a run with a committed chunk; a read or an
 * analysis whose advisory lock a worker holds, or an analysis part built) or queued.
 */
export type JobType = 'portfolio-run' | 'portfolio-ingest' | 'portfolio-analysis';

/** The ingest's advisory lock (jobs/portfolio-jobs.ts lockIngest: hashtext(name), portfolio id). */
export const INGEST_LOCK = 'portfolio-ingest';

const runState = sql<string>`CASE WHEN r.completed_at IS NOT NULL THEN 'complete' WHEN r.suspended_at IS NOT NULL THEN 'suspended'
  WHEN EXISTS (SELECT 1 FROM portfolio_run_chunks c WHERE c.run_id = r.id) THEN 'running' ELSE 'queued' END`;
const ingestState = sql<string>`CASE WHEN p.ingested_at IS NOT NULL THEN 'complete' WHEN p.ingest_suspended_at IS NOT NULL THEN 'suspended'
  WHEN EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                 AND l.classid = hashtext(${INGEST_LOCK})::oid AND l.objid = p.id::oid) THEN 'running' ELSE 'queued' END`;

/** The analysis builds' advisory locks (db/portfolio-exposure.ts): the exposure per portfolio, the aggregates per run. */
const EXPOSURE_LOCK = 43;
const AGGREGATES_LOCK = 44;
const heldLock = (key: number, id: ReturnType<typeof sql>) =>
  sql`EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
    AND l.classid = ${sql.lit(key)}::oid AND l.objid = ${id}::oid)`;
/** Its three parts: the portfolio's exposure, the run's aggregates, its rings of both radii. */
const analysisParts = sql<number>`((e.portfolio_id IS NOT NULL)::int + (a.run_id IS NOT NULL)::int
  + coalesce(a.rings ?& array['250', '1000'], false)::int)`;
const analysisState = sql<string>`CASE WHEN coalesce(a.rings ?& array['250', '1000'], false) THEN 'complete'
  WHEN a.run_id IS NOT NULL OR ${heldLock(EXPOSURE_LOCK, sql`r.portfolio_id`)} OR ${heldLock(AGGREGATES_LOCK, sql`r.id`)}
  THEN 'running' ELSE 'queued' END`;

/** Every job, as one relation (type, id, portfolio, organisation, product, state …). */
const allJobs = sql`(
  SELECT 'portfolio-run'::text AS type, r.id, r.portfolio_id, p.name, p.organization_id, o.name AS organization_name,
    r.product, r.model_version, r.chunk_count, r.created_at, r.completed_at, r.suspended_at, ${runState} AS state,
    0 AS parts
  FROM portfolio_runs r JOIN portfolios p ON p.id = r.portfolio_id JOIN organizations o ON o.id = p.organization_id
  UNION ALL
  SELECT 'portfolio-ingest'::text, p.id, p.id, p.name, p.organization_id, o.name,
    '', '', 1, p.created_at, p.ingested_at, p.ingest_suspended_at, ${ingestState}, 0
  FROM portfolios p JOIN organizations o ON o.id = p.organization_id
  UNION ALL
  -- Queued when the run completes; only a product's current run's is kept (a newer exposure drops the others').
  SELECT 'portfolio-analysis'::text, r.id, r.portfolio_id, p.name, p.organization_id, o.name,
    r.product, r.model_version, 3, r.completed_at,
    CASE WHEN coalesce(a.rings ?& array['250', '1000'], false) THEN a.built_at END, NULL::timestamptz, ${analysisState},
    ${analysisParts}
  FROM portfolio_runs r
  JOIN portfolio_products pp ON pp.portfolio_id = r.portfolio_id AND pp.current_run_id = r.id
  JOIN portfolios p ON p.id = r.portfolio_id JOIN organizations o ON o.id = p.organization_id
  LEFT JOIN portfolio_exposure_builds e ON e.portfolio_id = r.portfolio_id
  LEFT JOIN portfolio_accumulation_builds a ON a.run_id = r.id
  WHERE r.completed_at IS NOT NULL)`;

export interface JobRow {
  type: JobType;
  id: number;
  portfolio_id: number;
  name: string;
  organization_id: number;
  organization_name: string;
  product: string;
  model_version: string;
  chunk_count: number;
  created_at: Date;
  completed_at: Date | null;
  suspended_at: Date | null;
  state: string;
  /** Committed chunks of a run; 1 once a file is read; an analysis's parts built (of 3). */
  committed: number;
  total: string;
}

export async function jobsPage(
  db: Db,
  filter: { state: string | 'all'; organizationId?: number },
  page: { limit: number; offset: number },
) {
  const { rows } = await sql<JobRow>`
    SELECT j.*, count(*) OVER () AS total,
      CASE WHEN j.type = 'portfolio-ingest' THEN (j.completed_at IS NOT NULL)::int
           WHEN j.type = 'portfolio-analysis' THEN j.parts
           ELSE (SELECT count(*) FROM portfolio_run_chunks c WHERE c.run_id = j.id)::int END AS committed
    FROM ${allJobs} j
    WHERE (${filter.state} = 'all' OR j.state = ${filter.state})
      AND (${filter.organizationId ?? null}::int IS NULL OR j.organization_id = ${filter.organizationId ?? null}::int)
    -- Newest first; a portfolio's read before its runs of the same moment.
    ORDER BY j.created_at DESC, j.type DESC, j.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  let total = Number(rows[0]?.total ?? 0);
  // A page past the end has no row to carry the count.
  if (!rows.length && page.offset > 0) {
    const counted = await sql<{ n: string }>`SELECT count(*) AS n FROM ${allJobs} j
      WHERE (${filter.state} = 'all' OR j.state = ${filter.state})
        AND (${filter.organizationId ?? null}::int IS NULL OR j.organization_id = ${filter.organizationId ?? null}::int)`.execute(
      db,
    );
    total = Number(counted.rows[0]!.n);
  }
  return { total, rows };
}

/** Number of jobs in each state. */
export async function jobStateCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await sql<{
    state: string;
    n: string;
  }>`SELECT j.state, count(*) AS n FROM ${allJobs} j GROUP BY 1`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
}

/**
 * Suspends or resumes a portfolio's file read; null when there is no such portfolio, else whether
 * it had been read already (then nothing changes).
 */
export async function setIngestSuspended(
  db: Db,
  portfolioId: number,
  suspended: boolean,
): Promise<{ completed: boolean } | null> {
  const row = await db
    .selectFrom('portfolios')
    .select(['ingested_at'])
    .where('id', '=', portfolioId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.ingested_at) return { completed: true };
  await db
    .updateTable('portfolios')
    .set({ ingest_suspended_at: suspended ? new Date() : null })
    .where('id', '=', portfolioId)
    .where('ingested_at', 'is', null)
    .execute();
  return { completed: false };
}

/** Whether staff have suspended this portfolio's file read. */
export async function isIngestSuspended(db: Db, portfolioId: number): Promise<boolean> {
  const row = await db
    .selectFrom('portfolios')
    .select('ingest_suspended_at')
    .where('id', '=', portfolioId)
    .executeTakeFirst();
  return Boolean(row?.ingest_suspended_at);
}

/** Whether a run exists and has completed (an analysis job is listed only then). */
export async function completedRunExists(db: Db, runId: number): Promise<boolean> {
  const row = await db
    .selectFrom('portfolio_runs')
    .select('id')
    .where('id', '=', runId)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
