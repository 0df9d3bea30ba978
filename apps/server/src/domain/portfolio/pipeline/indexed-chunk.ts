import type { Db } from '../../../db/database.js';
import {
  indexedPropertyIds,
  insertIndexedResults,
  type IndexJoin,
  unsettledChunkRows,
  unsettledRowsPlacedAtIngest,
} from '../../../db/portfolio-placement.js';
import { prewarmScoreBuild } from '../../../db/score-index-parts.js';
import { geocodeCoordinatesMany, OUTSIDE_COVERAGE_AREA } from '../../geocoder/index.js';
import { NO_BUILDING_FOUND } from './risk-scorer.js';
import { everyRowPlacedAtIngest, NO_SCORE, nothingToGeocode, type ChunkRun, type ScoredChunk } from './run-parts.js';
import type { IndexedScoring } from './seams.js';

/** The worker's parcel grid of the current world (parcel-grid-cache.ts); null without one, or when it fails to load. */
async function parcelGridOf(indexed: IndexedScoring) {
  return (await indexed.parcelGrid?.().catch(() => null)) ?? null;
}

/**
 * Up to this many index rows per chunk row, the chunk's INSERT leaves the join to the planner, which
 * hashes the build (~0.6 µs a build row) rather than reading the chunk's properties by key (~2 µs a
 * chunk row; IndexJoin).
 */
const HASHED_BUILD_ROWS_PER_CHUNK_ROW = 4;

/**
 * A run of at least this share of its build's properties probes nearly every page of the build
 * (a page holds ~13 properties' rows): its first chunk reads the build into PostgreSQL's buffers
 * first (prewarmScoreBuild), in one pass. Not a run with addresses still to geocode: its chunks
 * spend their time in the address geocoder, whose indexes share the same buffers (a million
 * addresses on the 1M world: 46.4 and 49.5 s with the build read in, 44.5 and 47.5 s without;
 * within the bench's noise, so kept out where it cannot pay).
 */
const PREWARM_RUN_SHARE_OF_BUILD = 0.25;

/** How a portfolio row scored from a published appeal version is marked (as a lookup's score is, see AppealButton). */
export const AMENDED_BY_APPEAL = 'Amended by appeal';

/**
 * A chunk scored set-wise from the score index (score-index.ts), its rows staying in PostgreSQL:
 * 1. one query counts the chunk's rows and returns only those SQL cannot settle alone (see
 *    db/portfolio-placement.ts placedProperty for how a row is placed: the address geocoder's
 *    property, the parcel the ingest found under the point, or the parcel SQL finds in
 *    `placement_cells`);
 * 2. of those, points in no simple parcel (off the map, between parcels, or parcels that are not
 *    simple polygons) take the exact per-row rule of geocodeCoordinatesMany (containing parcel
 *    among the nearest, else the nearest property within 40 m);
 * 3. properties the build lacks are scored now and added to it (the per-row path, same function);
 * 4. the results are one INSERT … SELECT (run at commit) placing the rows again, joining them to
 *    the index, where the organisation's latest published appeal version of the property's
 *    product (appeals, migration 0600) replaces the index's score, as a lookup shows it: its
 *    score, level, confidence and top factors, and a model version marked
 *    'Amended by appeal v{n}, {date}'. Versions are per organisation: another organisation's
 *    appeal never changes this one's rows.
 */
export async function placeAndScoreFromIndex(
  db: Db,
  indexed: IndexedScoring,
  run: ChunkRun & { score_build_id: number },
  range: { first: number; last: number },
): Promise<ScoredChunk> {
  const buildId = run.score_build_id;
  const chunk = {
    portfolioId: run.portfolio_id,
    buildId,
    range,
    organizationId: run.organization_id,
    product: run.product,
  };
  // A portfolio of coordinates placed at ingest names its few unplaced rows: the chunk's rows are not read to find them.
  const { rowCount, unsettled, build, appealVersions } =
    (everyRowPlacedAtIngest(run.geocode_counts) ? await unsettledRowsPlacedAtIngest(db, chunk) : null) ??
    (await unsettledChunkRows(db, chunk));
  // A complete build of a few times the chunk's rows is hashed by each chunk; a larger one is read by one
  // scan of its key for the chunk's properties; one still filling is probed row by row (IndexJoin).
  const largeBuild = build.properties > HASHED_BUILD_ROWS_PER_CHUNK_ROW * rowCount;
  const indexJoin: IndexJoin = !build.complete ? 'probe' : largeBuild ? 'keyScan' : 'hash';
  const placedAtIngest = nothingToGeocode(run.geocode_counts);
  if (
    range.first === 1 &&
    indexJoin !== 'hash' &&
    placedAtIngest &&
    (run.row_count ?? 0) >= PREWARM_RUN_SHARE_OF_BUILD * build.properties
  )
    await prewarmScoreBuild(db, buildId);

  const placedInNode = {
    rowNumbers: [] as number[],
    propertyIds: [] as (string | null)[],
    problems: [] as (string | null)[],
  };
  // Points no simple parcel contains. Those far from every property of the world are outside
  // coverage, which the parcel grid tells without the database (what the exact rule would answer);
  const grid = unsettled.some((r) => r.property_id === null) ? await parcelGridOf(indexed) : null;
  const unplaced = unsettled.filter((r) => {
    if (r.property_id !== null) return false;
    if (!grid?.isFarFromEveryProperty(r.lat, r.lng)) return true;
    placedInNode.rowNumbers.push(r.row_number);
    placedInNode.propertyIds.push(null);
    placedInNode.problems.push(OUTSIDE_COVERAGE_AREA);
    return false;
  });
  // the others take the exact rule, row by row (a small share of a typical book).
  const missing = new Set(unsettled.flatMap((r) => (r.property_id ? [r.property_id] : [])));
  if (unplaced.length) {
    const hits = await geocodeCoordinatesMany(
      db,
      unplaced.map((r) => ({ lat: r.lat, lng: r.lng })),
    );
    unplaced.forEach((row, i) => {
      placedInNode.rowNumbers.push(row.row_number);
      placedInNode.propertyIds.push(hits[i]!.propertyId);
      // Far from every property: outside coverage (issue 12), not 'no property found'.
      placedInNode.problems.push(hits[i]!.outsideCoverage ? OUTSIDE_COVERAGE_AREA : null);
    });
    const found = hits.flatMap((hit, i) => (hit.propertyId && !hits[i]!.outsideCoverage ? [hit.propertyId] : []));
    if (found.length) {
      const inIndex = await indexedPropertyIds(db, buildId, found);
      for (const id of found) if (!inIndex.has(id)) missing.add(id);
    }
  }
  if (missing.size) await indexed.fillMissing(buildId, [...missing]);

  return {
    rowCount,
    insertResults: (table) =>
      insertIndexedResults({
        runId: run.id,
        into: table,
        buildId,
        portfolioId: run.portfolio_id,
        organizationId: run.organization_id,
        product: run.product,
        range,
        modelVersion: run.model_version,
        placedInNode,
        noScore: NO_SCORE,
        noBuilding: NO_BUILDING_FOUND,
        outsideCoverage: OUTSIDE_COVERAGE_AREA,
        indexJoin,
        appealVersions,
        amendedByAppeal: AMENDED_BY_APPEAL,
      }),
  };
}
