import { z } from 'zod';
import { text } from './text.js';
import { MAP } from './constants.js';

/** Imagery and map endpoints (server: apps/server/src/http/imagery.ts). */

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'webp'] as const;
const idPattern = /^[A-Za-z0-9_-]{1,80}$/;

/** `exp` (unix seconds) and `sig` of a signed URL; optional because a bearer token also works. */
export const signedQuerySchema = z.object({
  exp: text().optional(),
  sig: text().optional(),
});
export type SignedQuery = z.infer<typeof signedQuerySchema>;

export const captureImageParamsSchema = z.object({
  captureId: text().regex(idPattern, 'captureId: letters, digits, _ and - only'),
  file: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$/, 'Expected {propertyId}.png, .jpg or .webp')
    .transform((file) => {
      const dot = file.lastIndexOf('.');
      return { propertyId: file.slice(0, dot), format: file.slice(dot + 1) as (typeof IMAGE_EXTENSIONS)[number] };
    }),
});

const tileInt = (name: string) =>
  text()
    .regex(/^\d{1,8}$/, `${name} must be a non-negative integer`)
    .transform(Number);

export const tileParamsSchema = z
  .object({
    z: tileInt('z'),
    x: tileInt('x'),
    file: z
      .string()
      .regex(/^\d{1,8}\.(png|jpg|webp)$/, 'Expected {y}.png, .jpg or .webp')
      .transform((file) => {
        const [y, format] = file.split('.') as [string, (typeof IMAGE_EXTENSIONS)[number]];
        return { y: Number(y), format };
      }),
  })
  .superRefine((tile, ctx) => {
    if (tile.z < MAP.minZoom || tile.z > MAP.maxZoom)
      ctx.addIssue({ code: 'custom', path: ['z'], message: `Zoom must be between ${MAP.minZoom} and ${MAP.maxZoom}` });
    const n = 2 ** tile.z;
    if (tile.x >= n || tile.file.y >= n)
      ctx.addIssue({ code: 'custom', path: ['x'], message: `x and y must be below ${n} at zoom ${tile.z}` });
  });

/** GET /api/map/tiles/{z}/{x}/{y}.pbf: the street base map's vector tiles (zoom 16, the map's least; overzoomed to 21). */
export const BASEMAP_TILE_ZOOM = { min: 16, max: 16 } as const;
export const basemapTileParamsSchema = z
  .object({
    z: tileInt('z'),
    x: tileInt('x'),
    file: z
      .string()
      .regex(/^\d{1,8}\.pbf$/, 'Expected {y}.pbf')
      .transform((file) => ({ y: Number(file.slice(0, -4)) })),
  })
  .superRefine((tile, ctx) => {
    if (tile.z < BASEMAP_TILE_ZOOM.min || tile.z > BASEMAP_TILE_ZOOM.max)
      ctx.addIssue({
        code: 'custom',
        path: ['z'],
        message: `Zoom must be between ${BASEMAP_TILE_ZOOM.min} and ${BASEMAP_TILE_ZOOM.max}`,
      });
    const n = 2 ** tile.z;
    if (tile.x >= n || tile.file.y >= n)
      ctx.addIssue({ code: 'custom', path: ['x'], message: `x and y must be below ${n} at zoom ${tile.z}` });
  });

export const tileQuerySchema = signedQuerySchema.extend({
  /** The day the base map shows (roof ages, season); default the most recent June 15. */
  date: z.iso.date().optional(),
});

/** `west,south,east,north` in degrees, as the map and the imagery lists take a box. */
export const bboxString = z.string().transform((text, ctx) => {
  const parts = text.split(',').map(Number);
  const [w, s, e, n] = parts as [number, number, number, number];
  if (
    parts.length !== 4 ||
    !parts.every(Number.isFinite) ||
    w >= e ||
    s >= n ||
    w < -180 ||
    e > 180 ||
    s < -90 ||
    n > 90
  ) {
    ctx.addIssue({ code: 'custom', message: 'bbox must be west,south,east,north in degrees' });
    return z.NEVER;
  }
  return [w, s, e, n] as [number, number, number, number];
});

/** Largest bbox side (degrees, about 5 km) the map features endpoint answers for. */
export const MAX_FEATURES_BBOX_DEG = 0.05;

export const mapFeaturesQuerySchema = signedQuerySchema.extend({
  bbox: bboxString.refine(([w, s, e, n]) => e - w <= MAX_FEATURES_BBOX_DEG && n - s <= MAX_FEATURES_BBOX_DEG, {
    message: `bbox sides must be at most ${MAX_FEATURES_BBOX_DEG} degrees`,
  }),
});

export const mapStyleParamsSchema = z.object({ file: text() });
export const mapStyleQuerySchema = signedQuerySchema.extend({
  bbox: bboxString.optional(),
});

export const mapSourcesResponseSchema = z.object({
  satelliteTiles: text(),
  styles: z.object({ street: text(), satellite: text() }),
  expiresAt: text(),
});
export type MapSourcesResponse = z.infer<typeof mapSourcesResponseSchema>;

/** GET /api/map/style/{name}.json: a MapLibre style document (spec version 8); its sources and layers are MapLibre's. */
export const mapStyleResponseSchema = z
  .object({
    version: z.literal(8),
    name: z.string(),
    sources: z.record(z.string(), z.unknown()),
    layers: z.array(z.unknown()),
  })
  .loose();

/** GET /api/map/features.geojson: building and parcel outlines as a GeoJSON FeatureCollection. */
export const mapFeaturesResponseSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z
        .object({
          type: z.literal('Feature'),
          geometry: z.unknown(),
          properties: z.record(z.string(), z.unknown()).nullable(),
        })
        .loose(),
    ),
  })
  .loose();
