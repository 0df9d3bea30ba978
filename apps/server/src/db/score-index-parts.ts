import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import { poolOf, type Db } from './database.js';

/**
 * Queries of the parallel score-index build (migration 0780): plans, their parts (key ranges of
 * property ids with a lease and a cursor) and the bulk write of scored rows.
 */

export interface ScoreIndexRow {
  build: number;
  property: string;
  score: number | null;
  riskLevel: string;
  confidence: number | null;
  topFactors: readonly { name: string; contribution: number }[];
  problem: string | null;
}

export interface PartRow {
  planId: number;
  part: number;
  afterId: string;
  throughId: string | null;
  builtThrough: string | null;
}

/** Advisory lock key of plan creation (one planner at a time across processes). */
const PLAN_LOCK = [0x5a5649, 3] as const;

/** The open (not completed) plan of exactly these builds, if any. */
export async function findOpenPlan(db: Db, buildIds: readonly number[]): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('score_index_plans')
    .select('id')
    .where('completed_at', 'is', null)
    .where(sql<boolean>`build_ids = ${[...buildIds].sort((a, b) => a - b)}::int[]`)
    .executeTakeFirst();
}

/** The plan's builds, the world revision it was cut for and whether it is complete. */
export function scorePlan(db: Db, planId: number) {
  return db
    .selectFrom('score_index_plans')
    .select(['build_ids', 'world_revision', 'completed_at'])
    .where('id', '=', planId)
    .executeTakeFirst();
}

/**
 * Creates (or finds, when another process planned first) the plan of these builds: properties
 * cut by id into ranges of about `partSize`. Returns the plan id and whether it is new.
 */
