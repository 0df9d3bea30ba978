import type { PortfolioProduct } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { hazardAt } from '../../world/hazard/climatology.js';
import { geocodeCoordinatesMany } from '../geocoder/index.js';
import { isoDate } from '../property/load.js';
import { loadPropertyFeaturesMany } from '../property/load-many.js';
import { RISK_MODELS, scoreProduct } from '../risk/index.js';
import type { PortfolioScorer, ScoredRow } from './seams.js';

export const NO_BUILDING_FOUND = 'No property was found at this location, so it could not be scored.';
const TOP_FACTORS = 3;

/**
 * Scores portfolio rows with the risk models (domain/risk): the property at each row's point
 * (parcel containing it, or the nearest within 40 m), its features as of today, and the hazard
 * climatology of its cell. Set-wise: a chunk costs one geocoding query and one feature load
 * (a handful of queries), whatever its size.
 */
export function riskModelScorer(db: Db, options: { now?: () => Date } = {}): PortfolioScorer {
  const now = options.now ?? (() => new Date());
  return {
    modelInfo: (product) => ({ modelVersion: RISK_MODELS[product].modelVersion, dataDate: isoDate(now()) }),
    async scoreRows(rows, products) {
      const asOf = now();
      const hits = await geocodeCoordinatesMany(db, rows.map((row) => ({ lat: row.latitude, lng: row.longitude })));
      const featuresOf = await loadPropertyFeaturesMany(db, hits.flatMap((hit) => (hit.propertyId ? [hit.propertyId] : [])), asOf);
      return rows.flatMap((row, index): ScoredRow[] => {
        const unscored = (product: PortfolioProduct, problem: string): ScoredRow => ({
          rowNumber: row.rowNumber, product, score: null, riskLevel: 'none', confidence: null, topFactors: [], modelVersion: RISK_MODELS[product].modelVersion, problem,
        });
        const propertyId = hits[index]!.propertyId;
        const features = propertyId ? featuresOf.get(propertyId) : undefined;
        if (!features) return products.map((product) => unscored(product, NO_BUILDING_FOUND));
        const hazard = hazardAt(row.latitude, row.longitude);
        return products.map((product) => {
          const result = scoreProduct(product, features, hazard, asOf);
          if (result.score === null) return unscored(product, result.unavailableReason ?? 'This property could not be scored.');
          const top = [...result.factors].sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution)).slice(0, TOP_FACTORS);
          return {
            rowNumber: row.rowNumber,
            product,
            score: result.score,
            riskLevel: result.riskLevel,
            confidence: result.confidence.value,
            topFactors: top.map((f) => ({ name: f.name, contribution: f.contribution })),
            modelVersion: result.modelVersion,
            problem: null,
          };
        });
      });
    },
  };
}
