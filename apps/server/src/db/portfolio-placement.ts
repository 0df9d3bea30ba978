import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.js';
import { FAR_FROM_EVERY_PROPERTY } from './portfolio-ingest.js';

/**
 * The SQL of a chunk scored from the score index (domain/portfolio/pipeline/indexed-chunk.ts decides): which
 * of the chunk's rows need Node (points in no simple parcel, properties the build lacks), which
 * properties the run's index build has, and the one INSERT … SELECT that places every row, joins
 * the index and the organisation's published appeal versions, and writes the results. The rows
 * themselves never travel to Node and back.
 */

export interface RowRange {
  first: number;
  last: number;
}

/**
 * Once per statement: whether the rows' placed_property_id (found at ingest, migration 0850) hold,
 * i.e. the world is still at the revision they were placed on, and the revision whose placement
 * cells SQL places the other points with (null while they are not built).
 */
export function placementContext(portfolioId: number) {
  return sql`(
    SELECT coalesce(p.placed_world_revision = w.revision, false) AS trusted, b.world_revision AS cells_revision
    FROM portfolios p CROSS JOIN world_revision w LEFT JOIN placement_builds b ON b.world_revision = w.revision
    WHERE p.id = ${portfolioId}::int
    -- One row, whatever the statistics of these one-row tables say (an estimate of thousands made
    -- every chunk's INSERT hash the whole index build).
    LIMIT 1)`;
}

/**
 * The property a row `r` is placed on (with `t`, its placementContext): the one the address
 * geocoder matched; else the parcel the ingest found under its point while that still holds
 * (none when the ingest found it far from every property, see farAtIngest);
 * else, for a usable point, the parcel containing it through its grid cell in `placement_cells`
 * (an index-only probe and an exact polygon test, run only for such rows). min() rather than ORDER
 * BY … LIMIT 1: no sort node per row; in byte order, as the ingest's grid picks (parcel-grid.ts).
 * The result compares byte by byte (COLLATE "C", the score index key's collation since migration
 * 0940, which a comparison with the rows' default-collated ids takes too), so it probes that key.
 */
export const placedProperty = sql`coalesce(r.geo_property_id, CASE WHEN t.trusted THEN nullif(r.placed_property_id, ${FAR_FROM_EVERY_PROPERTY}::text) END,
  CASE WHEN r.problem IS NULL AND r.geo_problem IS NULL AND r.geo_property_id IS NULL AND NOT (t.trusted AND r.geo_precision = 'coordinates')
    THEN (SELECT min(pc.property_id COLLATE "C") FROM placement_cells pc
          WHERE pc.world_revision = t.cells_revision AND pc.cell = zview_placement_cell(r.geo_latitude, r.geo_longitude)
            AND pc.parcel @> point(r.geo_longitude, r.geo_latitude)) END)`;

/** Whether the ingest found row `r`'s point far from every property and that still holds: outside coverage (ingest-render.ts placementAtIngest). */
const farAtIngest = sql`coalesce(t.trusted AND r.placed_property_id = ${FAR_FROM_EVERY_PROPERTY}::text, false)`;

/** A usable row the chunk's SQL cannot settle alone: its point is in no simple parcel (property_id null), or the build lacks its property. */
export interface UnsettledRow {
  row_number: number;
  lat: number;
  lng: number;
  property_id: string | null;
}

/** A chunk to place: its portfolio's rows in a range, the run's index build, organisation and product. */
export interface PlacementChunk {
  portfolioId: number;
  buildId: number;
  range: RowRange;
  organizationId: number;
  product: string;
}

/** What a chunk's placement query answers (unsettledChunkRows, unsettledRowsPlacedAtIngest). */
export interface ChunkPlacement {
  rowCount: number;
  unsettled: UnsettledRow[];
  build: { complete: boolean; properties: number };
  /** Whether the organisation has published appeal versions of the product (appeals, migration 0600). */
  appealVersions: boolean;
}

type ChunkPlacementRow = {
  row_count: number;
  unsettled: UnsettledRow[];
  build_complete: boolean | null;
  build_properties: number | null;
  appeal_versions: boolean;
};

/** Whether the build is complete (it then has every property of its world revision). */
const buildComplete = (buildId: number) =>
  sql`(SELECT b.completed_at IS NOT NULL FROM score_index_builds b WHERE b.id = ${buildId}::int)`;

