import { z } from 'zod';
import { text } from './text.js';
import { LAT_LNG_TEXT_MESSAGE, parseLatLngText } from './coordinates.js';
import { scoreResultSchema } from './assessment.js';
import { LOCATION_TYPES, RISK_LEVELS } from './enums.js';

/**
 * The property-view API: GET /api/caribou/v3/property/assessment/zview and its companions
 * (image_catalog, building_permits, ibhs/evaluations, autocomplete). One contract for server
 * validation and web types.
 */

const MAX_LOCATION_LENGTH = 300;

/** 'lat,lng' typed by a user (SPEC §5 mock cases and the coordinate search). */
export const latLngTextSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const point = parseLatLngText(text);
    if (point) return point;
    ctx.addIssue({ code: 'custom', message: LAT_LNG_TEXT_MESSAGE });
    return z.NEVER;
  });

export const assessmentQuerySchema = z.object({
  location_type: z.enum(['address', 'coordinates']).default('address'),
  location: text()
    .trim()
    .min(1, 'location is required')
    .max(MAX_LOCATION_LENGTH, `location must be at most ${MAX_LOCATION_LENGTH} characters`),
  /** Comma-joined product keys; default every enabled standard product. 'oblique-imagery' asks for obliques only. */
  products: text().max(300).optional(),
  images_2d: z.enum(['true', 'false']).optional(),
  images_3d: z.enum(['true', 'false']).optional(),
  provider: text().max(60).optional(),
  /** Historical look-back: score as of the capture on or before this date (YYYY-MM-DD). */
  as_of: z.iso.date().optional(),
});
export type AssessmentQuery = z.input<typeof assessmentQuerySchema>;

export const GEOCODE_PRECISIONS = ['rooftop', 'parcel', 'street', 'zip', 'city', 'point'] as const;
export const geocodePrecisionSchema = z.enum(GEOCODE_PRECISIONS);
export type GeocodePrecision = z.infer<typeof geocodePrecisionSchema>;

export const pointSchema = z.object({ lat: z.number(), lng: z.number() });
export const imageBoundsSchema = z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() });

/** SPEC §3 Image item (+ what the UI needs to label it). */
export const imageItemSchema = z.object({
  imageUrl: z.string(),
  imageBounds: imageBoundsSchema,
  imageDateLabel: z.string(),
  imageProvider: z.string(),
  captureId: z.string().optional(),
  /** YYYY-MM-DD */
  date: z.string().optional(),
  /** Obliques: the side the camera looks from. */
  direction: z.enum(['north', 'east', 'south', 'west']).optional(),
});
export type ImageItem = z.infer<typeof imageItemSchema>;

const polygonSchema = z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) });
const geoPointSchema = z.object({ type: z.literal('Point'), coordinates: z.array(z.number()) });

/** SPEC §3 Building. */
export const buildingSchema = z.object({
  label: z.string(),
  rank: z.number().int(),
  outline: polygonSchema,
  centroid: geoPointSchema,
});
export type Building = z.infer<typeof buildingSchema>;

export const addressSchema = z.object({
  line1: z.string(),
  unit: z.string().nullable().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  /** '123 Main St, City, ST 12345' */
  formatted: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const resolvedLocationSchema = z.object({
  locationType: z.enum(LOCATION_TYPES),
  input: z.string(),
  /** null when coordinates stand alone (no parcel nearby). */
  propertyId: z.string().nullable(),
  address: addressSchema.nullable(),
  point: pointSchema,
  precision: geocodePrecisionSchema,
  /** 0–1 */
  confidence: z.number().min(0).max(1),
  h3Index: z.string(),
  parcel: polygonSchema.nullable(),
  buildings: z.array(buildingSchema),
});
export type ResolvedLocation = z.infer<typeof resolvedLocationSchema>;

export const weatherEventSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  description: z.string(),
});

export const imageryBundleSchema = z.object({
  /** Orthophotos, newest first. */
  ortho: z.array(imageItemSchema),
  /** Obliques of the newest oblique capture, one per direction. */
  oblique: z.array(imageItemSchema),
  /** Before/after around the most recent weather event, when there are captures on both sides. */
  comparison: z
    .object({ event: weatherEventSummarySchema, before: imageItemSchema, after: imageItemSchema })
    .nullable(),
});
export type ImageryBundle = z.infer<typeof imageryBundleSchema>;