export async function createPlan(
  db: Db,
  buildIds: readonly number[],
  worldRevision: string,
  partSize: number,
): Promise<{ id: number; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${PLAN_LOCK[0]}, ${PLAN_LOCK[1]})`.execute(trx);
    const existing = await findOpenPlan(trx, buildIds);
    if (existing) return { id: existing.id, created: false };
    // Every partSize-th id is a boundary: part i covers (boundary i-1, boundary i].
    const { rows: bounds } = await sql<{ id: string }>`
      SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM properties) s
      WHERE n % ${partSize}::int = 0 ORDER BY id`.execute(trx);
    const edges = ['', ...bounds.map((b) => b.id)];
    const plan = await trx
      .insertInto('score_index_plans')
      .values({
        build_ids: [...buildIds].sort((a, b) => a - b),
        world_revision: worldRevision,
        part_count: edges.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('score_index_parts')
      .values(
        edges.map((after, i) => ({ plan_id: plan.id, part: i, after_id: after, through_id: edges[i + 1] ?? null })),
      )
      .execute();
    return { id: plan.id, created: true };
  });
}

/** Parts of a plan that are not done and that no live worker holds (to queue, or queue again). */
export async function unclaimedParts(db: Db, planId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('score_index_parts')
    .select('part')
    .where('plan_id', '=', planId)
    .where('done_at', 'is', null)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', sql<Date>`now()`)]))
    .orderBy('part')
    .execute();
  return rows.map((r) => r.part);
}

/** Takes a part for `leaseMs` unless it is done or another worker's lease is live. */
export async function leasePart(db: Db, planId: number, part: number, leaseMs: number): Promise<PartRow | undefined> {
  const row = await db
    .updateTable('score_index_parts')
    .set({ leased_until: sql`now() + ${leaseMs}::int * interval '1 millisecond'` })
    .where('plan_id', '=', planId)
    .where('part', '=', part)
    .where('done_at', 'is', null)
    .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<', sql<Date>`now()`)]))
    .returning(['plan_id', 'part', 'after_id', 'through_id', 'built_through'])
    .executeTakeFirst();
  return (
    row && {
      planId: row.plan_id,
      part: row.part,
      afterId: row.after_id,
      throughId: row.through_id,
      builtThrough: row.built_through,
    }
  );
}

/** The next page of property ids of a part after `from`. */
export async function partPage(db: Db, part: PartRow, from: string, limit: number): Promise<string[]> {
  let query = db.selectFrom('properties').select('id').where('id', '>', from);
  if (part.throughId !== null) query = query.where('id', '<=', part.throughId);
  return (await query.orderBy('id').limit(limit).execute()).map((r) => r.id);
}

/** Records a page as built and renews the lease. */
export async function advancePart(
  db: Db,
  part: PartRow,
  builtThrough: string,
  count: number,
  leaseMs: number,
): Promise<void> {
  await db
    .updateTable('score_index_parts')
    .set({
      built_through: builtThrough,
      property_count: sql`property_count + ${count}::int`,
      leased_until: sql`now() + ${leaseMs}::int * interval '1 millisecond'`,
    })
    .where('plan_id', '=', part.planId)
    .where('part', '=', part.part)
    .execute();
}

export async function isPartDone(db: Db, planId: number, part: number): Promise<boolean> {
  const row = await db
    .selectFrom('score_index_parts')
    .select('done_at')
    .where('plan_id', '=', planId)
    .where('part', '=', part)
    .executeTakeFirst();
  return !row || row.done_at !== null;
}

export async function finishPart(db: Db, part: PartRow): Promise<void> {
  await db
    .updateTable('score_index_parts')
    .set({ done_at: new Date(), leased_until: null })
    .where('plan_id', '=', part.planId)
    .where('part', '=', part.part)
    .execute();
}

/**
 * The swap: when every part of the plan is done, its builds are marked complete (runs started
 * from then on read them as complete) in one transaction. Returns true when this call completed it.
 */
export async function completePlanIfDone(db: Db, planId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const plan = await trx
      .selectFrom('score_index_plans')
      .select(['build_ids', 'completed_at'])
      .where('id', '=', planId)
      .forUpdate()
      .executeTakeFirst();
    if (!plan || plan.completed_at) return false;
    const open = await trx
      .selectFrom('score_index_parts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('plan_id', '=', planId)
      .where('done_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(open.n) > 0) return false;
    const totals = await trx
      .selectFrom('score_index_parts')
      .select([
        sql<number>`coalesce(sum(property_count), 0)::int`.as('count'),
        sql<string | null>`max(built_through)`.as('last'),
      ])
      .where('plan_id', '=', planId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('score_index_builds')
      .set({ completed_at: new Date(), property_count: totals.count, built_through: totals.last })
      .where('id', 'in', plan.build_ids)
      .where('completed_at', 'is', null)
      .execute();
    await trx.updateTable('score_index_plans').set({ completed_at: new Date() }).where('id', '=', planId).execute();
    return true;
  });
}

/**
 * Fresh planner statistics for the index, once a build is complete and the builds it superseded
 * are deleted. A build done in parts writes millions of rows under a new build id while the
 * statistics still describe the old ids (autovacuum analyzes only after vacuuming the deleted
 * rows, minutes later on a large world): a chunk's join then estimates one row for the new build
 * and scans all of it per row (a 10k-row chunk of the 1M world took minutes instead of 60 ms).
 * Vacuumed too, here in the background job: otherwise autovacuum does it (the superseded builds'
 * deleted rows, the new build's inserted ones) during the first portfolio runs on the new build,
 * and takes their CPU.
 */
export async function analyzeScoreIndex(db: Db): Promise<void> {
  await sql`VACUUM (ANALYZE) score_index`.execute(db);
}

/**
 * Reads a build's partition (migration 0870) and its key into PostgreSQL's buffers with pg_prewarm
 * (migration 0880): one sequential read, where a run's probes would fetch the same pages one at a
 * time, each a cache miss (a run of a million rows on a million-property build touches nearly
 * every page: ~130 ms of probes per 25,000 rows cold, ~60 ms warm). False, doing nothing, where
 * the extension is not installed.
 */
export async function prewarmScoreBuild(db: Db, buildId: number): Promise<boolean> {
  const { rows } = await sql<{ installed: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_prewarm') AS installed`.execute(db);
  if (!rows[0]?.installed) return false;
  const partition = `score_index_${Math.trunc(buildId)}`;
  await sql`
    SELECT pg_prewarm(oid) FROM (
      SELECT to_regclass(${partition}) AS oid
      UNION ALL SELECT indexrelid FROM pg_index WHERE indrelid = to_regclass(${partition})) r
    WHERE oid IS NOT NULL`.execute(db);
  return true;
}

