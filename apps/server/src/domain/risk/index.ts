import type { ModelSpecification, ProductKey, ScoreResult } from '@zview/contracts';
import type { HazardProfile, PropertyFeatures } from '../property/features.js';
import { buildContext, scoreWith, specificationOf, type RiskModelDefinition } from './model.js';
import { roofAgeModel } from './roof-age.js';
import { zfireModel, zfirePrefillModel } from './zfire.js';
import { zhailModel } from './zhail.js';
import { zpropertyModel } from './zproperty.js';
import { zstormModel } from './zstorm.js';
import { zwaterModel } from './zwater.js';
import { zwindModel } from './zwind.js';

/** One model per product key. */
export const RISK_MODELS: Record<ProductKey, RiskModelDefinition> = {
  zfire: zfireModel,
  'zfire|prefill': zfirePrefillModel,
  zhail: zhailModel,
  zstorm: zstormModel,
  zwind: zwindModel,
  zwater: zwaterModel,
  zproperty: zpropertyModel,
  roof_age: roofAgeModel,
};

/**
 * Scores one product for one property. Pure: the same features, hazard and date always give the
 * same result, so a stored score can be reproduced from its inputs and model version.
 */
export function scoreProduct(
  product: ProductKey,
  features: PropertyFeatures,
  hazard: HazardProfile,
  asOf: Date,
): ScoreResult {
  const model = RISK_MODELS[product];
  if (!model) throw new Error(`Unknown product: ${product}`);
  return scoreWith(model, buildContext(features, hazard, asOf, product === 'zfire|prefill'));
}

/** What GET /caribou/specifications publishes: each model's factors, ranges, units and version. */
export const MODEL_SPECIFICATIONS: ModelSpecification[] = Object.values(RISK_MODELS).map(specificationOf);

export { estimateRoofAge } from './roof-age-estimate.js';

/** The result for a product that cannot be scored at all (no property at the location). */
export function unavailableScore(product: ProductKey, asOf: string, reason: string): ScoreResult {
  const model = RISK_MODELS[product];
  return {
    product,
    score: null,
    riskLevel: 'none',
    baseScore: model.baseScore,
    confidence: { value: 0, label: 'low' },
    factors: [],
    modelVersion: model.modelVersion,
    asOf,
    unavailableReason: reason,
  };
}
