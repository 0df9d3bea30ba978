import type { RawBuilder } from 'kysely';

/**
 * What a run's chunk paths share (runs.ts, the row-by-row path, and indexed-chunk.ts, the
 * score-index path): kept apart so that neither imports the other's module in a cycle.
 */
/** The table holding one run's results (db/portfolio-runs.ts). */
export { resultsPartition } from '../../../db/portfolio-runs.js';

export const NO_SCORE = 'No score could be calculated for this property.';

/**
 * Whether no row of a portfolio is still to geocode, by its geocode_counts: exact, since
 * storeGeocodes moves the counts in the statement that stores the rows (all rows with
 * coordinates are placed at ingest).
 */
export function nothingToGeocode(geocodeCounts: Record<string, number>): boolean {
  return (geocodeCounts.pending ?? 0) === 0;
}

/**
 * Whether every row of a portfolio came with its own coordinates or is unusable, by its
 * geocode_counts: then the ingest placed each usable row, and its unplaced_rows (when recorded)
 * are the only ones whose place is the run's exact rule. A row geocoded by address has another
 * precision.
 */
export function everyRowPlacedAtIngest(geocodeCounts: Record<string, number>): boolean {
  return Object.keys(geocodeCounts).every((key) => key === 'coordinates' || key === 'unusable');
}

export interface ChunkRun {
  id: number;
  portfolio_id: number;
  product: string;
  model_version: string;
  requested_by: string;
  organization_id: number;
  score_build_id: number | null;
  /** The portfolio's rows (null before it is read). */
  row_count: number | null;
  /** How many of its rows are placed at each precision, and how many are still to geocode ('pending'). */
  geocode_counts: Record<string, number>;
}

/** A chunk ready to commit: how its results are inserted and how many rows it has. */
export interface ScoredChunk {
  rowCount: number;
  /** An INSERT INTO `table` (the run's results table or its chunk's, db/portfolio-runs.ts) … RETURNING risk_level, problem (for usage and the run's summary). */
  insertResults: (table: string) => RawBuilder<unknown>;
}
