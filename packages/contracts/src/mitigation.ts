import { z } from 'zod';
import { riskLevelSchema } from './assessment.js';
import { PRODUCT_KEYS } from './products.js';
import { commaList } from './text.js';

/**
 * Mitigations (issue 42): what a policyholder can do to a property that the risk models credit,
 * the what-if of each on a product's score, and California's "Safer from Wildfires" list
 * (10 CCR 2644.9) as structured inputs recorded through the appeal path.
 */

/**
 * Every mitigation a model credits or a feature change the what-if tries. The ones marked
 * `ca2644_9` are California's list (10 CCR 2644.9 (c)–(d)): Class A roof, 5-foot ember-resistant
 * zone, enclosed eaves, ember-resistant vents, multi-pane windows, 6-inch noncombustible base of
 * walls, outbuildings 30 ft away, defensible space and the two community designations.
 */
export const MITIGATIONS = {
  class_a_roof: { name: 'Class A fire-rated roof', ca2644_9: true },
  ember_resistant_zone: { name: '5-foot ember-resistant zone', ca2644_9: true },
  enclosed_eaves: { name: 'Enclosed eaves', ca2644_9: true },
  ember_resistant_vents: { name: 'Ember-resistant vents (1/8 inch mesh)', ca2644_9: true },
  multi_pane_windows: { name: 'Multi-pane windows', ca2644_9: true },
  noncombustible_base: { name: '6-inch noncombustible base of walls', ca2644_9: true },
  outbuildings_30ft: { name: 'Outbuildings at least 30 ft from the house', ca2644_9: true },
  defensible_space: { name: 'Defensible space (100 ft)', ca2644_9: true },
  firewise_community: { name: 'Firewise USA community', ca2644_9: true },
  fire_risk_reduction_community: { name: 'Fire Risk Reduction Community', ca2644_9: true },
  opening_protection: { name: 'Storm shutters or impact-rated openings', ca2644_9: false },
  roof_to_wall_connections: { name: 'Roof-to-wall connections (hurricane straps or clips)', ca2644_9: false },
  sealed_roof_deck: { name: 'Sealed roof deck', ca2644_9: false },
  impact_rated_roof: { name: 'Impact-rated (Class 4) roof covering', ca2644_9: false },
  fortified_roof: { name: 'FORTIFIED Roof designation', ca2644_9: false },
  clear_yard: { name: 'Yard cleared of debris and loose objects', ca2644_9: false },
} as const satisfies Record<string, { name: string; ca2644_9: boolean }>;
export type MitigationKey = keyof typeof MITIGATIONS;
export const MITIGATION_KEYS = Object.keys(MITIGATIONS) as MitigationKey[];
/** California's list, in the regulation's order. */
export const CA_2644_9_MITIGATIONS = MITIGATION_KEYS.filter((k) => MITIGATIONS[k].ca2644_9);

export const mitigationKeySchema = z.enum(MITIGATION_KEYS as [MitigationKey, ...MitigationKey[]]);

/** One factor whose contribution a mitigation changes. */
export const factorChangeSchema = z.object({
  key: z.string(),
  name: z.string(),
  before: z.number(),
  after: z.number(),
});

/** A score the model gives with some mitigations in place. */
export const whatIfScoreSchema = z.object({
  score: z.number(),
  riskLevel: riskLevelSchema,
  /** after − before in score points (negative lowers the score), from the model's own run. */
  credit: z.number(),
});

export const mitigationOptionSchema = whatIfScoreSchema.extend({
  key: mitigationKeySchema,
  name: z.string(),
  /** What would change, in plain words (e.g. 'Vegetation within 5 ft: 62% → 0%'). */
  change: z.string(),
  /** Part of California's 10 CCR 2644.9 list. */
  ca2644_9: z.boolean(),
  factors: z.array(factorChangeSchema),
});
export type MitigationOption = z.infer<typeof mitigationOptionSchema>;

export const productWhatIfSchema = z.object({
  product: z.enum(PRODUCT_KEYS),
  modelVersion: z.string(),
  /** Today's score for the organisation (with published appeals applied); null when not scorable. */
  score: z.number().nullable(),
  riskLevel: riskLevelSchema,
  /** Each mitigation that changes the score, alone; biggest credit first. */
  options: z.array(mitigationOptionSchema),
  /** All the options together (null when there are none). */
  combined: whatIfScoreSchema.extend({ keys: z.array(mitigationKeySchema) }).nullable(),
});
export type ProductWhatIf = z.infer<typeof productWhatIfSchema>;

export const whatIfResponseSchema = z.object({
  propertyId: z.string(),
  asOf: z.string(),
  products: z.array(productWhatIfSchema),
});
export type WhatIfResponse = z.infer<typeof whatIfResponseSchema>;

export const whatIfParamsSchema = z.object({
  propertyId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'propertyId is not a property id.'),
});
export const whatIfQuerySchema = z.object({
  /** Comma-separated product keys; default every enabled product. */
  products: commaList.pipe(z.array(z.enum(PRODUCT_KEYS))),
});
