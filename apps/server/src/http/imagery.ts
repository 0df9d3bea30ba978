import path from 'node:path';
import {
  basemapTileParamsSchema,
  captureImageParamsSchema,
  mapFeaturesQuerySchema,
  mapFeaturesResponseSchema,
  mapStyleResponseSchema,
  mapSourcesResponseSchema,
  mapStyleParamsSchema,
  mapStyleQuerySchema,
  signedQuerySchema,
  tileParamsSchema,
  tileQuerySchema,
} from '@zview/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../auth/policy.js';
import { BasemapTileCache, emptyBasemap, encodeBasemapTile } from '../domain/imagery/basemap.js';
import { ImageCache } from '../domain/imagery/cache.js';
import { MAP_STYLE_NAMES, mapStyle, type MapStyleName } from '../domain/imagery/map-style.js';
import { CONTENT_TYPES } from '../domain/imagery/render.js';
import { tileToBBox, expandBBox } from '../domain/imagery/geo.js';
import { emptyImagerySources, ImageryService, type RenderedImage } from '../domain/imagery/service.js';
import { resolveSigningSecret, SIGNED_SCOPES, UrlSigner } from '../domain/imagery/signing.js';
import { mapSourceUrls } from '../domain/imagery/urls.js';
import { MosaicService } from '../domain/imagery/mosaic/service.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { forbidden, notFound, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route also accepts a signed URL (`exp` + `sig`) instead of a bearer token, for <img>
     * tags and map tiles. The authentication hook must let such requests through without a
     * bearer token when they carry `sig`; the route verifies the signature itself.
     */
    signedUrl?: boolean;
  }
  interface FastifyInstance {
    imagery: { service: ImageryService; mosaics: MosaicService; signer: UrlSigner };
  }
}

/**
 * For the authentication hook: true when the route accepts signed URLs and the request carries
 * one, so the hook lets it through without a bearer token (the route checks the signature).
 */
export function isSignedUrlRequest(request: FastifyRequest): boolean {
  if (!request.routeOptions.config?.signedUrl) return false;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.sig === 'string' && !request.headers.authorization;
}

/**
 * The base map shows the most recent mid-June (leaf-on, like most aerial surveys), so tile URLs
 * and cached tiles stay the same for a year.
 */
export function defaultTileDate(now: Date): string {
  const year = now.getUTCFullYear();
  return now >= new Date(Date.UTC(year, 5, 15)) ? `${year}-06-15` : `${year - 1}-06-15`;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TILE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * The imagery service over the app's sources and the shared on-disk cache (atomic renames, so
 * two instances in one process, the /api one and the /v1 one, may share it).
 */
export function createImageryService(app: FastifyInstance) {
  const { config } = app.ctx;
  const mosaics = new MosaicService(app.ctx.db, app.ctx.imageryBlobs ?? createBlobStore(config.blobStore));
  const service = new ImageryService(
    app.ctx.imagery ?? emptyImagerySources,
    new ImageCache(path.join(config.dataDir, 'imagery', 'cache')),
    mosaics,
  );
  return { service, mosaics };
}

/**
 * Imagery routes: property images by capture, satellite tiles, map styles and their GeoJSON.
 * Each accepts either an authenticated actor (bearer token) or a signed URL for its scope.
 */
