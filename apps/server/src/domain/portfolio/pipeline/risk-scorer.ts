import type { Db } from '../../../db/database.js';
import { hazardAt } from '../../hazard/climatology.js';
import { geocodeCoordinatesMany, OUTSIDE_COVERAGE_AREA } from '../../geocoder/index.js';
import { isoDate } from '../../property/load.js';
import { loadPropertyFeaturesMany } from '../../property/load-many.js';
import {
  addToIndex,
  asOfInstant,
  buildForRun,
  findBuild,
  PRODUCTION_MODELS,
  indexedScore,
  type PortfolioModels,
} from './score-index.js';
import { parcelGrids } from './parcel-grid-cache.js';
import type { PortfolioScorer, ScoredRow } from './seams.js';

export const NO_BUILDING_FOUND = 'No property was found at this location, so it could not be scored.';

/**
 * Scores portfolio rows with the risk models (domain/risk): the property at each row's point
 * (parcel containing it, or the nearest within 40 m), its features as of the data date, and the
 * hazard climatology at the property. Runs join their placed rows to the precomputed score index
 * (`indexed`, score-index.ts); `scoreRows` is the same computation row by row (one geocoding query
 * and one feature load per call).
 */
export function riskModelScorer(db: Db, options: { now?: () => Date; models?: PortfolioModels } = {}): PortfolioScorer {
  const now = options.now ?? (() => new Date());
  const models = options.models ?? PRODUCTION_MODELS;
  // Loaded by the worker only (at start and for its ingests), once per world revision.
  const grids = parcelGrids(db);
  return {
    modelInfo: (product) => ({ modelVersion: models[product].modelVersion, dataDate: isoDate(now()) }),
    async scoreRows(rows, products) {
      const dataDate = isoDate(now());
      const asOf = asOfInstant(dataDate);
      const hits = await geocodeCoordinatesMany(
        db,
        rows.map((row) => ({ lat: row.latitude, lng: row.longitude })),
      );
      const featuresOf = await loadPropertyFeaturesMany(
        db,
        hits.flatMap((hit) => (hit.propertyId ? [hit.propertyId] : [])),
        dataDate,
      );
      return rows.flatMap((row, index): ScoredRow[] => {
        const hit = hits[index]!;
        const features = hit.propertyId ? featuresOf.get(hit.propertyId) : undefined;
        const hazard = features ? hazardAt(hit.lat, hit.lng) : null;
        return products.map((product) => {
          const scored = features && hazard ? indexedScore(models[product], features, hazard, asOf) : null;
          return {
            rowNumber: row.rowNumber,
            product,
            score: scored?.score ?? null,
            riskLevel: scored?.riskLevel ?? 'none',
            confidence: scored?.confidence ?? null,
            topFactors: scored?.topFactors ?? [],
            modelVersion: models[product].modelVersion,
            problem: scored ? scored.problem : hit.outsideCoverage ? OUTSIDE_COVERAGE_AREA : NO_BUILDING_FOUND,
          };
        });
      });
    },
    indexed: {
      async prepareRun(product) {
        const build = await buildForRun(db, product, models[product].modelVersion, isoDate(now()));
        return { modelVersion: build.modelVersion, dataDate: build.asOf, buildId: build.id };
      },
      async fillMissing(buildId, propertyIds) {
        await addToIndex(db, [await findBuild(db, buildId)], models, propertyIds);
      },
      parcelGrid: () => grids.current(),
    },
  };
}
