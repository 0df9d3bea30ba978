import {
  CONFIDENCE_THRESHOLDS,
  RISK_LEVEL_THRESHOLDS,
  SCORE_MAX,
  SCORE_MIN,
  type Confidence,
  type Factor,
  type FactorSpecification,
  type ModelSpecification,
  type ProductKey,
  type RiskLevel,
  type ScoreResult,
} from '@zview/contracts';
import type { BuildingFeatures, HazardProfile, PropertyFeatures } from '../property/features.js';

/** Everything a factor may look at, computed once per scoring. */
export interface ScoringContext {
  features: PropertyFeatures;
  hazard: HazardProfile;
  asOf: Date;
  asOfYear: number;
  /** The main structure (lowest rank); undefined when the parcel has no building. */
  main: BuildingFeatures | undefined;
  /** `zfire|prefill`: unknown attributes take regional defaults instead of staying unknown. */
  prefill: boolean;
}

export interface FactorEvaluation {
  value: Factor['value'];
  contribution: number;
  description: string;
  prefilled?: boolean;
}

/** One factor: its published specification and how it is evaluated. Spec and code live together. */
export interface FactorDefinition extends FactorSpecification {
  evaluate(ctx: ScoringContext): FactorEvaluation;
}

export interface RiskModelDefinition {
  product: ProductKey;
  modelVersion: string;
  description: string;
  baseScore: number;
  factors: FactorDefinition[];
  /** Null when the product applies and the data is there; otherwise the reason it does not. */
  unavailableReason(ctx: ScoringContext): string | null;
  /** 0–1 before staleness is taken off. */
  confidence(ctx: ScoringContext): number;
  /** Product-specific fields of the result (roof age evidence, detected attributes…). */
  extras?(ctx: ScoringContext, score: number): Partial<ScoreResult>;
}

/** Clamped linear interpolation: y0 at x ≤ x0, y1 at x ≥ x1. Monotone, so models stay monotone. */
export function ramp(x: number, x0: number, x1: number, y0: number, y1: number): number {
  if (x <= x0) return y0;
  if (x >= x1) return y1;
  return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
}

export const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));
const round = (x: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(x * f + Number.EPSILON * Math.sign(x)) / f;
};
export const round1 = (x: number) => round(x, 1);
export const round2 = (x: number) => round(x, 2);

export function riskLevelFor(score: number): Exclude<RiskLevel, 'none'> {
  if (score >= RISK_LEVEL_THRESHOLDS.high) return 'high';
  if (score >= RISK_LEVEL_THRESHOLDS.medium) return 'medium';
  return 'low';
}

export function confidenceOf(value: number): Confidence {
  const v = round2(clamp(value, 0, 1));
  return {
    value: v,
    label: v >= CONFIDENCE_THRESHOLDS.high ? 'high' : v >= CONFIDENCE_THRESHOLDS.medium ? 'medium' : 'low',
  };
}

export function mainBuilding(features: PropertyFeatures): BuildingFeatures | undefined {
  return [...features.buildings].sort((a, b) => a.rank - b.rank)[0];
}

export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first of `fields` that is not a finite number, as 'features.slopeDeg'; null when all are. */
export function firstMissing(
  ctx: ScoringContext,
  fields: { features?: (keyof PropertyFeatures)[]; hazard?: (keyof HazardProfile)[] },
): string | null {
  for (const key of fields.features ?? []) {
    if (!Number.isFinite(ctx.features[key] as number)) return `features.${key}`;
  }
  for (const key of fields.hazard ?? []) {
    if (!Number.isFinite(ctx.hazard[key] as number)) return `hazard.${key}`;
  }
  return null;
}

/**
 * Confidence lost because the imagery the features were read from is older than the score date:
 * 5 points per year, at most 30.
 */
export function stalenessPenalty(ctx: ScoringContext): number {
  const captured = Date.parse(ctx.features.asOf);
  if (!Number.isFinite(captured)) return 0.3;
  const years = Math.max(0, ctx.asOf.getTime() - captured) / (365.25 * 86_400_000);
  return Math.min(0.3, years * 0.05);
}

/** The instant a score "as of" a day is computed at (midday UTC), in lookups and portfolio runs alike. */
export const scoreInstant = (date: string) => new Date(`${date}T12:00:00Z`);

export function buildContext(
  features: PropertyFeatures,
  hazard: HazardProfile,
  asOf: Date,
  prefill = false,
): ScoringContext {
  return { features, hazard, asOf, asOfYear: asOf.getUTCFullYear(), main: mainBuilding(features), prefill };
}

/**
 * The numbers of a score: the factor contributions summed onto the base and bounded to 1–10, each
 * contribution rounded to hundredths with the rounding remainder (≤ 0.05) on the largest (the
 * first of equals), so the waterfall is exact; when the bounds cut the sum off, the cut is
 * `scaleLimit` (the 'Scale limit' factor's contribution) instead.
 */
