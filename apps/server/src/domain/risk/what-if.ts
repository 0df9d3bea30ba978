import {
  MITIGATION_KEYS,
  MITIGATIONS,
  type MitigationOption,
  type ProductKey,
  type ProductWhatIf,
  type ScoreResult,
} from '@zview/contracts';
import type { HazardProfile, PropertyFeatures } from '../property/features.js';
import { scoreProduct } from './index.js';
import { MITIGATION_EFFECTS, applyMitigations } from './mitigations.js';
import { round1 } from './model.js';

/**
 * "What would lower this score" (issue 42): each mitigation run through the product's own model
 * on the property's features with that mitigation in place — alone, then all that help together.
 * The credit is the model's: the score with the change minus the score without, and the factors
 * whose contributions moved. Nothing here knows a credit table; a model that ignores a mitigation
 * gives it no credit, so the list is exactly what the model rewards. Pure.
 */
export function whatIf(
  product: ProductKey,
  features: PropertyFeatures,
  hazard: HazardProfile,
  asOf: Date,
  baseline: ScoreResult = scoreProduct(product, features, hazard, asOf),
): ProductWhatIf {
  const none = {
    product,
    modelVersion: baseline.modelVersion,
    score: baseline.score,
    riskLevel: baseline.riskLevel,
    options: [],
    combined: null,
  };
  if (baseline.score === null) return none;
  const before = baseline.score;
  const options: MitigationOption[] = [];
  for (const key of MITIGATION_KEYS) {
    const applied = MITIGATION_EFFECTS[key].apply(features);
    if (!applied) continue;
    const after = scoreProduct(product, applied.features, hazard, asOf);
    if (after.score === null) continue;
    const credit = round1(after.score - before);
    if (credit >= 0) continue;
    options.push({
      key,
      name: MITIGATIONS[key].name,
      change: applied.change,
      ca2644_9: MITIGATIONS[key].ca2644_9,
      score: after.score,
      riskLevel: after.riskLevel,
      credit,
      factors: factorChanges(baseline, after),
    });
  }
  if (!options.length) return none;
  // Biggest credit first; the catalogue's order among equals.
  options.sort((a, b) => a.credit - b.credit);
  const keys = options.map((o) => o.key);
  const all = scoreProduct(product, applyMitigations(features, keys), hazard, asOf);
  return {
    ...none,
    options,
    combined: { keys, score: all.score!, riskLevel: all.riskLevel, credit: round1(all.score! - before) },
  };
}

/** The factors whose contribution differs between two results of one model. */
function factorChanges(before: ScoreResult, after: ScoreResult) {
  const old = new Map(before.factors.map((f) => [f.key, f.contribution]));
  return after.factors
    .filter((f) => f.key !== 'scale_limit' && (old.get(f.key) ?? 0) !== f.contribution)
    .map((f) => ({ key: f.key, name: f.name, before: old.get(f.key) ?? 0, after: f.contribution }));
}
