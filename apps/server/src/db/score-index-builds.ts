import { sql } from 'kysely';
import type { Db } from './database.js';
import { factorContributions, factorNames, type ScoreIndexRow } from './score-index-parts.js';

/**
 * Queries of the score index's builds (score_index_builds, one per product, model version, world
 * revision and as-of date), of the serial build's pages and of the parcels-by-cell placement
 * table built per world revision. domain/portfolio/pipeline/score-index.ts decides what to build.
 */

const BUILD_COLUMNS = ['id', 'product', 'model_version', 'as_of', 'world_revision', 'completed_at'] as const;

/** A build known to exist (throws otherwise). */
export function scoreBuildRow(db: Db, id: number) {
  return db.selectFrom('score_index_builds').select(BUILD_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The latest complete build of this model version on this world revision, else the latest being filled. */
export function preferredScoreBuildRow(db: Db, product: string, modelVersion: string, revision: string) {
  return db
    .selectFrom('score_index_builds')
    .select(BUILD_COLUMNS)
    .where('product', '=', product)
    .where('model_version', '=', modelVersion)
    .where('world_revision', '=', revision)
    .orderBy(sql`completed_at IS NULL`)
    .orderBy('as_of', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Opens an (empty) build as of `asOf` unless it exists. */
export async function insertScoreBuildIfAbsent(
  db: Db,
  build: { product: string; modelVersion: string; asOf: string; revision: string },
) {
  await db
    .insertInto('score_index_builds')
    .values({
      product: build.product,
      model_version: build.modelVersion,
      as_of: build.asOf,
      world_revision: build.revision,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The build of this model version, world revision and as-of date, known to exist (throws otherwise). */
export function scoreBuildRowAsOf(db: Db, product: string, modelVersion: string, revision: string, asOf: string) {
  return db
    .selectFrom('score_index_builds')
    .select(BUILD_COLUMNS)
    .where('product', '=', product)
    .where('model_version', '=', modelVersion)
    .where('world_revision', '=', revision)
    .where(sql<boolean>`as_of = ${asOf}::date`)
    .executeTakeFirstOrThrow();
}

/** The points of these properties (those that exist). */
export function propertyPoints(db: Db, propertyIds: string[]) {
  return db
    .selectFrom('properties')
    .select(['id', 'lat', 'lng'])
    .where(sql<boolean>`id = any(${propertyIds}::text[])`)
    .execute();
}

/** Adds the rows the builds lack (existing rows stay); returns how many were added. */
export async function insertScoreIndexRows(
  db: Db,
  buildIds: readonly number[],
  rows: readonly ScoreIndexRow[],
): Promise<number> {
  // Builds locked for the statement and rows of a build that is gone not written: the foreign
  // key's guarantee, once per statement (migration 0840; see copyIntoScoreIndex).
  const { rows: inserted } = await sql<{ n: number }>`
    WITH live AS (SELECT id FROM score_index_builds WHERE id = ANY(${buildIds}::int[]) FOR KEY SHARE),
    ins AS (
      INSERT INTO score_index (build_id, property_id, score, risk_level, confidence, problem, top_factor_names, top_factor_contributions)
      SELECT u.build_id, u.property_id, u.score, u.risk_level, u.confidence, u.problem, u.names, u.contributions::float8[]
      FROM unnest(${rows.map((r) => r.build)}::int[], ${rows.map((r) => r.property)}::text[], ${rows.map((r) => r.score)}::float8[],
        ${rows.map((r) => r.riskLevel)}::text[], ${rows.map((r) => r.confidence)}::float8[], ${rows.map((r) => r.problem)}::text[],
        ${rows.map((r) => factorNames(r.topFactors))}::text[], ${rows.map((r) => factorContributions(r.topFactors))}::text[])
        AS u(build_id, property_id, score, risk_level, confidence, problem, names, contributions)
      WHERE u.build_id IN (SELECT id FROM live)
      ON CONFLICT DO NOTHING RETURNING 1)
    SELECT count(*)::int AS n FROM ins`.execute(db);
  return inserted[0]?.n ?? 0;
}

/** Takes the advisory lock (key, sub-key) for the transaction `trx` if it is free; whether it did. */
export async function tryTransactionLock(trx: Db, key: number, subKey: number): Promise<boolean> {
  const { rows: lock } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${key}, ${subKey}) AS ok`.execute(
    trx,
  );
  return !!lock[0]?.ok;
}

/** Whether the placement cells of this world revision are built. */
export async function placementBuilt(db: Db, revision: string): Promise<boolean> {
  const done = await db
    .selectFrom('placement_builds')
    .select('world_revision')
    .where('world_revision', '=', revision)
    .executeTakeFirst();
  return !!done;
}

/** Fills the placement cells of this world revision from the properties' parcels and records the build. */
export async function insertPlacementCells(trx: Db, revision: string): Promise<void> {
  // Each parcel in every cell its bounding box touches, in cell order (appends to the index).
  // OFFSET 0 keeps the polygon computed once per property (not once per use after pull-up).
  const { numAffectedRows } = await sql`
      INSERT INTO placement_cells (world_revision, cell, property_id, parcel)
      SELECT ${revision}::bigint, la * 1000000 + lo, p.id, p.poly
      FROM (SELECT id, poly, box(poly) AS b FROM (SELECT id, zview_simple_parcel(parcel) AS poly FROM properties OFFSET 0) s WHERE poly IS NOT NULL OFFSET 0) p
      CROSS JOIN LATERAL generate_series(floor(((p.b)[1])[1] / 0.001)::bigint, floor(((p.b)[0])[1] / 0.001)::bigint) la
      CROSS JOIN LATERAL generate_series(floor((((p.b)[1])[0] + 180) / 0.001)::bigint, floor((((p.b)[0])[0] + 180) / 0.001)::bigint) lo
      ORDER BY 2`.execute(trx);
  await trx
    .insertInto('placement_builds')
    .values({ world_revision: revision, cell_count: Number(numAffectedRows ?? 0) })
    .execute();
}

/** Drops the placement cells and builds of every other world revision, then vacuums the cells. */
export async function removeOtherPlacementRevisions(db: Db, revision: string): Promise<void> {
  await sql`DELETE FROM placement_cells WHERE world_revision <> ${revision}::bigint`.execute(db);
  await sql`DELETE FROM placement_builds WHERE world_revision <> ${revision}::bigint`.execute(db);
  await sql`VACUUM ANALYZE placement_cells`.execute(db).catch(() => {});
}

/** The builds' cursors (the last property id each has scored, null before the first page). */
export function scoreBuildCursors(db: Db, buildIds: number[]) {
  return db.selectFrom('score_index_builds').select('built_through').where('id', 'in', buildIds).execute();
}

/** Up to `limit` property ids after `from`, in id order. */
export function propertyIdsAfter(db: Db, from: string, limit: number) {
  return db.selectFrom('properties').select('id').where('id', '>', from).orderBy('id').limit(limit).execute();
}

export async function completeScoreBuilds(db: Db, buildIds: number[]) {
  await db.updateTable('score_index_builds').set({ completed_at: new Date() }).where('id', 'in', buildIds).execute();
}

/** Moves the builds' cursors forward to `last` (never back), counting the page's properties. */
export async function advanceScoreBuilds(db: Db, buildIds: number[], last: string, pageLength: number) {
  await db
    .updateTable('score_index_builds')
    .set({ built_through: last, property_count: sql`property_count + ${pageLength}::int` })
    .where('id', 'in', buildIds)
    .where((eb) => eb.or([eb('built_through', 'is', null), eb('built_through', '<', last)]))
    .execute();
}

/** The latest complete build of this model version on this world revision. */
export function latestCompleteScoreBuild(db: Db, product: string, modelVersion: string, revision: string) {
  return db
    .selectFrom('score_index_builds')
    .select(['id', 'as_of'])
    .where('product', '=', product)
    .where('model_version', '=', modelVersion)
    .where('world_revision', '=', revision)
    .where('completed_at', 'is not', null)
    .orderBy('as_of', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Deletes the product's builds other than `keepId`, but not one a run is still scoring with (its chunks read it). */
export async function deleteOtherScoreBuilds(db: Db, product: string, keepId: number) {
  await db
    .deleteFrom('score_index_builds')
    .where('product', '=', product)
    .where('id', '<>', keepId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('portfolio_runs')
        .select(sql<number>`score_build_id`.as('id'))
        .where('completed_at', 'is', null)
        .where('score_build_id', 'is not', null),
    )
    .execute();
}