/** Location-level hazards (a point with no building): what the place is exposed to, whatever stands there. */
export const LOCATION_HAZARDS = ['wind', 'flood', 'wildfire', 'hail'] as const;
export const LOCATION_HAZARD_LABELS: Record<(typeof LOCATION_HAZARDS)[number], string> = {
  wind: 'Wind',
  flood: 'Flood',
  wildfire: 'Wildfire',
  hail: 'Hail',
};
export const locationHazardSchema = z.object({
  hazard: z.enum(LOCATION_HAZARDS),
  /** 0–1 exposure of the location (its H3 cell). */
  exposure: z.number().min(0).max(1),
  riskLevel: z.enum(RISK_LEVELS),
  /** A plain-language figure, e.g. '100-year gust 142 mph'. */
  description: z.string(),
});
export type LocationHazard = z.infer<typeof locationHazardSchema>;
export const locationHazardsSchema = z.object({
  hazards: z.array(locationHazardSchema),
  /** Why the structure-level products are not scored here. */
  note: z.string(),
});
export type LocationHazards = z.infer<typeof locationHazardsSchema>;

export const assessmentResponseSchema = z.object({
  location: resolvedLocationSchema,
  /** The imagery date the scores rest on (YYYY-MM-DD). */
  asOf: z.string(),
  /** Capture dates available for historical look-back (YYYY-MM-DD, newest first). */
  availableDates: z.array(z.string()),
  /** Scores keyed by product key, for the requested and enabled products. */
  products: z.record(z.string(), scoreResultSchema),
  imagery: imageryBundleSchema,
  /** True while the data comes from the generated sample world. */
  sampleData: z.boolean(),
  /** A location with no building: the hazards of the place (the products need a structure). */
  locationHazards: locationHazardsSchema.optional(),
  /** Set when a mock case matched the lookup: the answer is that mock response (not scored, not billed). */
  mock: z.object({ mockResponseId: z.number(), name: z.string() }).optional(),
});
export type AssessmentResponse = z.infer<typeof assessmentResponseSchema>;

export const locationQuerySchema = z.object({
  location: text({ error: 'location is required' }).trim().min(1, 'location is required').max(MAX_LOCATION_LENGTH),
  location_type: z.enum(['address', 'coordinates']).optional(),
});
export type LocationQuery = z.output<typeof locationQuerySchema>;

export const imageCatalogResponseSchema = z.object({
  results: z.array(imageItemSchema.extend({ kind: z.enum(['ortho', 'oblique']) })),
});

export const buildingPermitSchema = z.object({
  id: z.string(),
  permitNumber: z.string(),
  type: z.string(),
  description: z.string(),
  /** YYYY-MM-DD */
  issuedOn: z.string(),
  status: z.string(),
  valueUsd: z.number().nullable(),
});
export const buildingPermitsResponseSchema = z.object({ results: z.array(buildingPermitSchema) });

export const ibhsEvaluationSchema = z.object({
  building: z.string(),
  designation: z.enum(['roof', 'silver', 'gold']),
  /** YYYY-MM-DD */
  evaluatedOn: z.string().nullable(),
  description: z.string(),
});
export const ibhsEvaluationsResponseSchema = z.object({ results: z.array(ibhsEvaluationSchema) });

/** A recent lookup for /dashboard. */
export const recentLookupSchema = z.object({
  id: z.string(),
  at: z.string(),
  address: z.string(),
  propertyId: z.string().nullable(),
  /** The latest lookup's user. */
  userEmail: z.string(),
  /** How many times the organisation looked this property up (the row is its latest lookup). */
  count: z.number().int().min(1).default(1),
  scores: z.array(z.object({ product: z.string(), score: z.number().nullable(), riskLevel: z.enum(RISK_LEVELS) })),
});
/** GET /api/caribou/property/recent: a page of the organisation's lookups. */
export const recentLookupsQuerySchema = z.object({
  tab: z.enum(['recent', 'high-risk']).default('recent'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export const recentLookupsResponseSchema = z.object({ results: z.array(recentLookupSchema), total: z.number() });

/** GET /api/faq (the identity area serves it; `FaqResponse` in identity.ts is the same shape). */
export const faqResponseSchema = z.object({
  faqs: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string(), category: z.string() })),
});