/** The columns build_complete, build_properties and appeal_versions of a ChunkPlacementRow. */
function buildAndAppealColumns(chunk: PlacementChunk) {
  return sql`${buildComplete(chunk.buildId)} AS build_complete,
           (SELECT b.property_count FROM score_index_builds b WHERE b.id = ${chunk.buildId}::int) AS build_properties,
           EXISTS (SELECT 1 FROM appeal_score_versions v WHERE v.organization_id = ${chunk.organizationId}::int AND v.product = ${chunk.product}::text) AS appeal_versions`;
}

function chunkPlacement(row: ChunkPlacementRow): ChunkPlacement {
  return {
    rowCount: row.row_count,
    unsettled: row.unsettled,
    build: { complete: row.build_complete === true, properties: row.build_properties ?? 0 },
    appealVersions: row.appeal_versions,
  };
}

/**
 * The chunk's row count and its unsettled rows (UnsettledRow): usable rows placed on no property,
 * and, while the build is not complete, rows whose property the build lacks (a complete build has
 * every property of its world revision, so the probe is skipped).
 */
export async function unsettledChunkRows(db: Db, chunk: PlacementChunk): Promise<ChunkPlacement> {
  // One pass over the chunk's rows (no CTE read twice, which stored them all; no ORDER BY in the
  // aggregate, which sorted them all): 26 → 20 ms of a 25,000-row chunk. Unsettled rows come in no
  // particular order.
  const { rows } = await sql<ChunkPlacementRow>`
    SELECT count(*)::int AS row_count, ${buildAndAppealColumns(chunk)},
           coalesce(json_agg(json_build_object('row_number', c.row_number, 'lat', c.lat, 'lng', c.lng, 'property_id', c.property_id))
                    FILTER (WHERE c.usable AND (c.property_id IS NULL OR (NOT ${buildComplete(chunk.buildId)}
                      -- A key probe per row (a scalar subquery: never turned into a hash of the whole build).
                      AND (SELECT true FROM score_index s WHERE s.build_id = ${chunk.buildId}::int AND s.property_id = c.property_id LIMIT 1) IS NULL))), '[]') AS unsettled
    FROM (
      SELECT r.row_number, r.geo_latitude AS lat, r.geo_longitude AS lng, ${placedProperty} AS property_id,
             r.problem IS NULL AND r.geo_problem IS NULL AND r.geo_latitude IS NOT NULL AND r.geo_longitude IS NOT NULL AND NOT ${farAtIngest} AS usable
      FROM portfolio_rows r CROSS JOIN ${placementContext(chunk.portfolioId)} t
      WHERE r.portfolio_id = ${chunk.portfolioId}::int AND r.row_number BETWEEN ${chunk.range.first}::int AND ${chunk.range.last}::int) c`.execute(
    db,
  );
  return chunkPlacement(rows[0]!);
}

/**
 * What unsettledChunkRows answers, without reading the chunk's rows, for a portfolio whose rows
 * all came with coordinates (everyRowPlacedAtIngest): its unsettled rows are those of its
 * unplaced_rows in the range (migration 0910). Null, for unsettledChunkRows to answer, when they
 * were not recorded, when the placements are not trusted (placementContext: the world has moved on
 * from the revision they were made on), or when the build is not complete (rows whose property
 * the build lacks are unsettled too).
 */
export async function unsettledRowsPlacedAtIngest(db: Db, chunk: PlacementChunk): Promise<ChunkPlacement | null> {
  const { rows } = await sql<ChunkPlacementRow>`
    SELECT (SELECT count(*) FROM portfolio_rows r
            WHERE r.portfolio_id = p.id AND r.row_number BETWEEN ${chunk.range.first}::int AND ${chunk.range.last}::int)::int AS row_count,
           ${buildAndAppealColumns(chunk)},
           coalesce((SELECT json_agg(json_build_object('row_number', r.row_number, 'lat', r.geo_latitude, 'lng', r.geo_longitude, 'property_id', NULL))
                     FROM portfolio_rows r
                     WHERE r.portfolio_id = p.id AND r.row_number = ANY (ARRAY(
                       SELECT u FROM unnest(p.unplaced_rows) u WHERE u BETWEEN ${chunk.range.first}::int AND ${chunk.range.last}::int))), '[]') AS unsettled
    FROM portfolios p CROSS JOIN ${placementContext(chunk.portfolioId)} t
    WHERE p.id = ${chunk.portfolioId}::int AND p.unplaced_rows IS NOT NULL AND t.trusted`.execute(db);
  const row = rows[0];
  return row?.build_complete ? chunkPlacement(row) : null;
}

