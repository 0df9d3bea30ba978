import type { PortfolioProduct, RiskLevel } from '@zview/contracts';
import type { LocationRow } from '../columns.js';
import type { ExactAddresses } from '../../geocoder/exact-addresses.js';
import type { ParcelGrid } from './parcel-grid.js';

/**
 * The two engines the portfolio pipeline calls but does not own. The geocoder (domain/geocoder)
 * and the risk models (domain/risk) implement these; tests use small fakes.
 */

/**
 * A row as staged from the upload, before geocoding: the location fields read through the column
 * mapping (latitude/longitude are the file's own coordinates, if any) and its number in the file.
 */
export type StagedRow = { rowNumber: number } & Omit<LocationRow, 'attributes' | 'problem'>;

export const GEOCODE_PRECISIONS = ['coordinates', 'rooftop', 'parcel', 'street', 'postal', 'city', 'none'] as const;
export type GeocodePrecision = (typeof GEOCODE_PRECISIONS)[number];

export interface GeocodeResult {
  rowNumber: number;
  latitude: number | null;
  longitude: number | null;
  precision: GeocodePrecision;
  /** Why the row could not be placed, in plain words; null when it was. */
  problem: string | null;
  /** The world's property the address matched, when the geocoder knows it (runs then score it without placing the point again). */
  propertyId?: string | null;
}

/** Geocodes a set of rows at once (one round trip per chunk, not per row). */
export interface BatchGeocoder {
  geocodeRows(rows: readonly StagedRow[]): Promise<GeocodeResult[]>;
  /**
   * The world's addresses in memory, with which an ingest places the address rows whose exact
   * match they settle (as geocodeRows would: rooftop, on the matched property); null without them
   * (the runs geocode every address row).
   */
  exactAddresses?(): Promise<ExactAddresses | null>;
}

export interface GeocodedRow extends StagedRow {
  latitude: number;
  longitude: number;
  precision: GeocodePrecision;
  attributes: LocationRow['attributes'];
}

export interface RunContext {
  organizationId: number;
  portfolioId: number;
  runId: number;
  modelVersion: string;
}

export interface ScoreFactor {
  name: string;
  contribution: number;
}

export interface ScoredRow {
  rowNumber: number;
  product: PortfolioProduct;
  score: number | null;
  riskLevel: RiskLevel;
  confidence: number | null;
  topFactors: ScoreFactor[];
  modelVersion: string;
  /** Why no score could be given, in plain words; null when scored. */
  problem: string | null;
}

export interface ModelInfo {
  modelVersion: string;
  /** Date of the hazard data the model uses (YYYY-MM-DD). */
  dataDate: string;
}

/** Scores geocoded rows with the current version of each product's model. */
export interface PortfolioScorer {
  modelInfo(product: PortfolioProduct): ModelInfo;
  scoreRows(
    rows: readonly GeocodedRow[],
    products: readonly PortfolioProduct[],
    context: RunContext,
  ): Promise<ScoredRow[]>;
  /** Set-wise scoring from the precomputed score index (score-index.ts); absent in fakes, which score row by row. */
  indexed?: IndexedScoring;
}

export interface IndexedScoring {
  /** The index build a new run of `product` scores with: its model version, as-of date (the run's data date) and id. */
  prepareRun(product: PortfolioProduct): Promise<ModelInfo & { buildId: number }>;
  /** Scores the properties the build lacks and adds them to it (what a chunk does before joining to the index). */
  fillMissing(buildId: number, propertyIds: readonly string[]): Promise<void>;
  /**
   * The parcels of the current world in memory (parcel-grid.ts), for the ingest to place rows that
   * give their own coordinates; null while the world's placement cells are not built.
   */
  parcelGrid?(): Promise<ParcelGrid | null>;
}

/**
 * Places rows that carry their own coordinates and reports the others as not found. The real
 * address geocoder replaces it; it is what runs until one is plugged in.
 */
export const coordinatesOnlyGeocoder: BatchGeocoder = {
  async geocodeRows(rows) {
    return rows.map((row) =>
      row.latitude !== null && row.longitude !== null
        ? {
            rowNumber: row.rowNumber,
            latitude: row.latitude,
            longitude: row.longitude,
            precision: 'coordinates' as const,
            problem: null,
          }
        : {
            rowNumber: row.rowNumber,
            latitude: null,
            longitude: null,
            precision: 'none' as const,
            problem: 'We could not find this address.',
          },
    );
  },
};