export async function registerImageryRoutes(app: FastifyInstance) {
  const { config } = app.ctx;
  // The secret is read (or created under DATA_DIR) on first use, not at boot.
  let signerInstance: UrlSigner | undefined;
  const getSigner = () =>
    (signerInstance ??= new UrlSigner(resolveSigningSecret(config.urlSigningSecret, config.dataDir)));
  const { service, mosaics } = createImageryService(app);
  app.decorate('imagery', {
    service,
    mosaics,
    get signer() {
      return getSigner();
    },
  });

  /** A bearer sees what its organisation's products allow (the assessment's rule); a signed URL was signed for such a bearer. */
  function authorize(request: FastifyRequest, scope: string) {
    if (request.actor) {
      if (!can(request.actor, 'imagery:ortho')) throw forbidden('Imagery is not enabled for your organization.');
      return;
    }
    const { exp, sig } = signedQuerySchema.parse(request.query);
    const check = getSigner().verify(scope, exp, sig);
    if (check === 'missing') throw unauthorized();
    if (check === 'expired') throw forbidden('The signed URL has expired.');
    if (check === 'invalid') throw forbidden('The signed URL is not valid.');
  }

  function sendImage(
    request: FastifyRequest,
    reply: FastifyReply,
    image: RenderedImage,
    contentType: string,
    cacheControl: string,
  ) {
    const etag = `"${image.etag}"`;
    reply
      .header('cache-control', cacheControl)
      .header('etag', etag)
      .header('x-imagery-cache', image.hit ? 'hit' : 'miss');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(contentType).send(image.data);
  }

  const signed = { policy: 'imagery:read', signedUrl: true } as const;

  app.get('/caribou/imagery/:captureId/:file', { config: { ...signed, rawResponse: true } }, async (request, reply) => {
    const { captureId, file } = captureImageParamsSchema.parse(request.params);
    authorize(request, `/api/caribou/imagery/${captureId}/${file.propertyId}.${file.format}`);
    const oblique = request.actor ? can(request.actor, 'imagery:oblique') : true;
    const image = await service.propertyImage(captureId, file.propertyId, file.format, { oblique });
    if (!image) throw notFound('No such capture of this property.');
    return sendImage(request, reply, image, CONTENT_TYPES[file.format], IMMUTABLE);
  });

  app.get('/tiles/satellite/:z/:x/:file', { config: { ...signed, rawResponse: true } }, async (request, reply) => {
    const tile = tileParamsSchema.parse(request.params);
    const query = tileQuerySchema.parse(request.query);
    authorize(request, SIGNED_SCOPES.tiles);
    const date = query.date ?? defaultTileDate(new Date());
    const image = await service.tile(tile.z, tile.x, tile.file.y, tile.file.format, date);
    return sendImage(request, reply, image, CONTENT_TYPES[tile.file.format], TILE_CACHE);
  });

  const basemap = app.ctx.imagery?.basemap ?? emptyBasemap;
  const basemapTiles = new BasemapTileCache();
  app.get(
    '/map/tiles/:z/:x/:file',
    {
      config: {
        ...signed,
        rawResponse: true,
        openapi: { summary: 'Street base map vector tile (MVT)', params: basemapTileParamsSchema },
      },
    },
    async (request, reply) => {
      const { z, x, file } = basemapTileParamsSchema.parse(request.params);
      signedQuerySchema.parse(request.query);
      authorize(request, SIGNED_SCOPES.basemapTiles);
      // The tile's area and a margin: streets are lines through address points, so the points
      // beyond the edge keep a street continuous across tiles; labels near the edge are placed too.
      const bytes = await basemapTiles.get(`${z}/${x}/${file.y}`, async () =>
        encodeBasemapTile(await basemap(expandBBox(tileToBBox(z, x, file.y), 0.15)), z, x, file.y),
      );
      return reply
        .header('cache-control', 'private, max-age=300')
        .type('application/vnd.mapbox-vector-tile')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  app.get(
    '/map/style/:file',
    { schema: { response: { 200: mapStyleResponseSchema } }, config: signed },
    async (request, reply) => {
      const { file } = mapStyleParamsSchema.parse(request.params);
      const name = file.replace(/\.json$/, '') as MapStyleName;
      if (!file.endsWith('.json') || !MAP_STYLE_NAMES.includes(name)) throw notFound(`Unknown map style: ${file}.`);
      const query = mapStyleQuerySchema.parse(request.query);
      authorize(request, SIGNED_SCOPES.mapStyle);
      // An external street style (MAP_STYLE_URL) replaces ours by configuration.
      const external = config.runtime.MAP_STYLE_URL;
      if (name === 'street' && external && /^https?:\/\//.test(external)) return reply.redirect(external, 302);
      reply.header('cache-control', 'private, max-age=300');
      return mapStyle(name, { origin: app.ctx.config.publicUrl, signer: getSigner(), bbox: query.bbox });
    },
  );

  app.get(
    '/map/features.geojson',
    { schema: { response: { 200: mapFeaturesResponseSchema } }, config: signed },
    async (request, reply) => {
      const query = mapFeaturesQuerySchema.parse(request.query);
      authorize(request, SIGNED_SCOPES.mapFeatures);
      reply.header('cache-control', 'private, max-age=300').type('application/geo+json');
      return service.features(query.bbox);
    },
  );

  /** Signed URLs of the map base layers, for the signed-in web app to hand to MapLibre. */
  app.get(
    '/map/sources',
    { schema: { response: { 200: mapSourcesResponseSchema } }, config: { policy: 'imagery:read' } },
    async (request) => {
      if (!request.actor) throw unauthorized();
      if (!can(request.actor, 'imagery:ortho')) throw forbidden('Imagery is not enabled for your organization.');
      return mapSourcesResponseSchema.parse(mapSourceUrls(app.ctx.config.publicUrl, getSigner()));
    },
  );
}