/** Which of these properties the build has scores for. */
export async function indexedPropertyIds(db: Db, buildId: number, propertyIds: string[]): Promise<Set<string>> {
  const have = await db
    .selectFrom('score_index')
    .select('property_id')
    .where('build_id', '=', buildId)
    .where(sql<boolean>`property_id = any(${propertyIds}::text[])`)
    .execute();
  return new Set(have.map((h) => h.property_id));
}

/**
 * How a chunk's rows meet the index build:
 * - 'hash': the planner joins them (it hashes a complete build a few times the chunk's size);
 * - 'keyScan': the build rows of the chunk's properties, read by one scan of the build's key
 *   with the list of them (= ANY: the scan walks the key forward through the sorted list rather
 *   than from its root per row), then hashed against the rows: a complete build much larger than
 *   the chunk (on a 1M-property world, a chunk's INSERT of 25,000 rows ~76 ms against ~90 ms probing);
 * - 'probe': a probe of the key per row (LATERAL … LIMIT 1), for a build still filling, whose
 *   statistics may still describe the builds it replaces (they once made the planner scan the
 *   whole build per row: minutes per chunk).
 */
export type IndexJoin = 'hash' | 'keyScan' | 'probe';

export interface IndexedResults {
  runId: number;
  /** The table the results go to (the run's: db/portfolio-runs.ts resultsPartition). */
  into: string;
  buildId: number;
  portfolioId: number;
  organizationId: number;
  product: string;
  range: RowRange;
  /** The run's model version, for rows the index scored. */
  modelVersion: string;
  /** Rows Node placed by the exact rule (their property, or none, and the problem it found, e.g. outside coverage). */
  placedInNode: { rowNumbers: number[]; propertyIds: (string | null)[]; problems: (string | null)[] };
  /** The problem of a row that was not placed, whose property the build lacks or an appeal version could not score. */
  noScore: string;
  /** The problem of a placed row on no property. */
  noBuilding: string;
  /** The problem of a row the ingest found far from every property (OUTSIDE_COVERAGE_AREA). */
  outsideCoverage: string;
  /** How the chunk's rows are joined to the index (IndexJoin). */
  indexJoin: IndexJoin;
  /**
   * Whether the organisation has published appeal versions of the product (unsettledChunkRows). Without
   * any, the statement leaves out their per-row join: even with nothing to find it cost ~1 µs a row.
   */
  appealVersions: boolean;
  /** How a row scored from an appeal version is marked in its model version ('Amended by appeal'). */
  amendedByAppeal: string;
}

/**
 * The chunk's results as one INSERT … SELECT into the run's table: every row of the range placed
 * (placedProperty, or Node's answer for the rows it placed), joined to the index, where the
 * organisation's latest published appeal version of the property's product (appeals, migration
 * 0600) replaces the index's score as a lookup shows it: its score, level, confidence and top
 * factors, and a model version marked '{amendedByAppeal} v{n}, {date}'. Versions are per
 * organisation; one without any of the product's (nearly every one) has no per-row join for them.
 * RETURNING risk_level, problem.
 */
