import type { Db } from '../../db/database.js';
import { indexedPropertyIds, insertIndexedResults, placeChunkRows } from '../../db/portfolio-placement.js';
import { geocodeCoordinatesMany, OUTSIDE_COVERAGE_AREA } from '../geocoder/index.js';
import { NO_BUILDING_FOUND } from './risk-scorer.js';
import { NO_SCORE, type ChunkRun, type ScoredChunk } from './run-parts.js';
import type { IndexedScoring } from './seams.js';

/** How a portfolio row scored from a published appeal version is marked (as a lookup's score is, see AppealButton). */
export const AMENDED_BY_APPEAL = 'Amended by appeal';

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
export async function placeAndScoreFromIndex(
  db: Db,
  indexed: IndexedScoring,
  run: ChunkRun & { score_build_id: number },
  range: { first: number; last: number },
): Promise<ScoredChunk> {
  const buildId = run.score_build_id;
  const rows = await placeChunkRows(db, run.portfolio_id, buildId, range);

  // Points no simple parcel contains: the exact rule, row by row (a small share of a typical book).
  const unplaced = rows.filter((r) => r.problem === null && r.property_id === null && r.lat !== null && r.lng !== null);
  if (unplaced.length) {
    const hits = await geocodeCoordinatesMany(
      db,
      unplaced.map((r) => ({ lat: r.lat!, lng: r.lng! })),
    );
    unplaced.forEach((row, i) => {
      row.property_id = hits[i]!.propertyId;
      // Far from every property: outside coverage (issue 12), not 'no property found'.
      if (hits[i]!.outsideCoverage) row.problem = OUTSIDE_COVERAGE_AREA;
    });
    const found = unplaced.flatMap((r) => (r.property_id ? [r.property_id] : []));
    if (found.length) {
      const inIndex = await indexedPropertyIds(db, buildId, found);
      for (const row of unplaced) row.indexed = row.property_id !== null && inIndex.has(row.property_id);
    }
  }
  const missing = [
    ...new Set(rows.flatMap((r) => (r.problem === null && r.property_id && !r.indexed ? [r.property_id] : []))),
  ];
  if (missing.length) await indexed.fillMissing(buildId, missing);

  const problems = rows.map(
    (r) => r.problem ?? (!r.placed ? NO_SCORE : r.property_id === null ? NO_BUILDING_FOUND : null),
  );
  return {
    rowCount: rows.length,
    insertResults: (runId) =>
      insertIndexedResults({
        runId,
        buildId,
        organizationId: run.organization_id,
        product: run.product,
        modelVersion: run.model_version,
        rowNumbers: rows.map((r) => r.row_number),
        propertyIds: rows.map((r) => r.property_id),
        problems,
        noScore: NO_SCORE,
        amendedByAppeal: AMENDED_BY_APPEAL,
      }),
  };
}
