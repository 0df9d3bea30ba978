import {
  mosaicAccessQuerySchema,
  mosaicLayerParamsSchema,
  mosaicListQuerySchema,
  mosaicListResponseSchema,
  mosaicTileParamsSchema,
  type MosaicAccessQuery,
} from '@zview/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../auth/policy.js';
import { callerForApiKey } from '../domain/api-keys/authenticate.js';
import { LATEST_LAYER, type MosaicCapture } from '../domain/imagery/mosaic/service.js';
import { wmtsCapabilities, type WmtsLayer } from '../domain/imagery/mosaic/wmts.js';
import { SIGNED_SCOPES } from '../domain/imagery/signing.js';
import { forbidden, notFound, tooManyRequests, unauthorized } from './errors.js';
import { fileResponse, withZod } from './route-config.js';

const TILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
/** A capture's pyramid never changes once imported (a re-import is a new capture id). */
const CAPTURE_TILE_CACHE = 'public, max-age=31536000, immutable';
const NO_IMAGERY = 'Imagery is not enabled for your organization.';

/**
 * Imported imagery for maps and GIS (issue 47): XYZ tiles and a WMTS capabilities document per
 * capture and for the "latest" layer. Tiles and documents accept a bearer token (with the
 * organisation's imagery entitlement), a URL signed for the `imagery:captures` scope (which the
 * signed-in listing hands out), or `?api_key=` with an organisation's API key, checked like a
 * /v1 call (revoked or expired keys refused at once, the key's rate limit, its products), so a
 * QGIS/ArcGIS layer added by URL keeps working past a signature's expiry.
 */
export async function registerImageryMosaicRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
  const { mosaics } = app.imagery;
  const origin = () => app.ctx.config.publicUrl;
  const keySettings = {
    userManagementEnabled: app.ctx.config.runtime.USER_MANAGEMENT_ENABLED,
    billingPageEnabled: app.ctx.config.runtime.BILLING_PAGE_ENABLED,
    portfolioEnabled: app.ctx.config.runtime.PORTFOLIO_ENABLED,
  };

  async function authorize(request: FastifyRequest, query: MosaicAccessQuery) {
    if (request.actor) {
      if (!can(request.actor, 'imagery:ortho')) throw forbidden(NO_IMAGERY);
      return;
    }
    if (query.api_key !== undefined) {
      const caller = await callerForApiKey(app.ctx.db, query.api_key, keySettings);
      if (!caller.rate.allowed)
        throw tooManyRequests(
          `This API key is over its rate limit. Retry in ${Math.max(1, Math.ceil(caller.rate.retryAfterMs / 1000))} s.`,
        );
      if (!can(caller.actor, 'imagery:ortho')) throw forbidden(NO_IMAGERY);
      return;
    }
    const check = app.imagery.signer.verify(SIGNED_SCOPES.captures, query.exp, query.sig);
    if (check === 'missing') throw unauthorized();
    if (check === 'expired') throw forbidden('The signed URL has expired.');
    if (check === 'invalid') throw forbidden('The signed URL is not valid.');
  }

  /** The access query of URLs handed out: the request's own key or signature, or a fresh signature for a bearer. */
  function accessQuery(request: FastifyRequest, query: MosaicAccessQuery): string {
    if (!request.actor && query.api_key !== undefined) return `api_key=${encodeURIComponent(query.api_key)}`;
    if (!request.actor && query.exp && query.sig) return `exp=${query.exp}&sig=${encodeURIComponent(query.sig)}`;
    const signed = app.imagery.signer.sign(SIGNED_SCOPES.captures);
    return `exp=${signed.exp}&sig=${signed.sig}`;
  }

  const urlsOf = (layer: string, query: string) => ({
    tiles: `${origin()}/api/imagery/captures/${layer}/tiles/{z}/{x}/{y}?${query}`,
    wmts: `${origin()}/api/imagery/captures/${layer}/wmts?${query}`,
  });

  const signed = { policy: 'imagery:read', signedUrl: true, rawResponse: true } as const;

  app.get(
    '/imagery/captures',
    {
      schema: {
        summary: 'Imported imagery captures with their XYZ and WMTS URLs',
        description:
          'Signed-in users of an organisation with imagery: imported captures (newest first, optionally those crossing `bbox`), each with signed XYZ and WMTS URLs for QGIS/ArcGIS, and the same for the latest layer. In those URLs `exp`/`sig` may be replaced by `api_key=<an API key of the organisation>`.',
        querystring: mosaicListQuerySchema,
        response: { 200: mosaicListResponseSchema },
      },
      config: { policy: 'imagery:read' },
    },
    async (request) => {
      if (!request.actor) throw unauthorized();
      if (!can(request.actor, 'imagery:ortho')) throw forbidden(NO_IMAGERY);
      const query = request.query;
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
      schema: {
        summary: 'One XYZ tile of a capture or of latest',
        description:
          'JPEG where the imagery covers the whole tile, PNG with transparency at its edges. Bearer token, signed URL or `api_key`; 404 where the layer has no imagery.',
        params: mosaicTileParamsSchema,
        querystring: mosaicAccessQuerySchema,
        response: { 200: fileResponse('The tile', ['image/jpeg', 'image/png']) },
      },
      config: signed,
    },
    async (request, reply) => {
      const tile = request.params;
      await authorize(request, request.query);
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
      schema: {
        summary: 'WMTS capabilities of a capture or of latest (for QGIS and ArcGIS)',
        description:
          'WMTS 1.0.0 (RESTful, GoogleMapsCompatible). The tile template carries the access the document was read with: its signature, or its `api_key`.',
        params: mosaicLayerParamsSchema,
        querystring: mosaicAccessQuerySchema,
        response: { 200: fileResponse('The capabilities document', ['application/xml']) },
      },
      config: signed,
    },
    async (request, reply) => {
      const { layer } = request.params;
      await authorize(request, request.query);
      const query = accessQuery(request, request.query);
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
