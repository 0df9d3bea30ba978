import { SCORE_BANDS, SCORE_MIN } from '@zview/contracts';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type pg from 'pg';
import { copyOut } from './copy-out.js';
import { copyRowsFrozen } from './frozen-copy.js';
import { inlineParameters } from './copy-text.js';
import { placedProperty, placementContext } from './portfolio-placement.js';
import { poolOf, withOwnConnection, type Db } from './database.js';
import type { StoredRing } from './tables/portfolio-analysis.js';

/**
 * The SQL of portfolio analysis (issue 43): the exposure table a portfolio's aggregates and rings
 * are read from (migration 1300), its build, the run's accumulations and the ring queries. Every
 * aggregate is computed here, set-wise; Node only turns rows into areas while the exposure is built.
 */

/** The ring grid (domain/portfolio/accumulation/ring-cells.ts): longitude scaled by the cosine of 50°. */
export const RING_CELL_COS = Math.cos((50 * Math.PI) / 180);
export const METRES_PER_DEGREE = 111_320;

export function exposureBuild(db: Db, portfolioId: number) {
  return db
    .selectFrom('portfolio_exposure_builds')
    .selectAll()
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirst();
}

/**
 * `COPY … TO STDOUT` (text) of the located rows of a portfolio: row number, place (the geocoded
 * point, else the row's own), the four OED insured values as written, state and ZIP (the
 * property the run placed the row on, as placedProperty decides, else the row's own). A row
 * with its own coordinates is often placed by the run's SQL and has no stored property id.
 */
export function exposureSourceCopy(db: Db, portfolioId: number): string {
  const id = Math.trunc(portfolioId);
  const compiled = sql`COPY (
    SELECT r.row_number, coalesce(r.geo_latitude, r.latitude), coalesce(r.geo_longitude, r.longitude),
      r.attributes->>'buildingTiv', r.attributes->>'contentsTiv', r.attributes->>'biTiv', r.attributes->>'otherTiv',
      coalesce(p.state, upper(left(r.state, 2))), coalesce(p.zip, left(r.zip, 5))
    FROM portfolio_rows r
    CROSS JOIN ${placementContext(id)} t
    CROSS JOIN LATERAL (SELECT coalesce(${placedProperty}, nullif(r.placed_property_id, '')) AS property_id) pp
    LEFT JOIN properties p ON p.id = pp.property_id
    WHERE r.portfolio_id = ${id} AND coalesce(r.geo_latitude, r.latitude) IS NOT NULL
      AND coalesce(r.geo_longitude, r.longitude) IS NOT NULL
  ) TO STDOUT`.compile(db);
  return inlineParameters(compiled.sql, compiled.parameters);
}

/**
 * Replaces a portfolio's exposure: the source COPY read on one connection, each line turned into an
 * exposure line by `transform` (null: left out), written by COPY into a fresh table on another,
 * indexed and attached as the portfolio's partition, with its build row, in one transaction. An
 * advisory lock per portfolio lets one build run at a time; `stillNeeded` is asked under it.
 */
