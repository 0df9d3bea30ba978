import {
  mosaicLayerParamsSchema,
  mosaicListQuerySchema,
  mosaicListResponseSchema,
  mosaicTileParamsSchema,
  mosaicTileQuerySchema,
  signedQuerySchema,
} from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../auth/policy.js';
import { LATEST_LAYER, type MosaicCapture } from '../domain/imagery/mosaic/service.js';
import { wmtsCapabilities, type WmtsLayer } from '../domain/imagery/mosaic/wmts.js';
import { SIGNED_SCOPES } from '../domain/imagery/signing.js';
import { forbidden, notFound, unauthorized } from './errors.js';

const TILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
/** A capture's pyramid never changes once imported (a re-import is a new capture id). */
const CAPTURE_TILE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Imported imagery for maps and GIS (issue 47): XYZ tiles and a WMTS capabilities document per
 * capture and for the "latest" layer. Tiles and documents accept a bearer token (with the
 * organisation's imagery entitlement) or a URL signed for the `imagery:captures` scope, which the
 * signed-in listing hands out; QGIS/ArcGIS are given those URLs.
 */
export async function registerImageryMosaicRoutes(app: FastifyInstance) {
  const { mosaics } = app.imagery;
  const origin = () => app.ctx.config.publicUrl;

  function authorize(request: FastifyRequest) {
    if (request.actor) {
      if (!can(request.actor, 'imagery:ortho')) throw forbidden('Imagery is not enabled for your organization.');
      return;
    }
    const { exp, sig } = signedQuerySchema.parse(request.query);
    const check = app.imagery.signer.verify(SIGNED_SCOPES.captures, exp, sig);
    if (check === 'missing') throw unauthorized();
    if (check === 'expired') throw forbidden('The signed URL has expired.');
    if (check === 'invalid') throw forbidden('The signed URL is not valid.');
  }

  /** The access query of URLs handed out: the request's own signature, or a fresh one for a bearer. */
  function accessQuery(request: FastifyRequest): string {
    const { exp, sig } = signedQuerySchema.parse(request.query);
    if (!request.actor && exp && sig) return `exp=${exp}&sig=${encodeURIComponent(sig)}`;
    const signed = app.imagery.signer.sign(SIGNED_SCOPES.captures);
    return `exp=${signed.exp}&sig=${signed.sig}`;
  }

  const urlsOf = (layer: string, query: string) => ({
    tiles: `${origin()}/api/imagery/captures/${layer}/tiles/{z}/{x}/{y}?${query}`,
    wmts: `${origin()}/api/imagery/captures/${layer}/wmts?${query}`,
  });

  const signed = { policy: 'imagery:read', signedUrl: true } as const;

  app.get(
    '/imagery/captures',
    {
      schema: { response: { 200: mosaicListResponseSchema } },
      config: {
        policy: 'imagery:read',
        openapi: { summary: 'Imported imagery captures with their XYZ and WMTS URLs', query: mosaicListQuerySchema },
      },
    },
    async (request) => {
      if (!request.actor) throw unauthorized();
      if (!can(request.actor, 'imagery:ortho')) throw forbidden('Imagery is not enabled for your organization.');
      const query = mosaicListQuerySchema.parse(request.query);
      const { total, captures } = await mosaics.list({
        bbox: query.bbox,
        limit: query.itemsPerPage,
        offset: (query.page - 1) * query.itemsPerPage,
      });
      const signedNow = app.imagery.signer.sign(SIGNED_SCOPES.captures);
      const access = `exp=${signedNow.exp}&sig=${signedNow.sig}`;
      return {
        total,
        page: query.page,
        itemsPerPage: query.itemsPerPage,
        captures: captures.map((c) => ({
          id: c.id,
          capturedOn: c.capturedOn,
          provider: c.provider,
          bounds: { west: c.bounds[0], south: c.bounds[1], east: c.bounds[2], north: c.bounds[3] },
          minZoom: c.minZoom,
          maxZoom: c.maxZoom,
          sourceCrs: c.sourceCrs,
          ...urlsOf(c.id, access),
        })),
        latest: urlsOf(LATEST_LAYER, access),
        expiresAt: new Date(signedNow.exp * 1000).toISOString(),
      };
    },
  );

  app.get(
    '/imagery/captures/:layer/tiles/:z/:x/:y',
    {
      config: {
        ...signed,
        rawResponse: true,
        openapi: { summary: 'One XYZ tile (JPEG, or PNG at the imagery edge) of a capture or of latest' },
      },
    },
    async (request, reply) => {
      const tile = mosaicTileParamsSchema.parse(request.params);
      mosaicTileQuerySchema.parse(request.query);
      authorize(request);
      const found = await mosaics.tile(tile.layer, tile.z, tile.x, tile.y);
      if (!found) throw notFound('No imagery in this tile.');
      return reply
        .header('cache-control', tile.layer === LATEST_LAYER ? TILE_CACHE : CAPTURE_TILE_CACHE)
        .type(found.contentType)
        .send(found.data);
    },
  );

  app.get(
    '/imagery/captures/:layer/wmts',
    {
      config: {
        ...signed,
        rawResponse: true,
        openapi: { summary: 'WMTS 1.0.0 capabilities of a capture or of latest (for QGIS and ArcGIS)' },
      },
    },
    async (request, reply) => {
      const { layer } = mosaicLayerParamsSchema.parse(request.params);
      authorize(request);
      const query = accessQuery(request);
      const layers: WmtsLayer[] = [];
      const describe = (id: string, title: string, c: Pick<MosaicCapture, 'bounds' | 'minZoom' | 'maxZoom'>) => ({
        id,
        title,
        bounds: c.bounds,
        minZoom: c.minZoom,
        maxZoom: c.maxZoom,
        template: `${origin()}/api/imagery/captures/${id}/tiles/{TileMatrix}/{TileCol}/{TileRow}?${query}`,
      });
      if (layer === LATEST_LAYER) {
        const { captures } = await mosaics.list({ limit: 1000, offset: 0 });
        if (!captures.length) throw notFound('No imported imagery.');
        layers.push(
          describe(LATEST_LAYER, 'Latest imagery', {
            bounds: [
              Math.min(...captures.map((c) => c.bounds[0])),
              Math.min(...captures.map((c) => c.bounds[1])),
              Math.max(...captures.map((c) => c.bounds[2])),
              Math.max(...captures.map((c) => c.bounds[3])),
            ],
            minZoom: Math.min(...captures.map((c) => c.minZoom)),
            maxZoom: Math.max(...captures.map((c) => c.maxZoom)),
          }),
        );
      } else {
        const capture = await mosaics.capture(layer);
        if (!capture) throw notFound('No such imagery capture.');
        layers.push(describe(capture.id, `${capture.provider} ${capture.capturedOn}`, capture));
      }
      const xml = wmtsCapabilities({
        title: 'Z-VIEW imagery',
        capabilitiesUrl: `${origin()}/api/imagery/captures/${layer}/wmts?${query}`,
        layers,
      });
      return reply.header('cache-control', 'private, max-age=300').type('application/xml').send(xml);
    },
  );
}
