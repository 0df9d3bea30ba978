import { z } from 'zod';
import { bboxString, signedQuerySchema } from './imagery.js';
import { text } from './text.js';

/** Imported imagery captures as tiles and WMTS (server: apps/server/src/http/imagery-mosaics.ts). */

/** A capture id, or `latest`: for each tile, the newest capture with imagery there. */
const layerId = text().regex(/^[A-Za-z0-9_-]{1,80}$/, 'layer: a capture id or latest');
const tileInt = (name: string) =>
  text()
    .regex(/^\d{1,8}$/, `${name} must be a non-negative integer`)
    .transform(Number);

export const mosaicTileParamsSchema = z
  .object({ layer: layerId, z: tileInt('z'), x: tileInt('x'), y: tileInt('y') })
  .superRefine((tile, ctx) => {
    if (tile.z > 24) ctx.addIssue({ code: 'custom', path: ['z'], message: 'Zoom must be between 0 and 24' });
    const n = 2 ** Math.min(tile.z, 24);
    if (tile.x >= n || tile.y >= n)
      ctx.addIssue({ code: 'custom', path: ['x'], message: `x and y must be below ${n} at zoom ${tile.z}` });
  });

export const mosaicLayerParamsSchema = z.object({ layer: layerId });

export const mosaicListQuerySchema = z.object({
  bbox: bboxString.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});

/**
 * How a GIS tool reads tiles and WMTS: a URL signed for the captures (`exp`, `sig`, handed out by
 * the listing), or `api_key` (an organisation's API key, for a layer that never expires). A
 * bearer token also works (the web app).
 */
export const mosaicAccessQuerySchema = signedQuerySchema.extend({
  api_key: text().max(200).optional(),
});
export const mosaicTileQuerySchema = mosaicAccessQuerySchema;

const boundsSchema = z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() });

export const mosaicCaptureSchema = z.object({
  id: z.string(),
  capturedOn: z.string(),
  provider: z.string(),
  bounds: boundsSchema,
  minZoom: z.number().int(),
  maxZoom: z.number().int(),
  sourceCrs: z.string().nullable(),
  /** XYZ template ({z}/{x}/{y}), signed: paste into QGIS "XYZ Tiles" or a MapLibre raster source. */
  tiles: z.string(),
  /** WMTS capabilities document, signed: add in QGIS/ArcGIS as a WMTS connection. */
  wmts: z.string(),
});

export const mosaicListResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
  captures: z.array(mosaicCaptureSchema),
  /** The newest imagery everywhere: one layer over every capture. */
  latest: z.object({ tiles: z.string(), wmts: z.string() }),
  expiresAt: z.string(),
});
export type MosaicListResponse = z.infer<typeof mosaicListResponseSchema>;
export type MosaicAccessQuery = z.infer<typeof mosaicAccessQuerySchema>;
