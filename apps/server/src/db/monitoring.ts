import { sql, type Transaction } from 'kysely';
import type { Db } from './database.js';
import type { ChangeCause, Database, FeatureChange, WorldChangesTable } from './schema.js';
import type { Selectable } from 'kysely';
import { placedProperty, placementContext } from './portfolio-placement.js';

/**
 * The SQL of monitored portfolios (domain/monitoring decides, this module reads and writes):
 * switching a product to monitored, the world changes waiting, the monitored rows a change
 * touches (found set-wise by place or property, a page at a time) and the one statement that
 * applies new scores and records each change with its cause.
 */

export type WorldChange = Selectable<WorldChangesTable>;

export interface MonitoredProduct {
  portfolio_id: number;
  product: string;
  organization_id: number;
  pinned: boolean;
  base_run_id: number;
  changes_after: string | null;
  enabled_at: Date;
  placing_run_id: number | null;
  placing_after: number;
  placing_last_row: number | null;
}

export function findMonitoredProducts(db: Db, portfolioId: number) {
  return db
    .selectFrom('monitored_products')
    .select([
      'portfolio_id',
      'product',
      'organization_id',
      'pinned',
      'base_run_id',
      'changes_after',
      'enabled_at',
      'placing_run_id',
      'placing_after',
      'placing_last_row',
    ])
    .where('portfolio_id', '=', portfolioId)
    .orderBy('product')
    .execute();
}

/**
 * Copies a run's scored rows into a monitored book (one INSERT … SELECT: the book never passes
 * through Node), each with its property as the run placed it (portfolio-placement.ts): a
 * coordinates row is often placed by the run's SQL, not at ingest, and has no stored id.
 * Returns how many of the rows copied hold a score.
 */
async function copyRunIntoMonitoredRows(
  trx: Transaction<Database>,
  portfolioId: number,
  product: string,
  runId: number,
): Promise<number> {
  // The changes recorded so far are of the rows before this copy: the diff to now reads only later ones.
  await sql`UPDATE monitored_products SET changes_after = (
      SELECT coalesce(max(id), 0) FROM score_changes WHERE portfolio_id = ${portfolioId} AND product = ${product})
    WHERE portfolio_id = ${portfolioId} AND product = ${product}`.execute(trx);
  const { rows } = await sql<{ n: number }>`
    WITH copied AS (
    INSERT INTO monitored_rows (portfolio_id, product, row_number, property_id, score, risk_level, factors, model_version)
    SELECT r.portfolio_id, ${product}, r.row_number, pp.property_id,
      res.score, res.risk_level, zview_top_factors(res.top_factors, res.top_factor_names, res.top_factor_contributions),
      res.model_version
    FROM portfolio_results res
    JOIN portfolio_rows r ON r.portfolio_id = ${portfolioId} AND r.row_number = res.row_number
    CROSS JOIN ${placementContext(portfolioId)} t
    CROSS JOIN LATERAL (SELECT coalesce(${placedProperty}, nullif(r.placed_property_id, '')) AS property_id) pp
    WHERE res.run_id = ${runId} AND pp.property_id IS NOT NULL
    RETURNING score)
    SELECT count(*) FILTER (WHERE score IS NOT NULL)::int AS n FROM copied`.execute(trx);
  return rows[0]?.n ?? 0;
}

/**
 * Makes a product monitored from its current run: the results of the rows placed on a property
 * copied into monitored_rows in one INSERT … SELECT (the book never passes through Node).
 * Returns how many of the rows copied hold a score.
 */
export async function insertMonitoredProduct(
  trx: Transaction<Database>,
  input: {
    portfolioId: number;
    product: string;
    organizationId: number;
    pinned: boolean;
    runId: number;
    userId: string;
  },
): Promise<number> {
  await trx
    .insertInto('monitored_products')
    .values({
      portfolio_id: input.portfolioId,
      product: input.product,
      organization_id: input.organizationId,
      pinned: input.pinned,
      base_run_id: input.runId,
      enabled_by: input.userId,
    })
    .execute();
  return copyRunIntoMonitoredRows(trx, input.portfolioId, input.product, input.runId);
}