export function insertIndexedResults(r: IndexedResults): RawBuilder<unknown> {
  const node = r.placedInNode;
  const rows = sql`
        SELECT r.row_number, p.property_id,
               coalesce(r.problem, r.geo_problem, o.problem, CASE WHEN ${farAtIngest} THEN ${r.outsideCoverage}::text
                                                                  WHEN r.geo_latitude IS NULL OR r.geo_longitude IS NULL THEN ${r.noScore}::text
                                                                  WHEN p.property_id IS NULL THEN ${r.noBuilding}::text END) AS problem
        FROM portfolio_rows r
        CROSS JOIN ${placementContext(r.portfolioId)} t
        LEFT JOIN unnest(${node.rowNumbers}::int[], ${node.propertyIds}::text[], ${node.problems}::text[]) AS o(row_number, property_id, problem) ON o.row_number = r.row_number
        CROSS JOIN LATERAL (SELECT CASE WHEN o.row_number IS NOT NULL THEN o.property_id ELSE ${placedProperty} END AS property_id) p
        WHERE r.portfolio_id = ${r.portfolioId}::int AND r.row_number BETWEEN ${r.range.first}::int AND ${r.range.last}::int`;
  // The statement's WITH and FROM for each IndexJoin. Each row is placed once, not once per use of
  // its property below: a materialized CTE, or a subquery fenced by OFFSET 0.
  const join = {
    // The CTE is read twice (the list, the join); the join is hashed (commitChunkResults turns nested loops off).
    keyScan: {
      with: sql`WITH u AS MATERIALIZED (${rows}),
        s AS NOT MATERIALIZED (SELECT * FROM score_index s WHERE s.build_id = ${r.buildId}::int
                                 AND s.property_id = ANY (ARRAY(SELECT u.property_id FROM u WHERE u.property_id IS NOT NULL)))`,
      from: sql`u LEFT JOIN s ON s.property_id = u.property_id`,
    },
    // A LATERAL … LIMIT 1, which the planner cannot turn into a scan of the whole build.
    probe: {
      with: sql``,
      from: sql`(${rows} OFFSET 0) u
        LEFT JOIN LATERAL (SELECT * FROM score_index s WHERE s.build_id = ${r.buildId}::int AND s.property_id = u.property_id LIMIT 1) s ON true`,
    },
    hash: {
      with: sql``,
      from: sql`(${rows} OFFSET 0) u LEFT JOIN score_index s ON s.build_id = ${r.buildId}::int AND s.property_id = u.property_id`,
    },
  }[r.indexJoin];
  return sql`
      ${join.with}
      INSERT INTO ${sql.table(r.into)} (run_id, row_number, score, risk_level, confidence, top_factors, top_factor_names, top_factor_contributions, model_version, problem)
      SELECT ${r.runId}::int, u.row_number, CASE WHEN x.problem IS NULL THEN coalesce(a.score, s.score) END, CASE WHEN x.problem IS NULL THEN coalesce(a.risk_level, s.risk_level) ELSE 'none' END,
             CASE WHEN x.problem IS NULL THEN coalesce(a.confidence, s.confidence) END,
             -- The top factors as names and contributions (migration 0930), copied from the index; as jsonb
             -- from an appeal version, or from a build made before that migration (its contributions are null).
             CASE WHEN x.problem IS NULL THEN CASE WHEN a.version IS NOT NULL THEN a.top_factors ELSE s.top_factors END END,
             CASE WHEN x.problem IS NULL THEN CASE WHEN a.version IS NOT NULL THEN zview_factor_names(a.top_factors) ELSE s.top_factor_names END ELSE '' END,
             CASE WHEN x.problem IS NULL THEN CASE WHEN a.version IS NULL THEN s.top_factor_contributions END ELSE '{}'::float8[] END,
             CASE WHEN x.problem IS NULL AND a.version IS NOT NULL THEN a.model_version ELSE ${r.modelVersion}::text END, x.problem
      FROM ${join.from}
      ${r.appealVersions ? latestAppealVersion(r) : sql`CROSS JOIN (SELECT NULL::int AS version, NULL::float8 AS score, NULL::text AS risk_level, NULL::float8 AS confidence, NULL::text AS unavailable, NULL::jsonb AS top_factors, NULL::text AS model_version) a`}
      CROSS JOIN LATERAL (SELECT coalesce(u.problem, CASE WHEN a.version IS NOT NULL THEN CASE WHEN a.score IS NULL THEN a.unavailable END
                                                          WHEN s.property_id IS NULL THEN ${r.noScore}::text ELSE s.problem END) AS problem) x
      RETURNING risk_level, problem`;
}

/** The organisation's latest published appeal version of the row's property and product, shaped as an index row (`a`). */
function latestAppealVersion(r: IndexedResults) {
  return sql`
      LEFT JOIN LATERAL (
        SELECT v.version, v.score, v.risk_level, (v.result->'confidence'->>'value')::float8 AS confidence,
               coalesce(v.result->>'unavailableReason', ${r.noScore}::text) AS unavailable,
               (SELECT coalesce(jsonb_agg(jsonb_build_object('name', f->>'name', 'contribution', (f->>'contribution')::float8) ORDER BY abs((f->>'contribution')::float8) DESC), '[]'::jsonb)
                FROM (SELECT f FROM jsonb_array_elements(v.result->'factors') f WHERE f->>'key' IS DISTINCT FROM 'scale_limit' ORDER BY abs((f->>'contribution')::float8) DESC LIMIT 3) t) AS top_factors,
               v.model_version || ' (' || ${r.amendedByAppeal}::text || ' v' || v.version || ', ' || to_char(v.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') || ')' AS model_version
        FROM appeal_score_versions v
        -- In the appeal versions' key's collation (a row's property compares byte by byte, placedProperty).
        WHERE u.problem IS NULL AND v.organization_id = ${r.organizationId}::int AND v.property_id = u.property_id COLLATE "default" AND v.product = ${r.product}::text
        ORDER BY v.version DESC LIMIT 1
      ) a ON true`;
}