export async function replaceExposure(
  db: Db,
  portfolioId: number,
  runId: number,
  transform: (source: AsyncIterable<Buffer>) => AsyncIterable<string>,
  stillNeeded: () => Promise<boolean>,
  stats: () => { rows: number; hasValue: boolean },
): Promise<void> {
  const id = Math.trunc(portfolioId);
  await withOwnConnection(db, 'The exposure build', async (writer) => {
    await writer.query('BEGIN');
    try {
      await writer.query('SELECT pg_advisory_xact_lock(43, $1)', [id]);
      if (!(await stillNeeded())) {
        await writer.query('ROLLBACK');
        return;
      }
      await writer.query(`DROP TABLE IF EXISTS portfolio_exposure_${id}`);
      await writer.query(`CREATE TABLE portfolio_exposure_${id} (LIKE portfolio_exposure)`);
      const pool = poolOf(db)!;
      const reader = await pool.connect();
      try {
        const source = reader.query(copyOut(exposureSourceCopy(db, id))) as unknown as AsyncIterable<Buffer>;
        await pipeline(
          Readable.from(transform(source)),
          writer.query(
            // Frozen: its first reader sets no hint bits, which with data checksums would write each page to the WAL (frozen-copy.ts).
            copyFrom(
              `COPY portfolio_exposure_${id} (portfolio_id, row_number, latitude, longitude, value, state, county, zip, h3_5, h3_7, h3_9, g250_y, g250_x, g1000_y, g1000_x) FROM STDIN (FREEZE)`,
            ),
          ),
        );
      } finally {
        reader.release();
      }
      await writer.query(`CREATE INDEX ON portfolio_exposure_${id} (latitude, longitude)`);
      await writer.query(`CREATE INDEX ON portfolio_exposure_${id} (g1000_y, g1000_x)`);
      await writer.query(`CREATE INDEX ON portfolio_exposure_${id} (g250_y, g250_x)`);
      await writer.query(
        `ALTER TABLE portfolio_exposure ATTACH PARTITION portfolio_exposure_${id} FOR VALUES IN (${id})`,
      );
      await writer.query(`ANALYZE portfolio_exposure_${id}`);
      const { rows, hasValue } = stats();
      await writer.query(
        `INSERT INTO portfolio_exposure_builds (portfolio_id, run_id, row_count, has_value) VALUES ($1, $2, $3, $4)
         ON CONFLICT (portfolio_id) DO UPDATE SET run_id = $2, row_count = $3, has_value = $4, built_at = now()`,
        [id, runId, rows, hasValue],
      );
      await replaceExposureCells(writer, id);
      // The portfolio's run aggregates were made from the previous exposure.
      await writer.query(
        'DELETE FROM portfolio_accumulation_builds WHERE run_id IN (SELECT id FROM portfolio_runs WHERE portfolio_id = $1)',
        [id],
      );
      // (Their partitions emptied rather than their rows deleted one by one: migration 1882.)
      await writer.query(
        `SELECT zview_empty_partition(to_regclass('portfolio_accumulations_' || id)) FROM portfolio_runs
         WHERE portfolio_id = $1 AND to_regclass('portfolio_accumulations_' || id) IS NOT NULL`,
        [id],
      );
      await writer.query('COMMIT');
    } catch (error) {
      await writer.query('ROLLBACK').catch(() => {});
      throw error;
    }
  });
}

/**
 * Each ring grid's cells with their rows, value and centres (by rows and by value), in the
 * portfolio's partition of portfolio_exposure_cells made anew in the build's transaction (migration
 * 1881): summed into a temporary table, then copied frozen, so that on the embedded server neither
 * the cells nor their key go to the WAL every lookup's commit flushes (frozen-copy.ts; a book of a
 * million rows spread out has two million cells). The check proves the partition bound: the attach
 * reads no row for it; it builds the key.
 */
async function replaceExposureCells(writer: pg.ClientBase, id: number): Promise<void> {
  await writer.query(`CREATE TEMP TABLE zview_exposure_cells (LIKE portfolio_exposure_cells) ON COMMIT DROP`);
  for (const radius of [250, 1000])
    await writer.query(
      `INSERT INTO zview_exposure_cells (portfolio_id, radius, gy, gx, n, value, lat_n, lng_n, lat_v, lng_v)
       SELECT ${id}, ${radius}, g${radius}_y, g${radius}_x, count(*), coalesce(sum(value), 0),
         sum(latitude), sum(longitude), coalesce(sum(latitude * value), 0), coalesce(sum(longitude * value), 0)
       FROM portfolio_exposure_${id} GROUP BY 3, 4`,
    );
  await intoFreshPartition(writer, 'portfolio_exposure_cells', id, 'pg_temp.zview_exposure_cells');
}

/**
 * Fills `parent`'s partition for `key` (`<parent>_<key>`) with the rows of `staging`, frozen, in a
 * file of this transaction (frozen-copy.ts): an existing partition is emptied by TRUNCATE (its keys
 * with it), a missing one is created and attached (its check proves the bound, so the attach reads
 * no row for it, and builds the keys). Never dropped: that would lock the whole parent.
 */
