import { z } from 'zod';
import { columnMappingInputSchema } from './portfolio.js';
import { text } from './text.js';

/**
 * Portfolio analysis (issue 43): saved column mappings, accumulation of insured value by area and
 * in rings, and the book dashboard. Request and response schemas of /caribou/portfolio/mappings and
 * /caribou/portfolio/{id}/accumulation….
 */
const id = z.coerce.number().int().positive();
const isoDate = z.string();

/** POST /caribou/portfolio/mappings: saves a mapping for files with these headers. */
export const savedMappingCreateSchema = z
  .object({
    name: text().trim().min(1, 'Give the mapping a name.').max(120, 'The name can be at most 120 characters.'),
    /** The header of the file the mapping was made for, in order. */
    header: z.array(text().max(500)).min(1).max(2000),
    columnMapping: columnMappingInputSchema,
  })
  .strict();
export type SavedMappingCreate = z.infer<typeof savedMappingCreateSchema>;

export const savedMappingSchema = z.object({
  id: z.number(),
  name: z.string(),
  header: z.array(z.string()),
  columnMapping: columnMappingInputSchema,
  createdAt: isoDate,
});
export type SavedMapping = z.infer<typeof savedMappingSchema>;
export const savedMappingListSchema = z.object({ mappings: z.array(savedMappingSchema) });
export type SavedMappingList = z.infer<typeof savedMappingListSchema>;

/** The areas value is accumulated by. H3 resolutions 5 (~250 km²), 7 (~5 km²) and 9 (~0.1 km²). */
export const ACCUMULATION_GROUPINGS = ['state', 'county', 'zip', 'h3_5', 'h3_7', 'h3_9'] as const;
export type AccumulationGrouping = (typeof ACCUMULATION_GROUPINGS)[number];

export const accumulationQuerySchema = z.object({
  product: text().min(1, 'Name the product.'),
  by: z.enum(ACCUMULATION_GROUPINGS).default('state'),
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(5000).default(50),
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
});

const levelFigures = z.object({ count: z.number(), value: z.number() });
export const accumulationAreaSchema = z.object({
  key: z.string(),
  count: z.number(),
  value: z.number(),
  /** Count and value per risk level of the product's current run. */
  levels: z.object({ low: levelFigures, medium: levelFigures, high: levelFigures, none: levelFigures }),
});
export type AccumulationArea = z.infer<typeof accumulationAreaSchema>;

export const accumulationPageSchema = z.object({
  product: z.string(),
  by: z.enum(ACCUMULATION_GROUPINGS),
  areas: z.array(accumulationAreaSchema),
  totalValue: z.number(),
  totalCount: z.number(),
  total: z.number(),
  page: z.number(),
  itemsPerPage: z.number(),
});
export type AccumulationPage = z.infer<typeof accumulationPageSchema>;

export const RING_RADII = [250, 1000] as const;
export const ringsQuerySchema = z.object({
  product: text().min(1, 'Name the product.'),
  radius: z.coerce
    .number()
    .int()
    .refine((r) => (RING_RADII as readonly number[]).includes(r), 'The radius must be 250 or 1000 metres.')
    .default(1000),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
});

export const ringSchema = z.object({
  rank: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  radius: z.number(),
  count: z.number(),
  value: z.number(),
  high: z.number(),
});
export type Ring = z.infer<typeof ringSchema>;
export const ringsSchema = z.object({ product: z.string(), radius: z.number(), rings: z.array(ringSchema) });
export type Rings = z.infer<typeof ringsSchema>;

/** GET …/accumulation/ring-rows: the rows within a ring. */
export const ringRowsQuerySchema = z.object({
  product: text().min(1),
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  radius: z.coerce.number().int().min(1).max(5000),
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(500).default(100),
});
export const ringRowsSchema = z.object({
  rows: z.array(
    z.object({
      rowNumber: z.number(),
      ref: z.string().nullable(),
      address: z.string().nullable(),
      latitude: z.number(),
      longitude: z.number(),
      value: z.number().nullable(),
      score: z.number().nullable(),
      riskLevel: z.string().nullable(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  itemsPerPage: z.number(),
});
export type RingRows = z.infer<typeof ringRowsSchema>;

/** GET …/dashboard: the book at a glance. */
export const dashboardQuerySchema = z.object({ product: text().min(1).optional() });
export const dashboardSchema = z.object({
  portfolioId: z.number(),
  totalCount: z.number(),
  totalValue: z.number(),
  /** Whether a value column was mapped (else value figures are 0 and counts carry the story). */
  hasValue: z.boolean(),
  products: z.array(
    z.object({
      product: z.string(),
      runId: z.number().nullable(),
      /** Rows per score band of 10 (0–9, 10–19 … 90–100). */
      scoreBands: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
      levels: z.object({ low: levelFigures, medium: levelFigures, high: levelFigures, none: levelFigures }),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET …/dashboard/hexagons: the map's hexagon layer, apart from the dashboard so the charts need not wait for it. */
export const hexagonsQuerySchema = z.object({ product: text().min(1) });
export const hexagonsSchema = z.object({
  product: z.string(),
  /** Whether a value column was mapped (the map then shades by value, else by rows). */
  hasValue: z.boolean(),
  /**
   * H3 cells of resolutions 5, 7 and 9 (the cells of most value of each) with their rows and value;
   * the map draws the resolution that suits its zoom, each cell's outline from its index (h3-js).
   */
  hexagons: z.array(z.object({ cell: z.string(), resolution: z.number(), count: z.number(), value: z.number() })),
});
export type Hexagons = z.infer<typeof hexagonsSchema>;

export const mappingIdParams = z.object({ id });

/**
 * GET …/dashboard/over-time: a monitored product's located rows and insured value by risk level at
 * each finished run and now (the current rows, with the score changes since the last run).
 */
export const bookOverTimeQuerySchema = z.object({ product: text().min(1) });
export const bookOverTimeSchema = z.object({
  product: z.string(),
  /** False when the book does not monitor the product: no points then. */
  monitored: z.boolean(),
  hasValue: z.boolean(),
  points: z.array(
    z.object({
      /** The run, or null for now. */
      runId: z.number().nullable(),
      /** When the run finished, or the time of the answer for now. */
      at: z.string(),
      levels: z.object({ low: levelFigures, medium: levelFigures, high: levelFigures, none: levelFigures }),
    }),
  ),
});
export type BookOverTime = z.infer<typeof bookOverTimeSchema>;
