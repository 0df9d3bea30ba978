import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.js';
import { resultsPartition } from './portfolio-runs.js';

/**
 * The SQL of a chunk scored from the score index (domain/portfolio/indexed-chunk.ts decides):
 * placing the chunk's rows, which properties the run's index build has, and the INSERT … SELECT
 * of the results joined to the index and to the organisation's published appeal versions.
 */

export interface PlacedRow {
  row_number: number;
  problem: string | null;
  placed: boolean;
  lat: number | null;
  lng: number | null;
  property_id: string | null;
  indexed: boolean;
}

/**
 * One query places a chunk's rows: the property the address geocoder matched, else the parcel
 * containing the point through its grid cell in `placement_cells` (an index-only probe and an
 * exact polygon test per row), and whether the build has that property. The point comes back only
 * for rows SQL found no parcel for (the caller's exact rule needs it).
 */
export async function placeChunkRows(
  db: Db,
  portfolioId: number,
  buildId: number,
  range: { first: number; last: number },
): Promise<PlacedRow[]> {
  const { rows } = await sql<PlacedRow>`
    SELECT r.row_number, coalesce(r.problem, r.geo_problem) AS problem, r.geo_latitude IS NOT NULL AND r.geo_longitude IS NOT NULL AS placed,
           -- The point only where SQL found no parcel (the exact rule needs it).
           CASE WHEN p.property_id IS NULL THEN r.geo_latitude END AS lat, CASE WHEN p.property_id IS NULL THEN r.geo_longitude END AS lng,
           p.property_id, s.property_id IS NOT NULL AS indexed
    FROM portfolio_rows r
    -- The parcel under the point, for usable rows the address geocoder did not match to a property.
    LEFT JOIN LATERAL (
      -- min() rather than ORDER BY … LIMIT 1: the same property, without a sort node per row (a third of the query's time).
      SELECT min(pc.property_id) AS property_id FROM placement_cells pc
      WHERE r.problem IS NULL AND r.geo_problem IS NULL AND r.geo_property_id IS NULL
        AND pc.world_revision = (SELECT b.world_revision FROM placement_builds b JOIN world_revision w ON w.revision = b.world_revision)
        AND pc.cell = zview_placement_cell(r.geo_latitude, r.geo_longitude) AND pc.parcel @> point(r.geo_longitude, r.geo_latitude)
    ) c ON true
    CROSS JOIN LATERAL (SELECT coalesce(r.geo_property_id, c.property_id) AS property_id) p
    LEFT JOIN score_index s ON s.build_id = ${buildId} AND s.property_id = p.property_id
    WHERE r.portfolio_id = ${portfolioId} AND r.row_number BETWEEN ${range.first} AND ${range.last}
    ORDER BY r.row_number`.execute(db);
  return rows;
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

export interface IndexedResults {
  runId: number;
  buildId: number;
  organizationId: number;
  product: string;
  /** The run's model version, for rows the index scored. */
  modelVersion: string;
  /** Each row: its number, the property it was placed on, and what stopped it from being scored (null: score it). */
  rowNumbers: number[];
  propertyIds: (string | null)[];
  problems: (string | null)[];
  /** The problem of a row whose property the build lacks or an appeal version could not score. */
  noScore: string;
  /** How a row scored from an appeal version is marked in its model version ('Amended by appeal'). */
  amendedByAppeal: string;
}

/**
 * The chunk's results as one INSERT … SELECT into the run's table, joining the placed rows to the
 * index, where the organisation's latest published appeal version of the property's product
 * (appeals, migration 0600) replaces the index's score as a lookup shows it: its score, level,
 * confidence and top factors, and a model version marked '{amendedByAppeal} v{n}, {date}'.
 * Versions are per organisation. RETURNING risk_level, problem.
 */
export function insertIndexedResults(r: IndexedResults): RawBuilder<unknown> {
  return sql`
      INSERT INTO ${sql.table(resultsPartition(r.runId))} (run_id, row_number, score, risk_level, confidence, top_factors, top_factor_names, model_version, problem)
      SELECT ${r.runId}::int, u.row_number, CASE WHEN x.problem IS NULL THEN coalesce(a.score, s.score) END, CASE WHEN x.problem IS NULL THEN coalesce(a.risk_level, s.risk_level) ELSE 'none' END,
             CASE WHEN x.problem IS NULL THEN coalesce(a.confidence, s.confidence) END, CASE WHEN x.problem IS NULL THEN coalesce(a.top_factors, s.top_factors) ELSE '[]'::jsonb END,
             -- The names as the export shows them (migration 0800): the index's column, an appeal version's own.
             CASE WHEN x.problem IS NULL THEN CASE WHEN a.version IS NOT NULL THEN zview_factor_names(a.top_factors) ELSE s.top_factor_names END ELSE '' END,
             CASE WHEN x.problem IS NULL AND a.version IS NOT NULL THEN a.model_version ELSE ${r.modelVersion}::text END, x.problem
      FROM unnest(${r.rowNumbers}::int[], ${r.propertyIds}::text[], ${r.problems}::text[]) AS u(row_number, property_id, problem)
      LEFT JOIN score_index s ON s.build_id = ${r.buildId}::int AND s.property_id = u.property_id
      -- The organisation's latest published appeal version of this property's product, shaped as an index row.
      LEFT JOIN LATERAL (
        SELECT v.version, v.score, v.risk_level, (v.result->'confidence'->>'value')::float8 AS confidence,
               coalesce(v.result->>'unavailableReason', ${r.noScore}::text) AS unavailable,
               (SELECT coalesce(jsonb_agg(jsonb_build_object('name', f->>'name', 'contribution', (f->>'contribution')::float8) ORDER BY abs((f->>'contribution')::float8) DESC), '[]'::jsonb)
                FROM (SELECT f FROM jsonb_array_elements(v.result->'factors') f WHERE f->>'key' IS DISTINCT FROM 'scale_limit' ORDER BY abs((f->>'contribution')::float8) DESC LIMIT 3) t) AS top_factors,
               v.model_version || ' (' || ${r.amendedByAppeal}::text || ' v' || v.version || ', ' || to_char(v.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') || ')' AS model_version
        FROM appeal_score_versions v
        WHERE u.problem IS NULL AND v.organization_id = ${r.organizationId}::int AND v.property_id = u.property_id AND v.product = ${r.product}::text
          -- Once per statement (an InitPlan in the one-time filter): an organisation with no published version of
          -- this product, nearly every one, skips the per-row probe (a tenth of the insert's time).
          AND EXISTS (SELECT 1 FROM appeal_score_versions o WHERE o.organization_id = ${r.organizationId}::int AND o.product = ${r.product}::text)
        ORDER BY v.version DESC LIMIT 1
      ) a ON true
      CROSS JOIN LATERAL (SELECT coalesce(u.problem, CASE WHEN a.version IS NOT NULL THEN CASE WHEN a.score IS NULL THEN a.unavailable END
                                                          WHEN s.property_id IS NULL THEN ${r.noScore}::text ELSE s.problem END) AS problem) x
      RETURNING risk_level, problem`;
}
