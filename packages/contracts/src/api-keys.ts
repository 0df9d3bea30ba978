import { z } from 'zod';
import { assessmentQuerySchema, assessmentResponseSchema } from './property.js';
import { portfolioCreateSchema } from './portfolio.js';
import { FEATURE_KEYS } from './products.js';
import { text } from './text.js';

/**
 * The public API (issue 19): API keys managed under /api/user-management/api-keys, and the /v1
 * endpoints a key calls (`Authorization: Bearer <key>` or `x-api-key: <key>`). One contract for
 * the server's validation, the web page and the OpenAPI document (/api/openapi.json).
 */

/** Every key starts with this; the visible prefix is it plus the first characters of the secret. */
export const API_KEY_PREFIX = 'zv_live_';
/** Characters of the secret shown in the prefix. */
export const API_KEY_PREFIX_CHARS = 6;
/** A key: the prefix and 40 base62 characters. */
export const API_KEY_PATTERN = /^zv_live_[A-Za-z0-9]{40}$/;
export const API_KEY_DEFAULT_RATE = { ratePerSecond: 20, burst: 40 } as const;
/** Locations one POST /v1/properties/assessment:batch may hold. */
export const API_BATCH_MAX_LOCATIONS = 100;
export const API_KEY_STATUSES = ['active', 'revoked', 'expired'] as const;
/** The request id every /v1 answer carries (a valid one sent by the client is kept). */
export const REQUEST_ID_HEADER = 'x-request-id';

export const apiKeyCreateSchema = z
  .object({
    name: text().trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
    /** Product and feature keys the key may use (each enabled for the organisation); absent = every one. */
    products: z.array(z.enum(FEATURE_KEYS)).min(1).max(FEATURE_KEYS.length).optional(),
    /** When the key stops working (ISO date-time, in the future); absent = never. */
    expiresAt: z.iso.datetime({ offset: true }).optional(),
    ratePerSecond: z.number().min(0.1).max(1000).optional(),
    burst: z.number().int().min(1).max(10_000).optional(),
  })
  .strict();
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The visible start of the key, e.g. zv_live_a1B2c3. */
  prefix: z.string(),
  organizationId: z.number().int(),
  products: z.array(z.string()).nullable(),
  ratePerSecond: z.number(),
  burst: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of a creation: the only time the whole key is shown. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({ results: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
export const apiKeyIdParamsSchema = z.object({ id: z.uuid('Unknown API key.') });

/** GET /v1/properties/assessment: the property view's query. */
export const v1AssessmentQuerySchema = assessmentQuerySchema.omit({ as_of: true });

export const v1BatchLocationSchema = z
  .object({
    location: assessmentQuerySchema.shape.location,
    location_type: assessmentQuerySchema.shape.location_type,
  })
  .strict();
export const v1BatchRequestSchema = z
  .object({
    locations: z
      .array(v1BatchLocationSchema)
      .min(1, 'locations must hold at least one location')
      .max(API_BATCH_MAX_LOCATIONS, `locations must hold at most ${API_BATCH_MAX_LOCATIONS} locations`),
    products: assessmentQuerySchema.shape.products,
    images_2d: assessmentQuerySchema.shape.images_2d,
    images_3d: assessmentQuerySchema.shape.images_3d,
  })
  .strict();
export type V1BatchRequest = z.infer<typeof v1BatchRequestSchema>;

/** RFC 9457 problem details, with a stable `code` and the request id. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  instance: z.string().optional(),
  requestId: z.string(),
});
export type Problem = z.infer<typeof problemSchema>;

export const v1BatchResultSchema = z.object({
  index: z.number().int(),
  status: z.number().int(),
  assessment: assessmentResponseSchema.optional(),
  problem: problemSchema.omit({ requestId: true, instance: true }).optional(),
});
export const v1BatchResponseSchema = z.object({ results: z.array(v1BatchResultSchema) });
export type V1BatchResponse = z.infer<typeof v1BatchResponseSchema>;

export const v1UsageQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .strict();
export const v1UsageResponseSchema = z.object({
  organizationId: z.number().int(),
  from: z.string(),
  to: z.string(),
  usage: z.array(
    z.object({
      product: z.string(),
      channel: z.enum(['api', 'zview', 'portfolio']),
      /** Every use, billed or not. */
      quantity: z.number(),
      /**
       * Of `quantity`, portfolio reruns no agreement of the day bills (bill_reruns off, or no
       * agreement): billing leaves them out, so billing's figure is quantity − unbilledReruns.
       */
      unbilledReruns: z.number(),
    }),
  ),
});
export type V1UsageResponse = z.infer<typeof v1UsageResponseSchema>;

/** POST /v1/portfolios: the portfolio tool's create payload; the organisation is the key's. */
export const v1PortfolioCreateSchema = portfolioCreateSchema.omit({ assignedOrganizationId: true }).strict();
