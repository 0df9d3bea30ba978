import { z } from 'zod';
import { RISK_LEVELS } from './enums.js';
import { PRODUCT_KEYS } from './products.js';

/**
 * The response shape of one product score (server risk models → web score cards, waterfall
 * charts, portfolio exports).
 *
 * Scores are on a 1–10 scale with ONE decimal (e.g. 6.4): integers hide the effect of a single
 * mitigation, two decimals suggest a precision the models do not have. Each factor's
 * `contribution` is signed and in the same unit (score points, two decimals); the contributions
 * sum exactly to `score - baseScore`, so a waterfall from the base to the score is honest.
 */
export const SCORE_MIN = 1;
export const SCORE_MAX = 10;
/** The book dashboard's score distribution: one band per point of the score scale (1–2 … 9–10). */
export const SCORE_BANDS = SCORE_MAX - SCORE_MIN;

/** Score bands: low below 4.0, medium from 4.0 to below 7.0, high from 7.0. */
export const RISK_LEVEL_THRESHOLDS = { medium: 4, high: 7 } as const;

export const riskLevelSchema = z.enum(RISK_LEVELS);

export const CONFIDENCE_LABELS = ['low', 'medium', 'high'] as const;
export const confidenceLabelSchema = z.enum(CONFIDENCE_LABELS);
export type ConfidenceLabel = z.infer<typeof confidenceLabelSchema>;
/** Label bands of the 0–1 confidence: high from 0.75, medium from 0.5, low below. */
export const CONFIDENCE_THRESHOLDS = { medium: 0.5, high: 0.75 } as const;

export const confidenceSchema = z.object({
  value: z.number().min(0).max(1),
  label: confidenceLabelSchema,
});
export type Confidence = z.infer<typeof confidenceSchema>;

export const factorValueSchema = z.union([z.number(), z.string(), z.boolean(), z.null()]);

export const factorSchema = z.object({
  /** Stable machine key, e.g. 'vegetation_cover'. */
  key: z.string(),
  /** Display name, e.g. 'Vegetation cover'. */
  name: z.string(),
  /** The observed value the model used (null when unknown). */
  value: factorValueSchema,
  /** Unit of `value` ('%', 'ft', 'deg', 'mph', 'years'…); null for categories and flags. */
  unit: z.string().nullable(),
  /** Plain-language explanation of what was seen and why it moves the score. */
  description: z.string(),
  /** Signed score points this factor adds to the base score. */
  contribution: z.number(),
  /** True when the value was prefilled from regional defaults instead of observed. */
  prefilled: z.boolean().optional(),
});
export type Factor = z.infer<typeof factorSchema>;

export const roofEvidenceSchema = z.object({
  source: z.enum(['permit', 'imagery', 'record', 'year_built']),
  year: z.number().int(),
  description: z.string(),
  /** Permit number or imagery capture id, when known. */
  reference: z.string().nullable(),
});
export type RoofEvidence = z.infer<typeof roofEvidenceSchema>;

export const roofAgeSchema = z.object({
  installYear: z.number().int(),
  ageYears: z.number().int().min(0),
  evidence: z.array(roofEvidenceSchema),
});
export type RoofAge = z.infer<typeof roofAgeSchema>;

export const detectedAttributeSchema = z.object({
  key: z.string(),
  name: z.string(),
  value: factorValueSchema,
  unit: z.string().nullable(),
  /** Building label the attribute belongs to; null for parcel-level attributes. */
  building: z.string().nullable(),
});
export type DetectedAttribute = z.infer<typeof detectedAttributeSchema>;

export const propertyConditionSchema = z.object({
  /** 1 (very poor) – 10 (excellent), one decimal. */
  score: z.number().min(SCORE_MIN).max(SCORE_MAX),
  label: z.enum(['good', 'fair', 'poor']),
});

/** Set on a lookup's score when the organisation's view of the property was amended by a published appeal. */
export const scoreAmendmentSchema = z.object({
  appealId: z.number().int(),
  version: z.number().int(),
  publishedAt: z.string(),
});
export type ScoreAmendment = z.infer<typeof scoreAmendmentSchema>;

export const scoreResultSchema = z.object({
  product: z.enum(PRODUCT_KEYS),
  /** 1–10 with one decimal; null when riskLevel is 'none'. */
  score: z.number().min(SCORE_MIN).max(SCORE_MAX).nullable(),
  riskLevel: riskLevelSchema,
  /** Where the waterfall starts: the score of a property with neutral features. */
  baseScore: z.number(),
  confidence: confidenceSchema,
  factors: z.array(factorSchema),
  /** e.g. 'zfire-2.3.0'. */
  modelVersion: z.string(),
  /** Date the score was computed for (YYYY-MM-DD). */
  asOf: z.string(),
  /** Why the product does not apply or could not be scored (riskLevel 'none'). */
  unavailableReason: z.string().nullable(),
  /** roof_age only. */
  roofAge: roofAgeSchema.optional(),
  /** zproperty only. */
  attributes: z.array(detectedAttributeSchema).optional(),
  /** zproperty only. */
  condition: propertyConditionSchema.optional(),
  /** Amended by appeal (appeals, migration 0600): which published version this is and when. */
  amendedByAppeal: scoreAmendmentSchema.optional(),
});
export type ScoreResult = z.infer<typeof scoreResultSchema>;

export const factorSpecificationSchema = z.object({
  key: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  /** Numeric domain of the input, or the categories it takes. */
  range: z.union([z.object({ min: z.number(), max: z.number() }), z.object({ values: z.array(z.string()) })]),
  /** Smallest and largest contribution the factor can make, in score points. */
  contributionRange: z.object({ min: z.number(), max: z.number() }),
  description: z.string(),
});
export type FactorSpecification = z.infer<typeof factorSpecificationSchema>;

export const modelSpecificationSchema = z.object({
  product: z.enum(PRODUCT_KEYS),
  modelVersion: z.string(),
  description: z.string(),
  scoreRange: z.object({ min: z.number(), max: z.number(), decimals: z.number().int() }),
  baseScore: z.number(),
  riskLevels: z.object({ medium: z.number(), high: z.number() }),
  factors: z.array(factorSpecificationSchema),
});
export type ModelSpecification = z.infer<typeof modelSpecificationSchema>;
export const modelSpecificationsResponseSchema = z.object({ specifications: z.array(modelSpecificationSchema) });