/**
 * Statistics for the one-row tables every chunk's statement joins once (placementContext in
 * db/portfolio-placement.ts): world_revision and placement_builds. Never analyzed, a table is
 * taken to hold thousands of rows (2,200 for world_revision joined with placement_builds), so the
 * planner multiplied the chunk's 10k rows by that, expected 21M, and hashed the whole score index
 * build (1M rows, spilled to disk) for each chunk: 2.5 s per 10k-row chunk instead of 0.13 s.
 */
export async function analyzePlacementBuilds(db: Db): Promise<void> {
  await sql`ANALYZE world_revision, placement_builds`.execute(db);
}

/** Plans whose builds are gone (superseded and removed) or complete by other means: dropped. */
export async function removeFinishedPlans(db: Db): Promise<void> {
  await db
    .deleteFrom('score_index_plans')
    .where('completed_at', 'is not', null)
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await db
    .deleteFrom('score_index_plans')
    .where('completed_at', 'is', null)
    .where(sql<boolean>`NOT build_ids <@ ARRAY(SELECT id FROM score_index_builds WHERE completed_at IS NULL)`)
    .execute();
}

const COPY_COLUMNS =
  '(build_id, property_id, score, risk_level, confidence, problem, top_factor_names, top_factor_contributions)';

const NEEDS_ESCAPE = /[\\\t\n\r]/;
/** PostgreSQL COPY text format: NULL as \N, backslash, tab and line breaks escaped. */
function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** The top factors' names as the index stores them (migrations 0840, 0930): joined with '; '. */
export function factorNames(topFactors: readonly { name: string }[]): string {
  return topFactors.map((f) => f.name).join('; ');
}

/**
 * The top factors' contributions as the index stores them beside their names (migration 0930): a
 * float8[] literal, each double written as JavaScript's shortest form, which PostgreSQL reads back
 * as the same double.
 */
export function factorContributions(topFactors: readonly { contribution: number }[]): string {
  return `{${topFactors.map((f) => String(f.contribution)).join(',')}}`;
}

/**
 * Adds scored rows to the index (rows already there stay: a run's chunk may have added them, or
 * an earlier attempt of the same part). COPY into a temporary table then one INSERT … ON CONFLICT
 * DO NOTHING: several times cheaper for PostgreSQL than parsing array parameters. The builds are
 * locked for the statement (FOR KEY SHARE: a build being deleted waits, then its trigger deletes
 * these rows too) and rows of a build that is gone are not written: the foreign key's guarantee,
 * taken once per page instead of once per row (migration 0840).
 */
export async function copyIntoScoreIndex(db: Db, rows: readonly ScoreIndexRow[]): Promise<number> {
  if (!rows.length) return 0;
  const pool = poolOf(db);
  if (!pool) throw new Error('copyIntoScoreIndex needs a Db made by createDb');
  let text = '';
  for (const r of rows)
    text += `${r.build}\t${copyField(r.property)}\t${copyField(r.score)}\t${copyField(r.riskLevel)}\t${copyField(r.confidence)}\t${copyField(r.problem)}\t${copyField(factorNames(r.topFactors))}\t${factorContributions(r.topFactors)}\n`;
  const builds = [...new Set(rows.map((r) => r.build))];
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('CREATE TEMP TABLE score_index_stage (LIKE score_index) ON COMMIT DROP');
    await pipeline(Readable.from([text]), client.query(copyFrom(`COPY score_index_stage ${COPY_COLUMNS} FROM STDIN`)));
    const inserted = await client.query(
      `WITH live AS (SELECT id FROM score_index_builds WHERE id = ANY($1::int[]) FOR KEY SHARE)
       INSERT INTO score_index ${COPY_COLUMNS} SELECT ${COPY_COLUMNS.slice(1, -1)} FROM score_index_stage
       WHERE build_id IN (SELECT id FROM live) ON CONFLICT DO NOTHING`,
      [builds],
    );
    await client.query('COMMIT');
    return inserted.rowCount ?? 0;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
