import { z } from 'zod';
import { PORTFOLIO_PRODUCTS } from './products.js';

/** Monitored portfolios, score changes and their causes (issue 41). */

export const CHANGE_CAUSES = ['capture', 'model', 'permit', 'correction', 'appeal'] as const;
export type ChangeCauseKey = (typeof CHANGE_CAUSES)[number];
export const CHANGE_CAUSE_LABELS: Record<ChangeCauseKey, string> = {
  capture: 'New imagery',
  model: 'Model release',
  permit: 'Building permit',
  correction: 'Data correction',
  appeal: 'Appeal published',
};

const riskLevel = z.enum(['low', 'medium', 'high', 'none']);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');

export const monitoringStateSchema = z.object({
  product: z.string(),
  monitored: z.boolean(),
  pinned: z.boolean(),
  since: z.string().nullable(),
  rows: z.number().int(),
  note: z.string().nullable(),
  /**
   * While the worker places the run's rows SQL could not place (a book switched on just after a
   * world change): the run's rows checked so far of its last row number. Null once every row the
   * run scored is monitored; `rows` grows meanwhile.
   */
  placing: z.object({ rowsChecked: z.number().int(), rowsTotal: z.number().int() }).nullable(),
});
export type MonitoringStateDto = z.infer<typeof monitoringStateSchema>;
export const monitoringListSchema = z.object({ products: z.array(monitoringStateSchema) });

export const monitoringUpdateSchema = z.object({
  monitored: z.boolean(),
  pinned: z.boolean().optional(),
});

export const movedFactorSchema = z.object({ name: z.string(), from: z.number().nullable(), to: z.number().nullable() });

/** A building feature the change's cause moved on the property (from and to null: a capture saw it change). */
export const featureChangeSchema = z.object({
  name: z.string(),
  from: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  to: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});

export const scoreChangeSchema = z.object({
  id: z.string(),
  changedAt: z.string(),
  effectiveOn: z.string(),
  portfolioId: z.number().int(),
  product: z.string(),
  rowNumber: z.number().int(),
  ref: z.string().nullable(),
  address: z.string().nullable(),
  propertyId: z.string(),
  oldScore: z.number().nullable(),
  newScore: z.number().nullable(),
  oldLevel: riskLevel,
  newLevel: riskLevel,
  delta: z.number().nullable(),
  factors: z.array(movedFactorSchema),
  /** What the cause moved: a permit's or correction's features with their values, a capture's by name. */
  features: z.array(featureChangeSchema),
  cause: z.enum(CHANGE_CAUSES),
  causeId: z.string(),
  modelVersion: z.string(),
});
export type ScoreChangeDto = z.infer<typeof scoreChangeSchema>;

/** Filters of the changes view and of the /v1 feed. */
export const changesQuerySchema = z.object({
  cause: z.enum(CHANGE_CAUSES).optional(),
  product: z.enum(PORTFOLIO_PRODUCTS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** A level the row moved from or to. */
  level: riskLevel.optional(),
  rowNumber: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(500).default(25),
});
export type ChangesQuery = z.infer<typeof changesQuerySchema>;

export const changeTransitionSchema = z.object({
  product: z.string(),
  from: riskLevel,
  to: riskLevel,
  count: z.number().int(),
});

export const changesPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  transitions: z.array(changeTransitionSchema),
  byCause: z.array(z.object({ cause: z.enum(CHANGE_CAUSES), count: z.number().int() })),
  topMovers: z.array(scoreChangeSchema),
  changes: z.array(scoreChangeSchema),
});
export type ChangesPage = z.infer<typeof changesPageSchema>;

/** /v1: changes after a cursor (the last change id seen), oldest first. */
export const changesFeedQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,18}$/, 'The cursor is the id of the last change seen.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  product: z.enum(PORTFOLIO_PRODUCTS).optional(),
});
export const changesFeedSchema = z.object({
  changes: z.array(scoreChangeSchema),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});

/** The diff of two runs of a product (or a run and the monitored book now). */
export const runDiffSummaryQuerySchema = z.object({
  from: z.coerce.number().int().positive().describe('The earlier run’s id.'),
  to: z
    .union([z.literal('now'), z.coerce.number().int().positive()])
    .describe('A later run’s id, or "now" for the monitored book as it stands.'),
});
export const runDiffQuerySchema = runDiffSummaryQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']).optional().describe('csv (the default) or xlsx.'),
});
export const runDiffSummarySchema = z.object({
  from: z.number().int(),
  to: z.union([z.number().int(), z.literal('now')]),
  rows: z.number().int(),
  changed: z.number().int(),
  transitions: z.array(z.object({ from: riskLevel, to: riskLevel, count: z.number().int() })),
  meanDelta: z.number().nullable(),
});

const imageItem = z.object({
  imageUrl: z.string(),
  imageBounds: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
  imageDateLabel: z.string(),
  imageProvider: z.string(),
  captureId: z.string(),
  date: z.string(),
});
/** A change with the property's orthophotos before and after it (a capture-caused change). */
export const changeDetailSchema = z.object({
  change: scoreChangeSchema,
  before: imageItem.nullable(),
  after: imageItem.nullable(),
});
export const changeParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  changeId: z.string().regex(/^\d{1,18}$/, 'Not a change id.'),
});
