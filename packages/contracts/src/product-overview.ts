import { z } from 'zod';
import { RISK_LEVELS } from './enums.js';
import { STANDARD_PRODUCTS } from './products.js';

/**
 * GET /api/caribou/products/{product}/overview: what a product page (/zfire, /zhail…) shows with
 * no property selected, beside the model's factors (/caribou/specifications): the dates of the
 * data it reads, where it covers, and the organisation's recent lookups scored by it.
 */
export const productOverviewParamsSchema = z.object({
  product: z.enum(STANDARD_PRODUCTS, { error: 'Unknown product' }),
});

export const productOverviewSchema = z.object({
  product: z.string(),
  dataDates: z.object({
    /** YYYY-MM-DD of the oldest and newest imagery capture the product reads (null without imagery). */
    imageryFrom: z.string().nullable(),
    imageryTo: z.string().nullable(),
    captures: z.number().int(),
    /** YYYY-MM-DD of the latest weather event on record. */
    latestEventOn: z.string().nullable(),
  }),
  coverage: z.object({
    properties: z.number().int(),
    states: z.array(z.object({ state: z.string(), properties: z.number().int(), cities: z.number().int() })),
  }),
  recentLookups: z.array(
    z.object({
      at: z.string(),
      address: z.string(),
      propertyId: z.string().nullable(),
      location: z.string(),
      locationType: z.string(),
      score: z.number().nullable(),
      riskLevel: z.enum(RISK_LEVELS),
    }),
  ),
});
export type ProductOverview = z.infer<typeof productOverviewSchema>;