async function intoFreshPartition(client: pg.ClientBase, parent: string, key: number, staging: string): Promise<void> {
  const partition = `${parent}_${Math.trunc(key)}`;
  const column = parent === 'portfolio_accumulations' ? 'run_id' : 'portfolio_id';
  const { rows } = await client.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [partition]);
  if (rows[0]?.exists) await client.query(`TRUNCATE ${partition}`);
  else await client.query(`CREATE TABLE ${partition} (LIKE ${parent}, CHECK (${column} = ${Math.trunc(key)}))`);
  // Synced at commit however small (under the 2 MB default a new file goes to the WAL at commit).
  await client.query(`SET LOCAL wal_skip_threshold = 0`);
  await copyRowsFrozen(client, staging, partition);
  if (!rows[0]?.exists)
    await client.query(`ALTER TABLE ${parent} ATTACH PARTITION ${partition} FOR VALUES IN (${Math.trunc(key)})`);
}

export async function accumulationBuilt(db: Db, runId: number): Promise<boolean> {
  const row = await db
    .selectFrom('portfolio_accumulation_builds')
    .select('run_id')
    .where('run_id', '=', runId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The run's aggregates, in one pass over the exposure joined to the run's results: count and
 * value per area (state, county, ZIP, H3 5/7/9) and risk level, and rows per score band of 10
 * (every row of the run, located or not). A run's results are a partition keyed by row number.
 */
export async function buildAccumulations(db: Db, portfolioId: number, runId: number): Promise<void> {
  const run = Math.trunc(runId);
  const built = await withOwnConnection(db, "A run's aggregates", async (client) => {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock(44, $1)', [run]);
      const { rows: done } = await client.query('SELECT 1 FROM portfolio_accumulation_builds WHERE run_id = $1', [run]);
      if (done.length) {
        await client.query('ROLLBACK');
        return false;
      }
      // Summed into a temporary table, then copied frozen into the run's partition made now (migration 1882, frozen-copy.ts).
      await client.query(`CREATE TEMP TABLE zview_accumulations (LIKE portfolio_accumulations) ON COMMIT DROP`);
      const statements = [
        sql`
      INSERT INTO zview_accumulations (run_id, grouping, key, risk_level, count, value)
      SELECT ${run}::int,
        CASE WHEN grouping(e.state) = 0 THEN 'state' WHEN grouping(e.county) = 0 THEN 'county'
             WHEN grouping(e.zip) = 0 THEN 'zip' WHEN grouping(e.h3_5) = 0 THEN 'h3_5'
             WHEN grouping(e.h3_7) = 0 THEN 'h3_7' ELSE 'h3_9' END,
        coalesce(e.state, e.county, e.zip, e.h3_5, e.h3_7, e.h3_9, 'Unknown'),
        coalesce(r.risk_level, 'none'), count(*), coalesce(sum(e.value), 0)
      FROM portfolio_exposure e
      LEFT JOIN portfolio_results r ON r.run_id = ${run}::int AND r.row_number = e.row_number
      WHERE e.portfolio_id = ${portfolioId}::int
      GROUP BY GROUPING SETS ((e.state, r.risk_level), (e.county, r.risk_level), (e.zip, r.risk_level),
        (e.h3_5, r.risk_level), (e.h3_7, r.risk_level), (e.h3_9, r.risk_level))`,
        // One 'all' row per area, so a page of areas is an index scan.
        sql`
      INSERT INTO zview_accumulations (run_id, grouping, key, risk_level, count, value)
      SELECT run_id, grouping, key, 'all', sum(count), sum(value) FROM zview_accumulations
      GROUP BY run_id, grouping, key`,
        sql`
      INSERT INTO zview_accumulations (run_id, grouping, key, risk_level, count, value)
      SELECT ${run}::int, 'score_band', least(greatest(floor(r.score)::int - ${SCORE_MIN}::int, 0), ${SCORE_BANDS - 1}::int)::text, r.risk_level, count(*), 0
      FROM portfolio_results r WHERE r.run_id = ${run}::int AND r.score IS NOT NULL
      GROUP BY 3, 4`,
        sql`
      INSERT INTO portfolio_accumulation_builds (run_id, totals)
      SELECT ${run}::int, coalesce(jsonb_object_agg(grouping, jsonb_build_object('areas', areas, 'count', n, 'value', v)), '{}')
      FROM (SELECT grouping, count(*) AS areas, sum(count) AS n, sum(value) AS v FROM zview_accumulations
            WHERE risk_level = 'all' GROUP BY grouping) t`,
      ];
      for (const statement of statements) {
        const compiled = statement.compile(db);
        await client.query(compiled.sql, compiled.parameters as unknown[]);
      }
      await intoFreshPartition(client, 'portfolio_accumulations', run, 'pg_temp.zview_accumulations');
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  });
  // Hundreds of thousands of rows just written: statistics, so pages of them are planned as index reads.
  if (built) await sql`ANALYZE ${sql.table(`portfolio_accumulations_${run}`)}`.execute(db);
}

export interface AreaRow {
  key: string;
  count: number;
  value: number;
  levels: Record<'low' | 'medium' | 'high' | 'none', { count: number; value: number }>;
}

/**
 * One page of a run's areas of a grouping, most value first (then most rows), with the grouping's
 * totals: one statement, the page's 'all' rows by the rank index and each one's levels by the
 * primary key (385,000 H3 cells at resolution 9 stay an index read of the page).
 */
export async function accumulationAreas(
  db: Db,
  runId: number,
  grouping: string,
  page: { offset: number; limit: number },
): Promise<{ areas: AreaRow[]; total: number; totalCount: number; totalValue: number }> {
  const [build, ranked] = await Promise.all([
    db.selectFrom('portfolio_accumulation_builds').select('totals').where('run_id', '=', runId).executeTakeFirst(),
    sql<{ key: string; count: number; value: number; levels: { risk_level: string; count: number; value: number }[] }>`
      SELECT a.key, a.count, a.value,
        (SELECT coalesce(json_agg(json_build_object('risk_level', l.risk_level, 'count', l.count, 'value', l.value)), '[]')
         FROM portfolio_accumulations l
         WHERE l.run_id = a.run_id AND l.grouping = a.grouping AND l.key = a.key AND l.risk_level <> 'all') AS levels
      FROM (SELECT run_id, grouping, key, count, value FROM portfolio_accumulations
            WHERE run_id = ${runId} AND grouping = ${grouping} AND risk_level = 'all'
            ORDER BY value DESC, count DESC, key LIMIT ${page.limit} OFFSET ${page.offset}) a
      ORDER BY a.value DESC, a.count DESC, a.key`.execute(db),
  ]);
  const areas = ranked.rows.map((row): AreaRow => {
    const levels: AreaRow['levels'] = {
      low: { count: 0, value: 0 },
      medium: { count: 0, value: 0 },
      high: { count: 0, value: 0 },
      none: { count: 0, value: 0 },
    };
    for (const level of row.levels)
      if (level.risk_level in levels)
        levels[level.risk_level as keyof AreaRow['levels']] = { count: level.count, value: level.value };
    return { key: row.key, count: row.count, value: row.value, levels };
  });
  const totals = build?.totals[grouping];
  return {
    areas,
    total: totals?.areas ?? 0,
    totalCount: totals?.count ?? 0,
    totalValue: totals?.value ?? 0,
  };
}

/**
 * The run's `limit` areas of most value of each grouping, without their levels: what the map's
 * hexagon layer draws (one index scan of the 'all' rows per grouping).
 */
export async function topAreas(
  db: Db,
  runId: number,
  limits: Readonly<Record<string, number>>,
): Promise<{ grouping: string; key: string; count: number; value: number }[]> {
  const parts = Object.entries(limits).map(
    ([grouping, limit]) => sql`(SELECT grouping, key, count, value FROM portfolio_accumulations
      WHERE run_id = ${runId} AND grouping = ${grouping} AND risk_level = 'all'
      ORDER BY value DESC, count DESC, key LIMIT ${limit})`,
  );
  if (!parts.length) return [];
  const { rows } = await sql<{ grouping: string; key: string; count: number; value: number }>`${sql.join(
    parts,
    sql` UNION ALL `,
  )}`.execute(db);
  return rows;
}

/** The run's best rings of `radius` as kept with its aggregates; null when not found yet. */
export async function storedRings(db: Db, runId: number, radius: number): Promise<StoredRing[] | null> {
  const row = await db
    .selectFrom('portfolio_accumulation_builds')
    .select('rings')
    .where('run_id', '=', runId)
    .executeTakeFirst();
  return row?.rings[String(radius)] ?? null;
}

/** Keeps the run's best rings of `radius` with its aggregates (gone with them when the exposure is rebuilt). */
export async function storeRings(db: Db, runId: number, radius: number, rings: readonly StoredRing[]) {
  await sql`UPDATE portfolio_accumulation_builds
    SET rings = rings || jsonb_build_object(${String(radius)}::text, ${JSON.stringify(rings)}::jsonb)
    WHERE run_id = ${runId}`.execute(db);
}

/** Rows per score band and risk level of a run (built with its accumulations). */
export async function scoreBands(db: Db, runId: number) {
  return db
    .selectFrom('portfolio_accumulations')
    .select(['key', 'risk_level', 'count'])
    .where('run_id', '=', runId)
    .where('grouping', '=', 'score_band')
    .execute();
}

export interface RingBlock {
  /** Weighted centre of the block's rows, and of its middle cell's (null when that cell is empty). */
  latitude: number;
  longitude: number;
  cellLatitude: number | null;
  cellLongitude: number | null;
  weight: number;
}

/**
 * The `cells` 3×3 blocks of most value (most rows when `byValue` is false) of the ring grid of
 * `radius` (ring-cells.ts), read from the portfolio's kept cell sums, never from the book: a ring
 * centred in a cell holds only rows of its block, so these blocks bound the best rings.
 */
export async function ringBlocks(
  db: Db,
  input: { portfolioId: number; radius: 250 | 1000; cells: number; byValue: boolean },
): Promise<RingBlock[]> {
  const [w, lat, lng] = input.byValue ? ['value', 'lat_v', 'lng_v'] : ['n', 'lat_n', 'lng_n'];
  const result = await sql<RingBlock>`
    WITH offsets AS (
      SELECT dy, dx FROM generate_series(-1, 1) dy, generate_series(-1, 1) dx
    ), cells AS (
      SELECT gy, gx, n, ${sql.ref(w)}::float8 AS w, ${sql.ref(lat)} AS lw, ${sql.ref(lng)} AS gw
      FROM portfolio_exposure_cells WHERE portfolio_id = ${input.portfolioId} AND radius = ${input.radius}
    ), blocks AS (
      SELECT c.gy + o.dy AS gy, c.gx + o.dx AS gx, sum(c.w) AS w, sum(c.n) AS n,
        sum(c.lw) / nullif(sum(c.w), 0) AS lat, sum(c.gw) / nullif(sum(c.w), 0) AS lng
      FROM cells c, offsets o GROUP BY 1, 2
      ORDER BY sum(c.w) DESC, sum(c.n) DESC LIMIT ${input.cells}
    )
    SELECT b.lat AS latitude, b.lng AS longitude, c.lw / nullif(c.w, 0) AS "cellLatitude",
      c.gw / nullif(c.w, 0) AS "cellLongitude", b.w AS weight
    FROM blocks b LEFT JOIN cells c USING (gy, gx)
    WHERE b.lat IS NOT NULL
    ORDER BY b.w DESC, b.n DESC`.execute(db);
  return result.rows;
}

export interface RingFigures {
  latitude: number;
  longitude: number;
  count: number;
  value: number;
  high: number;
}

/**
 * Exact figures of rings of `radius` around these centres: each centre's rows within the radius
 * (haversine) among its 3×3 block's rows, found by the exposure's ring-cell index; `high`: those
 * of them the run rated high.
 */
export async function ringFigures(
  db: Db,
  input: {
    portfolioId: number;
    runId: number | null;
    radius: 250 | 1000;
    centres: readonly { latitude: number; longitude: number }[];
  },
): Promise<RingFigures[]> {
  if (!input.centres.length) return [];
  const d = input.radius / METRES_PER_DEGREE;
  const gy = sql.ref(`e.g${input.radius}_y`);
  const gx = sql.ref(`e.g${input.radius}_x`);
  const result = await sql<RingFigures>`
    WITH centres AS (
      SELECT * FROM unnest(${input.centres.map((c) => c.latitude)}::float8[], ${input.centres.map((c) => c.longitude)}::float8[])
        WITH ORDINALITY AS t(lat, lng, id)
    ), centre_cells AS (
      SELECT ce.id, ce.lat, ce.lng, floor(ce.lat / ${d})::int + dy AS gy, floor(ce.lng * ${RING_CELL_COS} / ${d})::int + dx AS gx
      FROM centres ce, generate_series(-1, 1) dy, generate_series(-1, 1) dx
    ), inside AS (
      SELECT cc.id, cc.lat, cc.lng, e.row_number, coalesce(e.value, 0) AS value
      FROM centre_cells cc
      JOIN portfolio_exposure e ON e.portfolio_id = ${input.portfolioId} AND ${gy} = cc.gy AND ${gx} = cc.gx
      WHERE 2 * 6371008.8 * asin(sqrt(
        power(sin(radians(e.latitude - cc.lat) / 2), 2) +
        cos(radians(cc.lat)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - cc.lng) / 2), 2)
      )) <= ${input.radius}
    )
    SELECT i.lat AS latitude, i.lng AS longitude, count(*)::int AS count, sum(i.value)::float8 AS value,
      ${input.runId === null ? sql`0` : sql`count(*) FILTER (WHERE r.risk_level = 'high')::int`} AS high
    FROM inside i
    ${
      input.runId === null
        ? sql``
        : sql`LEFT JOIN portfolio_results r ON r.run_id = ${input.runId} AND r.row_number = i.row_number`
    }
    GROUP BY i.id, i.lat, i.lng`.execute(db);
  return result.rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/** The rows within `radius` metres of a point (a ring's rows), with their result in the run. */
export async function ringRows(
  db: Db,
  input: {
    portfolioId: number;
    runId: number | null;
    latitude: number;
    longitude: number;
    radius: number;
    offset: number;
    limit: number;
  },
) {
  const dLat = input.radius / 111_320;
  const dLng = dLat / Math.max(0.01, Math.cos((input.latitude * Math.PI) / 180));
  const result = await sql<{
    row_number: number;
    ref: string | null;
    address: string | null;
    latitude: number;
    longitude: number;
    value: number | null;
    score: number | null;
    risk_level: string | null;
    total: string;
  }>`
    WITH inside AS (
      SELECT e.row_number, e.latitude, e.longitude, e.value FROM portfolio_exposure e
      WHERE e.portfolio_id = ${input.portfolioId}
        AND e.latitude BETWEEN ${input.latitude - dLat} AND ${input.latitude + dLat}
        AND e.longitude BETWEEN ${input.longitude - dLng} AND ${input.longitude + dLng}
        AND 2 * 6371008.8 * asin(sqrt(
          power(sin(radians(e.latitude - ${input.latitude}) / 2), 2) +
          cos(radians(${input.latitude})) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - ${input.longitude}) / 2), 2)
        )) <= ${input.radius}
    )
    SELECT i.row_number, w.ref, coalesce(w.address, concat_ws(', ', w.street, w.city, w.state || ' ' || w.zip)) AS address,
      i.latitude, i.longitude, i.value, r.score, r.risk_level, count(*) OVER () AS total
    FROM inside i
    JOIN portfolio_rows w ON w.portfolio_id = ${input.portfolioId} AND w.row_number = i.row_number
    ${
      input.runId === null
        ? sql`LEFT JOIN (SELECT NULL::float8 AS score, NULL::text AS risk_level) r ON true`
        : sql`LEFT JOIN portfolio_results r ON r.run_id = ${input.runId} AND r.row_number = i.row_number`
    }
    ORDER BY i.value DESC NULLS LAST, i.row_number
    LIMIT ${input.limit} OFFSET ${input.offset}`.execute(db);
  return { rows: result.rows, total: Number(result.rows[0]?.total ?? 0) };
}
