import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { geocodeCoordinatesMany, OUTSIDE_COVERAGE_AREA } from '../geocoder/index.js';
import { NO_BUILDING_FOUND } from './risk-scorer.js';
import { NO_SCORE, resultsPartition, type ChunkRun, type ScoredChunk } from './run-parts.js';
import type { IndexedScoring } from './seams.js';

/** How a portfolio row scored from a published appeal version is marked (as a lookup's score is, see AppealButton). */
export const AMENDED_BY_APPEAL = 'Amended by appeal';

interface PlacedRow {
  row_number: number;
  problem: string | null;
  placed: boolean;
  lat: number | null;
  lng: number | null;
  property_id: string | null;
  indexed: boolean;
}

/**
 * A chunk scored set-wise from the score index (score-index.ts):
 * 1. one query places the chunk's rows in SQL: the property the address geocoder matched, else
 *    the parcel containing the point, found through its grid cell in `placement_cells` (an
 *    index-only probe and an exact polygon test per row), and whether the run's index build has
 *    that property;
 * 2. points in no parcel of the cells (off the map, between parcels, or parcels that are not
 *    simple polygons) take the exact per-row rule of geocodeCoordinatesMany (containing parcel
 *    among the nearest, else the nearest property within 40 m);
 * 3. properties the build lacks are scored now and added to it (the per-row path, same function);
 * 4. the results are one INSERT … SELECT joining the placed rows to the index, where the
 *    organisation's latest published appeal version of the property's product (appeals, migration
 *    0600) replaces the index's score, as a lookup shows it: its score, level, confidence and top
 *    factors, and a model version marked 'Amended by appeal v{n}, {date}'. Versions are per
 *    organisation: another organisation's appeal never changes this one's rows.
 */
export async function placeAndScoreFromIndex(db: Db, indexed: IndexedScoring, run: ChunkRun & { score_build_id: number }, range: { first: number; last: number }): Promise<ScoredChunk> {
  const buildId = run.score_build_id;
  const { rows } = await sql<PlacedRow>`
    SELECT r.row_number, coalesce(r.problem, r.geo_problem) AS problem, r.geo_latitude IS NOT NULL AND r.geo_longitude IS NOT NULL AS placed,
           -- The point only where SQL found no parcel (the exact rule below needs it).
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
    WHERE r.portfolio_id = ${run.portfolio_id} AND r.row_number BETWEEN ${range.first} AND ${range.last}
    ORDER BY r.row_number`.execute(db);

  // Points no simple parcel contains: the exact rule, row by row (a small share of a typical book).
  const unplaced = rows.filter((r) => r.problem === null && r.property_id === null && r.lat !== null && r.lng !== null);
  if (unplaced.length) {
    const hits = await geocodeCoordinatesMany(db, unplaced.map((r) => ({ lat: r.lat!, lng: r.lng! })));
    unplaced.forEach((row, i) => {
      row.property_id = hits[i]!.propertyId;
      // Far from every property: outside coverage (issue 12), not 'no property found'.
      if (hits[i]!.outsideCoverage) row.problem = OUTSIDE_COVERAGE_AREA;
    });
    const found = unplaced.flatMap((r) => (r.property_id ? [r.property_id] : []));
    if (found.length) {
      const have = await db.selectFrom('score_index').select('property_id').where('build_id', '=', buildId).where(sql<boolean>`property_id = any(${found}::text[])`).execute();
      const inIndex = new Set(have.map((h) => h.property_id));
      for (const row of unplaced) row.indexed = row.property_id !== null && inIndex.has(row.property_id);
    }
  }
  const missing = [...new Set(rows.flatMap((r) => (r.problem === null && r.property_id && !r.indexed ? [r.property_id] : [])))];
  if (missing.length) await indexed.fillMissing(buildId, missing);

  const problems = rows.map((r) => r.problem ?? (!r.placed ? NO_SCORE : r.property_id === null ? NO_BUILDING_FOUND : null));
  return {
    rowCount: rows.length,
    insertResults: (runId) => sql`
      INSERT INTO ${sql.table(resultsPartition(runId))} (run_id, row_number, score, risk_level, confidence, top_factors, model_version, problem)
      SELECT ${runId}::int, u.row_number, CASE WHEN x.problem IS NULL THEN coalesce(a.score, s.score) END, CASE WHEN x.problem IS NULL THEN coalesce(a.risk_level, s.risk_level) ELSE 'none' END,
             CASE WHEN x.problem IS NULL THEN coalesce(a.confidence, s.confidence) END, CASE WHEN x.problem IS NULL THEN coalesce(a.top_factors, s.top_factors) ELSE '[]'::jsonb END,
             CASE WHEN x.problem IS NULL AND a.version IS NOT NULL THEN a.model_version ELSE ${run.model_version}::text END, x.problem
      FROM unnest(${rows.map((r) => r.row_number)}::int[], ${rows.map((r) => r.property_id)}::text[], ${problems}::text[]) AS u(row_number, property_id, problem)
      LEFT JOIN score_index s ON s.build_id = ${buildId}::int AND s.property_id = u.property_id
      -- The organisation's latest published appeal version of this property's product, shaped as an index row.
      LEFT JOIN LATERAL (
        SELECT v.version, v.score, v.risk_level, (v.result->'confidence'->>'value')::float8 AS confidence,
               coalesce(v.result->>'unavailableReason', ${NO_SCORE}::text) AS unavailable,
               (SELECT coalesce(jsonb_agg(jsonb_build_object('name', f->>'name', 'contribution', (f->>'contribution')::float8) ORDER BY abs((f->>'contribution')::float8) DESC), '[]'::jsonb)
                FROM (SELECT f FROM jsonb_array_elements(v.result->'factors') f WHERE f->>'key' IS DISTINCT FROM 'scale_limit' ORDER BY abs((f->>'contribution')::float8) DESC LIMIT 3) t) AS top_factors,
               v.model_version || ' (' || ${AMENDED_BY_APPEAL}::text || ' v' || v.version || ', ' || to_char(v.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') || ')' AS model_version
        FROM appeal_score_versions v
        WHERE u.problem IS NULL AND v.organization_id = ${run.organization_id}::int AND v.property_id = u.property_id AND v.product = ${run.product}::text
        ORDER BY v.version DESC LIMIT 1
      ) a ON true
      CROSS JOIN LATERAL (SELECT coalesce(u.problem, CASE WHEN a.version IS NOT NULL THEN CASE WHEN a.score IS NULL THEN a.unavailable END
                                                          WHEN s.property_id IS NULL THEN ${NO_SCORE}::text ELSE s.problem END) AS problem) x
      RETURNING risk_level, problem`,
  };
}