export async function setMonitoredPinned(db: Db, portfolioId: number, product: string, pinned: boolean) {
  const row = await db
    .updateTable('monitored_products')
    .set({ pinned })
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .returning('product')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteMonitoredProduct(db: Db, portfolioId: number, product: string) {
  const row = await db
    .deleteFrom('monitored_products')
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .returning('product')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countMonitoredRows(db: Db, portfolioId: number, product: string): Promise<number> {
  const row = await db
    .selectFrom('monitored_rows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewWorldChange {
  cause: ChangeCause;
  causeId: string;
  description?: string;
  organizationId?: number | null;
  product?: string | null;
  occurredOn: string;
  area?: { west: number; south: number; east: number; north: number } | null;
  propertyIds?: string[] | null;
  /** Property id → the feature keys the change moved there, when known. */
  movedFeatures?: Record<string, string[]> | null;
  /** Property id → the features moved there, from and to their values (permits, corrections). */
  featureChanges?: Record<string, FeatureChange[]> | null;
}

export async function insertWorldChange(db: Db, change: NewWorldChange): Promise<string> {
  const row = await db
    .insertInto('world_changes')
    .values({
      cause: change.cause,
      cause_id: change.causeId,
      description: change.description ?? '',
      organization_id: change.organizationId ?? null,
      product: change.product ?? null,
      occurred_on: change.occurredOn,
      west: change.area?.west ?? null,
      south: change.area?.south ?? null,
      east: change.area?.east ?? null,
      north: change.area?.north ?? null,
      property_ids: change.propertyIds ?? null,
      moved_features: change.movedFeatures ? JSON.stringify(change.movedFeatures) : null,
      feature_changes: change.featureChanges ? JSON.stringify(change.featureChanges) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The advisory lock of the one applier of world changes (changes apply in order, one at a time). */
export const APPLIER_LOCK = 4_100_041;

/**
 * The oldest world change not applied yet, for this transaction, once it holds the applier's lock;
 * undefined when nothing waits or another worker is applying (it will get to this one in turn).
 */
export async function lockNextPendingChange(trx: Transaction<Database>) {
  if (!(await tryApplierLock(trx))) return undefined;
  return trx
    .selectFrom('world_changes')
    .selectAll()
    .where('processed_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Holds the applier's lock for the rest of the transaction, waiting at most `waitMs` for a change
 * being applied: a book switched on (or rebased) while a change is mid-application would take it
 * on the rows of the pages still to come and not on those before (the applier reads the book page by
 * page, each statement seeing what has committed since). False when the wait ran out: the
 * transaction is then aborted and must be rolled back.
 */
export async function waitForApplier(trx: Transaction<Database>, waitMs: number): Promise<boolean> {
  const { rows } = await sql<{ previous: string }>`SELECT current_setting('lock_timeout') AS previous`.execute(trx);
  await sql`SELECT set_config('lock_timeout', ${`${Math.max(1, Math.round(waitMs))}ms`}, true)`.execute(trx);
  try {
    await sql`SELECT pg_advisory_xact_lock(${APPLIER_LOCK})`.execute(trx);
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return false; // lock_not_available
    throw error;
  }
  // The rest of the transaction waits for locks as it did before.
  await sql`SELECT set_config('lock_timeout', ${rows[0]!.previous}, true)`.execute(trx);
  return true;
}

/** Holds the applier's lock for the transaction if no change is being applied (false: one is). */
export async function tryApplierLock(trx: Transaction<Database>): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${APPLIER_LOCK}) AS ok`.execute(trx);
  return rows[0]?.ok === true;
}

/**
 * Marks a change applied, at the instant its score changes were recorded with (`changed_at`): rows
 * that join a book later take it again with that same instant (engine.ts replayChangesForJoinedRows).
 */
export async function markChangeProcessed(
  trx: Transaction<Database>,
  id: string,
  counts: { affected: number; changed: number },
  processedAt: Date,
) {
  await trx
    .updateTable('world_changes')
    .set({ processed_at: processedAt, affected_rows: counts.affected, changed_rows: counts.changed })
    .where('id', '=', id)
    .execute();
}

/** Which monitored products a change may move: pinned ones only by appeals and corrections. */
const PINNED_MOVES: ReadonlySet<ChangeCause> = new Set(['appeal', 'correction']);

/**
 * Rows that joined a book after a change was applied, to which the change is applied again, and
 * only to them: rows the worker placed later (domain/monitoring/book-rows.ts), or, without
 * `rowNumbers`, every row of a book just copied from its run (switched on, rebased: engine.ts
 * settleCopiedBook).
 */
export interface JoinedRows {
  portfolioId: number;
  product: string;
  rowNumbers?: number[];
}

/** The scope of a change as SQL conditions on monitored_rows m / monitored_products mp. */
function scopeOf(change: WorldChange, only?: JoinedRows) {
  const pinnedOk = PINNED_MOVES.has(change.cause);
  // IN (a subquery), not = ANY(an array): a semi-join the planner hashes or drives from (the book's
  // key), where ANY compared each row of the properties' other rows with every joined row (bench:
  // monitoring-placing.ts, REPLAY=1).
  const book = only ? sql`AND m.portfolio_id = ${only.portfolioId}::int AND m.product = ${only.product}::text` : sql``;
  const joined = only?.rowNumbers ? sql`${book} AND m.row_number IN (SELECT unnest(${only.rowNumbers}::int[]))` : book;
  return sql`(${pinnedOk} OR NOT mp.pinned)
    AND (${change.organization_id}::int IS NULL OR mp.organization_id = ${change.organization_id})
    AND (${change.product}::text IS NULL OR m.product = ${change.product}) ${joined}`;
}

/**
 * The last world change recorded before a run began: the world it scored held every change up to
 * it (the world is amended when a change is recorded), and none after it. A book copied from the
 * run is behind by the changes after it (engine.ts settleCopiedBook). A change whose recording began
 * before the run and committed after it counts as held: a narrow race, left.
 */
export async function lastChangeBeforeRun(db: Db, runId: number): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    SELECT coalesce(max(w.id), 0)::text AS id FROM world_changes w
    WHERE w.created_at < (SELECT created_at FROM portfolio_runs WHERE id = ${runId}::int)`.execute(db);
  return rows[0]?.id ?? '0';
}

/** World changes already applied after `afterId`, in the order they were applied. */
export function changesAppliedAfter(db: Db, afterId: string) {
  return db
    .selectFrom('world_changes')
    .selectAll()
    .where('id', '>', afterId)
    .where('processed_at', 'is not', null)
    .orderBy('id')
    .execute();
}

/**
 * The features each of these properties had moved by world changes recorded after `afterId`
 * (applied or not: the world is amended when a change is recorded), newest first, so that the
 * world as it was at a change can be had back by setting each to its `from` (engine.ts).
 */
export async function featureChangesAfter(
  db: Db,
  afterId: string,
  propertyIds: readonly string[],
): Promise<{ id: string; property_id: string; changes: FeatureChange[] }[]> {
  if (!propertyIds.length) return [];
  const { rows } = await sql<{ id: string; property_id: string; changes: FeatureChange[] }>`
    SELECT w.id, i.id AS property_id, w.feature_changes -> i.id AS changes
    FROM world_changes w CROSS JOIN unnest(${propertyIds}::text[]) AS i(id)
    WHERE w.id > ${afterId}::bigint AND w.feature_changes ? i.id
    ORDER BY w.id DESC`.execute(db);
  return rows;
}

/** Adds the rows a change reached late (rows that joined a book after it was applied) to its counts. */
export async function addChangeCounts(
  trx: Transaction<Database>,
  id: string,
  counts: { affected: number; changed: number },
) {
  await sql`UPDATE world_changes SET affected_rows = coalesce(affected_rows, 0) + ${counts.affected}::int,
      changed_rows = coalesce(changed_rows, 0) + ${counts.changed}::int
    WHERE id = ${id}`.execute(trx);
}

export interface AffectedProperty {
  property_id: string;
  lat: number;
  lng: number;
  products: string[];
  rows: number;
}

/**
 * A page of the properties a change touches that monitored rows hold, in id order after `after`:
 * the properties inside the change's area (the properties' (lat, lng) index) or named by it, then
 * the monitored rows on them (monitored_rows' property index). Never reads a book.
 */
export async function affectedPropertiesPage(
  db: Db,
  change: WorldChange,
  after: string,
  limit: number,
  only?: JoinedRows,
): Promise<AffectedProperty[]> {
  const where =
    change.west !== null
      ? sql`p.lat BETWEEN ${change.south} AND ${change.north} AND p.lng BETWEEN ${change.west} AND ${change.east}`
      : change.property_ids !== null
        ? sql`p.id = ANY(${change.property_ids}::text[])`
        : sql`true`;
  const { rows } = await sql<AffectedProperty>`
    SELECT m.property_id, min(p.lat) AS lat, min(p.lng) AS lng, array_agg(DISTINCT m.product) AS products, count(*)::int AS rows
    FROM properties p
    JOIN monitored_rows m ON m.property_id = p.id
    JOIN monitored_products mp ON mp.portfolio_id = m.portfolio_id AND mp.product = m.product
    WHERE ${where} AND p.id > ${after} AND ${scopeOf(change, only)}
    GROUP BY m.property_id
    ORDER BY m.property_id
    LIMIT ${limit}`.execute(db);
  return rows;
}

export interface NewScore {
  propertyId: string;
  product: string;
  /**
   * Only this organisation's rows; null: the rows of every organisation that has no published
   * appeal version of the property and product (an appealed row keeps the appeal's outcome unless
   * the engine scores it for its organisation).
   */
  organizationId: number | null;
  score: number | null;
  riskLevel: string;
  /** Every factor's contribution to the new score (not only the top three). */
  factors: { name: string; contribution: number }[];
  /**
   * Every factor's contribution just before the change (the features before it, scored the same
   * way); null when unknown (a model release). The row's stored factors (the exact old score's)
   * win over these where both name a factor.
   */
  before?: { name: string; contribution: number }[] | null;
  modelVersion: string;
}

export interface RecordedChange {
  id: string;
  organization_id: number;
  portfolio_id: number;
  product: string;
  row_number: number;
  property_id: string;
  old_score: number | null;
  new_score: number | null;
  old_level: string;
  new_level: string;
  cause: ChangeCause;
  cause_id: string;
  changed_at: Date;
}

/**
 * The old side of a change's moved factors: the row's stored factors (a score copied from a run keeps
 * only its top three; one the engine recorded keeps them all) over the factors just before the change
 * (every factor), so a factor outside the old top three that the change moved is listed, by how much.
 */
const oldSide = sql`CASE WHEN before_factors IS NULL THEN old_factors ELSE (
    SELECT jsonb_agg(coalesce(o.e, b.e))
    FROM jsonb_array_elements(before_factors) b(e)
    FULL JOIN jsonb_array_elements(coalesce(old_factors, '[]'::jsonb)) o(e) ON o.e->>'name' = b.e->>'name') END`;

/**
 * Applies new scores to the monitored rows in the change's scope whose score or level differs, and
 * records each as a score change (old and new from the UPDATE's RETURNING old/new, PostgreSQL 18),
 * in one statement. Returns the changes recorded, in portfolio and row order.
 */
export async function applyScores(
  trx: Transaction<Database>,
  change: WorldChange,
  scores: readonly NewScore[],
  changedAt: Date,
  only?: JoinedRows,
): Promise<RecordedChange[]> {
  if (!scores.length) return [];
  await sql`SELECT zview_score_changes_month(${changedAt}::date)`.execute(trx);
  // Rows that joined late, by hash joins for this statement alone: with a page of joined rows the
  // planner drove a nested loop from them (few, by its estimate) over the new scores, testing every
  // pair and the appeal check of each: 2.3 million pairs and 3.1 s for a page of 1,925 rows (EXPLAIN
  // ANALYZE, bench/monitoring-placing.ts REPLAY=1). Every join here has hashable keys.
  if (only?.rowNumbers) await sql`SET LOCAL enable_nestloop = off`.execute(trx);
  const { rows } = await sql<RecordedChange>`
    WITH n AS (
      SELECT * FROM unnest(${scores.map((s) => s.propertyId)}::text[], ${scores.map((s) => s.product)}::text[],
        ${scores.map((s) => s.score)}::float8[], ${scores.map((s) => s.riskLevel)}::text[],
        ${scores.map((s) => JSON.stringify(s.factors))}::jsonb[], ${scores.map((s) => s.modelVersion)}::text[],
        ${scores.map((s) => s.organizationId)}::int[], ${scores.map((s) => (s.before ? JSON.stringify(s.before) : null))}::jsonb[])
        AS n(property_id, product, score, risk_level, factors, model_version, organization_id, before)
    ), upd AS (
      UPDATE monitored_rows m
      SET score = n.score, risk_level = n.risk_level, factors = n.factors, model_version = n.model_version, updated_at = ${changedAt}
      FROM n, monitored_products mp
      WHERE m.property_id = n.property_id AND m.product = n.product
        AND mp.portfolio_id = m.portfolio_id AND mp.product = m.product
        AND ${scopeOf(change, only)}
        AND (n.organization_id = mp.organization_id OR (n.organization_id IS NULL AND NOT EXISTS (
          SELECT 1 FROM appeal_score_versions v
          WHERE v.organization_id = mp.organization_id AND v.property_id = m.property_id AND v.product = m.product)))
        AND (m.score IS DISTINCT FROM n.score OR m.risk_level <> n.risk_level)
      RETURNING m.portfolio_id, m.product, m.row_number, m.property_id, mp.organization_id,
        old.score AS old_score, new.score AS new_score, old.risk_level AS old_level, new.risk_level AS new_level,
        old.model_version AS old_mv, new.model_version AS new_mv, old.factors AS old_factors, new.factors AS new_factors, n.before AS before_factors
    )
    INSERT INTO score_changes (changed_at, effective_on, organization_id, portfolio_id, product, row_number, property_id,
      old_score, new_score, old_level, new_level, old_model_version, new_model_version, factors, cause, cause_id, world_change_id)
    SELECT ${changedAt}, ${change.occurred_on}, organization_id, portfolio_id, product, row_number, property_id,
      old_score, new_score, old_level, new_level, old_mv, new_mv, zview_moved_factors(${oldSide}, new_factors),
      ${change.cause}, ${change.cause_id}, ${change.id}
    FROM upd ORDER BY portfolio_id, product, row_number
    RETURNING id, organization_id, portfolio_id, product, row_number, property_id, old_score, new_score, old_level, new_level,
      cause, cause_id, changed_at`.execute(trx);
  if (only?.rowNumbers) await sql`SET LOCAL enable_nestloop = on`.execute(trx);
  return rows;
}

/** The latest published appeal version of a property and product for an organisation, by its id. */
export function findAppealVersion(db: Db, id: number) {
  return db
    .selectFrom('appeal_score_versions')
    .select(['id', 'organization_id', 'property_id', 'product', 'appeal_id', 'result', 'model_version', 'published_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every published appeal version of these properties (any organisation), oldest first. */
export function appealVersionsOfProperties(db: Db, propertyIds: readonly string[]) {
  if (!propertyIds.length) return Promise.resolve([]);
  return db
    .selectFrom('appeal_score_versions')
    .select([
      'organization_id',
      'property_id',
      'product',
      'version',
      'appeal_id',
      'manual_inputs',
      'result',
      'published_at',
    ])
    .where('property_id', 'in', propertyIds)
    .orderBy('id')
    .execute();
}

/** Appeal versions published after `afterId` (the monitoring job turns each into a world change). */
export function appealVersionsAfter(db: Db, afterId: number) {
  return db
    .selectFrom('appeal_score_versions')
    .select(['id', 'organization_id', 'property_id', 'product', 'appeal_id', 'published_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(1000)
    .execute();
}

/** The highest appeal version id already turned into a world change. */
export async function lastAppealVersionRecorded(db: Db): Promise<number> {
  const row = await db
    .selectFrom('world_changes')
    .select(sql<string | null>`max((split_part(cause_id, ':', 2))::int)`.as('n'))
    .where('cause', '=', 'appeal')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Monitored products whose product has a finished run newer than the one they were copied from. */
export async function staleMonitoredProducts(db: Db) {
  const { rows } = await sql<{ portfolio_id: number; product: string; run_id: number }>`
    SELECT mp.portfolio_id, mp.product, pp.current_run_id AS run_id
    FROM monitored_products mp
    JOIN portfolio_products pp ON pp.portfolio_id = mp.portfolio_id AND pp.product = mp.product
    JOIN portfolio_runs r ON r.id = pp.current_run_id AND r.completed_at IS NOT NULL
    WHERE pp.current_run_id <> mp.base_run_id`.execute(db);
  return rows;
}

/**
 * Copies a newer run into the monitored rows (a whole-book rerun is its own record: its changed
 * count). Returns how many of the rows copied hold a score.
 */
export async function rebaseMonitoredProduct(
  trx: Transaction<Database>,
  portfolioId: number,
  product: string,
  runId: number,
) {
  await trx
    .deleteFrom('monitored_rows')
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .execute();
  const copiedWithScore = await copyRunIntoMonitoredRows(trx, portfolioId, product, runId);
  await trx
    .updateTable('monitored_products')
    .set({ base_run_id: runId })
    .where('portfolio_id', '=', portfolioId)
    .where('product', '=', product)
    .execute();
  return copiedWithScore;
}