export function composeContributions(
  baseScore: number,
  raw: readonly number[],
): { score: number; unclamped: number; contributions: number[]; scaleLimit: number | null } {
  let rawSum = 0;
  for (const c of raw) rawSum += c;
  const unclamped = baseScore + rawSum;
  const score = round1(clamp(unclamped, SCORE_MIN, SCORE_MAX));
  const contributions = raw.map(round2);
  const targetCents = Math.round((score - baseScore) * 100);
  let sumCents = 0;
  for (const c of contributions) sumCents += Math.round(c * 100);
  const residual = targetCents - sumCents;
  if (unclamped < SCORE_MIN || unclamped > SCORE_MAX)
    return { score, unclamped, contributions, scaleLimit: residual / 100 };
  if (residual !== 0 && contributions.length) {
    let largest = 0;
    for (let i = 1; i < contributions.length; i += 1)
      if (Math.abs(contributions[i]!) > Math.abs(contributions[largest]!)) largest = i;
    contributions[largest] = (Math.round(contributions[largest]! * 100) + residual) / 100;
  }
  return { score, unclamped, contributions, scaleLimit: null };
}

/**
 * Sums factor contributions onto the base and makes the waterfall exact (composeContributions).
 * When the 1–10 bounds cut the sum off, the cut is shown as its own 'Scale limit' factor, not hidden.
 */
export function composeScore(
  baseScore: number,
  evaluated: (FactorEvaluation & { spec: FactorSpecification })[],
): { score: number; factors: Factor[] } {
  const { score, unclamped, contributions, scaleLimit } = composeContributions(
    baseScore,
    evaluated.map((f) => f.contribution),
  );
  const factors: Factor[] = evaluated.map((f, i) => ({
    key: f.spec.key,
    name: f.spec.name,
    value: f.value,
    unit: f.spec.unit,
    description: f.description,
    contribution: contributions[i]!,
    ...(f.prefilled ? { prefilled: true } : {}),
  }));
  if (scaleLimit !== null)
    factors.push({
      key: 'scale_limit',
      name: 'Scale limit',
      value: round2(unclamped),
      unit: 'points',
      description: `The factors add up to ${round1(unclamped)}; scores are bounded to ${SCORE_MIN}–${SCORE_MAX}.`,
      contribution: scaleLimit,
    });
  return { score, factors };
}

export function scoreWith(model: RiskModelDefinition, ctx: ScoringContext): ScoreResult {
  const common = {
    product: model.product,
    baseScore: model.baseScore,
    modelVersion: model.modelVersion,
    asOf: toIsoDate(ctx.asOf),
  };
  const reason = model.unavailableReason(ctx);
  if (reason) {
    return {
      ...common,
      score: null,
      riskLevel: 'none',
      confidence: confidenceOf(0),
      factors: [],
      unavailableReason: reason,
    };
  }
  const evaluated = model.factors.map((spec) => ({ ...spec.evaluate(ctx), spec }));
  const { score, factors } = composeScore(model.baseScore, evaluated);
  return {
    ...common,
    score,
    riskLevel: riskLevelFor(score),
    confidence: confidenceOf(model.confidence(ctx) - stalenessPenalty(ctx)),
    factors,
    unavailableReason: null,
    ...(model.extras?.(ctx, score) ?? {}),
  };
}

/**
 * scoreWith's numbers only (bulk scoring: the score index): the score, its confidence and each
 * factor's contribution (model order), or why there is no score; no factor details, no extras.
 */
export function scoreNumbers(
  model: RiskModelDefinition,
  ctx: ScoringContext,
): { score: null; reason: string } | { score: number; confidence: number; contributions: number[] } {
  const reason = model.unavailableReason(ctx);
  if (reason) return { score: null, reason };
  const { score, contributions } = composeContributions(
    model.baseScore,
    model.factors.map((spec) => spec.evaluate(ctx).contribution),
  );
  return { score, confidence: confidenceOf(model.confidence(ctx) - stalenessPenalty(ctx)).value, contributions };
}

export function specificationOf(model: RiskModelDefinition): ModelSpecification {
  return {
    product: model.product,
    modelVersion: model.modelVersion,
    description: model.description,
    scoreRange: { min: SCORE_MIN, max: SCORE_MAX, decimals: 1 },
    baseScore: model.baseScore,
    riskLevels: { ...RISK_LEVEL_THRESHOLDS },
    factors: model.factors.map((f) => ({
      key: f.key,
      name: f.name,
      unit: f.unit,
      range: f.range,
      contributionRange: f.contributionRange,
      description: f.description,
    })),
  };
}

/** A categorical factor's contribution table, with its published range derived from the table. */
export function categories<K extends string>(table: Record<K, number>) {
  const values = Object.values(table) as number[];
  return {
    table,
    range: { values: Object.keys(table) },
    contributionRange: { min: Math.min(...values), max: Math.max(...values) },
  };
}

export const pct = (x: number) => Math.round(x * 100);
