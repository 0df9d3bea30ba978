import type { PortfolioProduct } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { hazardAt } from '../../world/hazard/climatology.js';
import { geocodeCoordinates } from '../geocoder/index.js';
import { isoDate, loadPropertyFeatures } from '../property/load.js';
import { RISK_MODELS, scoreProduct } from '../risk/index.js';
import type { PortfolioScorer, ScoredRow } from './seams.js';

export const NO_BUILDING_FOUND = 'No property was found at this location, so it could not be scored.';
const CONCURRENCY = 4;
const TOP_FACTORS = 3;

/**
 * Scores portfolio rows with the risk models (domain/risk): the property at each row's point
 * (parcel containing it, or the nearest within 40 m), its features as of today, and the hazard
 * climatology of its cell. Rows are looked up a few at a time; a set-wise feature loader can
 * replace the per-row lookups without touching the pipeline.
 */
export function riskModelScorer(db: Db, options: { now?: () => Date } = {}): PortfolioScorer {
  const now = options.now ?? (() => new Date());
  return {
    modelInfo: (product) => ({ modelVersion: RISK_MODELS[product].modelVersion, dataDate: isoDate(now()) }),
    async scoreRows(rows, products) {
      const asOf = now();
      const out: ScoredRow[][] = new Array(rows.length);
      let next = 0;
      const worker = async () => {
        while (next < rows.length) {
          const index = next++;
          const row = rows[index]!;
          const unscored = (product: PortfolioProduct, problem: string): ScoredRow => ({
            rowNumber: row.rowNumber, product, score: null, riskLevel: 'none', confidence: null, topFactors: [], modelVersion: RISK_MODELS[product].modelVersion, problem,
          });
          const hit = await geocodeCoordinates(db, { lat: row.latitude, lng: row.longitude });
          const features = hit.propertyId ? await loadPropertyFeatures(db, hit.propertyId, asOf) : null;
          if (!features) {
            out[index] = products.map((product) => unscored(product, NO_BUILDING_FOUND));
            continue;
          }
          const hazard = hazardAt(row.latitude, row.longitude);
          out[index] = products.map((product) => {
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
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
      return out.flat();
    },
  };
}
