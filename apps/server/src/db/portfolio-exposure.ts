import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import { copyOut } from './copy-out.js';
import { poolOf, withOwnConnection, type Db } from './database.js';

/**
 * The SQL of portfolio analysis (issue 43): the exposure table a portfolio's aggregates and rings
 * are read from (migration 1300), its build, the run's accumulations and the ring queries. Every
 * aggregate is computed here, set-wise; Node only turns rows into areas while the exposure is built.
 */

export function exposureBuild(db: Db, portfolioId: number) {
  return db
    .selectFrom('portfolio_exposure_builds')
    .selectAll()
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirst();
}

/**
 * `COPY … TO STDOUT` (text) of the located rows of a portfolio: row number, place (the geocoded
 * point, else the row's own), the four OED insured values as written, state and ZIP (the matched
 * property's, else the row's own).
 */
export function exposureSourceCopy(portfolioId: number): string {
  const id = Math.trunc(portfolioId);
  return `COPY (
    SELECT r.row_number, coalesce(r.geo_latitude, r.latitude), coalesce(r.geo_longitude, r.longitude),
      r.attributes->>'buildingTiv', r.attributes->>'contentsTiv', r.attributes->>'biTiv', r.attributes->>'otherTiv',
      coalesce(p.state, upper(left(r.state, 2))), coalesce(p.zip, left(r.zip, 5))
    FROM portfolio_rows r
    LEFT JOIN properties p ON p.id = coalesce(r.geo_property_id, nullif(r.placed_property_id, ''))
    WHERE r.portfolio_id = ${id} AND coalesce(r.geo_latitude, r.latitude) IS NOT NULL
      AND coalesce(r.geo_longitude, r.longitude) IS NOT NULL
  ) TO STDOUT`;
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
        const source = reader.query(copyOut(exposureSourceCopy(id))) as unknown as AsyncIterable<Buffer>;
        await pipeline(
          Readable.from(transform(source)),
          writer.query(
            copyFrom(
              `COPY portfolio_exposure_${id} (portfolio_id, row_number, latitude, longitude, value, state, county, zip, h3_5, h3_7, h3_9) FROM STDIN`,
            ),
          ),
        );
      } finally {
        reader.release();
      }
      await writer.query(`CREATE INDEX ON portfolio_exposure_${id} (latitude, longitude)`);
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
      // The portfolio's run aggregates were made from the previous exposure.
      await writer.query(
        'DELETE FROM portfolio_accumulation_builds WHERE run_id IN (SELECT id FROM portfolio_runs WHERE portfolio_id = $1)',
        [id],
      );
      await writer.query(
        'DELETE FROM portfolio_accumulations WHERE run_id IN (SELECT id FROM portfolio_runs WHERE portfolio_id = $1)',
        [id],
      );
      await writer.query('COMMIT');
    } catch (error) {
      await writer.query('ROLLBACK').catch(() => {});
      throw error;
    }
  });
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
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(44, ${runId})`.execute(trx);
    if (await accumulationBuilt(trx, runId)) return;
    await sql`
      INSERT INTO portfolio_accumulations (run_id, grouping, key, risk_level, count, value)
      SELECT ${runId},
        CASE WHEN grouping(e.state) = 0 THEN 'state' WHEN grouping(e.county) = 0 THEN 'county'
             WHEN grouping(e.zip) = 0 THEN 'zip' WHEN grouping(e.h3_5) = 0 THEN 'h3_5'
             WHEN grouping(e.h3_7) = 0 THEN 'h3_7' ELSE 'h3_9' END,
        coalesce(e.state, e.county, e.zip, e.h3_5, e.h3_7, e.h3_9, 'Unknown'),
        coalesce(r.risk_level, 'none'), count(*), coalesce(sum(e.value), 0)
      FROM portfolio_exposure e
      LEFT JOIN portfolio_results r ON r.run_id = ${runId} AND r.row_number = e.row_number
      WHERE e.portfolio_id = ${portfolioId}
      GROUP BY GROUPING SETS ((e.state, r.risk_level), (e.county, r.risk_level), (e.zip, r.risk_level),
        (e.h3_5, r.risk_level), (e.h3_7, r.risk_level), (e.h3_9, r.risk_level))`.execute(trx);
    await sql`
      INSERT INTO portfolio_accumulations (run_id, grouping, key, risk_level, count, value)
      SELECT ${runId}, 'score_band', least(floor(r.score / 10), 9)::int::text, r.risk_level, count(*), 0
      FROM portfolio_results r WHERE r.run_id = ${runId} AND r.score IS NOT NULL
      GROUP BY 3, 4`.execute(trx);
    await sql`INSERT INTO portfolio_accumulation_builds (run_id) VALUES (${runId})`.execute(trx);
  });
}

export interface AreaRow {
  key: string;
  count: number;
  value: number;
  levels: Record<'low' | 'medium' | 'high' | 'none', { count: number; value: number }>;
}

/** One page of a run's areas of a grouping, most value first (then most rows). */
export async function accumulationAreas(
  db: Db,
  runId: number,
  grouping: string,
  page: { offset: number; limit: number },
): Promise<{ areas: AreaRow[]; total: number; totalCount: number; totalValue: number }> {
  const rows = await sql<{
    key: string;
    count: string;
    value: number;
    levels: AreaRow['levels'] | null;
    areas: string;
    all_count: string;
    all_value: number;
  }>`
    WITH areas AS (
      SELECT key, sum(count) AS count, sum(value) AS value,
        jsonb_object_agg(risk_level, jsonb_build_object('count', count, 'value', value)) AS levels
      FROM portfolio_accumulations WHERE run_id = ${runId} AND grouping = ${grouping}
      GROUP BY key)
    SELECT a.*, t.areas, t.all_count, t.all_value
    FROM (SELECT count(*) AS areas, coalesce(sum(count), 0) AS all_count, coalesce(sum(value), 0) AS all_value FROM areas) t
    LEFT JOIN LATERAL (SELECT * FROM areas ORDER BY value DESC, count DESC, key LIMIT ${page.limit} OFFSET ${page.offset}) a ON true`.execute(
    db,
  );
  const first = rows.rows[0];
  const none = { count: 0, value: 0 };
  return {
    areas: rows.rows
      .filter((row) => row.key !== null)
      .map((row) => ({
        key: row.key,
        count: Number(row.count),
        value: Number(row.value),
        levels: { low: none, medium: none, high: none, none, ...row.levels },
      })),
    total: Number(first?.areas ?? 0),
    totalCount: Number(first?.all_count ?? 0),
    totalValue: Number(first?.all_value ?? 0),
  };
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

export interface RingCandidate {
  latitude: number;
  longitude: number;
  count: number;
  value: number;
  high: number;
}

/**
 * Candidate rings of `radius` metres with exact figures. The exposure is cut into cells at least
 * `radius` on a side (degrees of latitude; longitude scaled by the cosine of the book's highest
 * latitude, so cells are never narrower than the radius), each cell's 3×3 block summed by hash
 * joins (never a cell against every cell). A ring centred in a cell holds only rows of its block,
 * so the blocks of most value bound the best rings: the `cells` best blocks give two centres each
 * (the value-weighted centre of the cell's rows and of its block's), and each centre's rows within
 * the radius are counted exactly (haversine) among the rows of its own block.
 */
export async function ringCandidates(
  db: Db,
  input: { portfolioId: number; runId: number | null; radius: number; cells: number; byValue: boolean },
): Promise<RingCandidate[]> {
  const d = input.radius / 111_320;
  const weight = input.byValue ? sql`coalesce(value, 0)` : sql`1.0`;
  const result = await sql<RingCandidate>`
    WITH scale AS (
      SELECT cos(radians(least(max(abs(latitude)), 85))) AS c FROM portfolio_exposure WHERE portfolio_id = ${input.portfolioId}
    ), pts AS MATERIALIZED (
      SELECT e.row_number, e.latitude, e.longitude, coalesce(e.value, 0) AS value, ${weight} AS w,
        floor(e.latitude / ${d})::int AS gy, floor(e.longitude * scale.c / ${d})::int AS gx
      FROM portfolio_exposure e, scale WHERE e.portfolio_id = ${input.portfolioId}
    ), cells AS (
      SELECT gy, gx, sum(value) AS value, count(*) AS n, sum(w) AS w, sum(latitude * w) AS lw, sum(longitude * w) AS gw
      FROM pts GROUP BY gy, gx
    ), offsets AS (
      SELECT dy, dx FROM generate_series(-1, 1) dy, generate_series(-1, 1) dx
    ), blocks AS (
      SELECT c.gy + o.dy AS gy, c.gx + o.dx AS gx, sum(c.value) AS value, sum(c.n) AS n,
        sum(c.lw) / nullif(sum(c.w), 0) AS lat, sum(c.gw) / nullif(sum(c.w), 0) AS lng
      FROM cells c, offsets o GROUP BY 1, 2
      ORDER BY ${input.byValue ? sql`sum(c.value) DESC, sum(c.n) DESC` : sql`sum(c.n) DESC`} LIMIT ${input.cells}
    ), centres AS (
      SELECT DISTINCT ON (lat, lng) row_number() OVER () AS id, lat, lng FROM (
        SELECT b.lat, b.lng FROM blocks b WHERE b.lat IS NOT NULL
        UNION ALL
        SELECT c.lw / c.w, c.gw / c.w FROM blocks b JOIN cells c USING (gy, gx) WHERE c.w > 0
      ) x
    ), centre_cells AS (
      SELECT ce.id, ce.lat, ce.lng, floor(ce.lat / ${d})::int + o.dy AS gy, floor(ce.lng * scale.c / ${d})::int + o.dx AS gx
      FROM centres ce, offsets o, scale
    ), inside AS (
      SELECT cc.id, cc.lat, cc.lng, p.row_number, p.value
      FROM centre_cells cc JOIN pts p USING (gy, gx)
      WHERE 2 * 6371008.8 * asin(sqrt(
        power(sin(radians(p.latitude - cc.lat) / 2), 2) +
        cos(radians(cc.lat)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - cc.lng) / 2), 2)
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
