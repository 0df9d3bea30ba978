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
  type SignedQuery,
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
import { fileResponse, withZod } from './route-config.js';

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
  // Read from the URL itself: the hook runs before the route's query schema validates it.
  const question = request.url.indexOf('?');
  const search = new URLSearchParams(question < 0 ? '' : request.url.slice(question + 1));
  return (search.has('sig') || search.has('api_key')) && !request.headers.authorization;
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
export async function registerImageryRoutes(fastify: FastifyInstance) {
  const app = withZod(fastify);
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
  function authorize(request: FastifyRequest, scope: string, { exp, sig }: SignedQuery) {
    if (request.actor) {
      if (!can(request.actor, 'imagery:ortho')) throw forbidden('Imagery is not enabled for your organization.');
      return;
    }
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

  const IMAGE_TYPES = Object.values(CONTENT_TYPES);

  app.get(
    '/caribou/imagery/:captureId/:file',
    {
      schema: {
        summary: "A property's image on one capture",
        description:
          '512×512 orthophoto or 640×480 oblique (PNG, JPEG or WebP by extension), immutable, with an ETag. Bearer token or a URL signed for this exact path; obliques only with the oblique-imagery product.',
        params: captureImageParamsSchema,
        querystring: signedQuerySchema,
        response: { 200: fileResponse('The image', IMAGE_TYPES) },
      },
      config: { ...signed, rawResponse: true },
    },
    async (request, reply) => {
      const { captureId, file } = request.params;
      authorize(request, `/api/caribou/imagery/${captureId}/${file.propertyId}.${file.format}`, request.query);
      const oblique = request.actor ? can(request.actor, 'imagery:oblique') : true;
      const image = await service.propertyImage(captureId, file.propertyId, file.format, { oblique });
      if (!image) throw notFound('No such capture of this property.');
      return sendImage(request, reply, image, CONTENT_TYPES[file.format], IMMUTABLE);
    },
  );

  app.get(
    '/tiles/satellite/:z/:x/:file',
    {
      schema: {
        summary: 'Satellite base map tile',
        description:
          'A 256×256 tile of the aerial layer (z 16–21): the newest imported capture where there is one, the sample world painted elsewhere. `date` picks the season (default: the most recent June 15).',
        params: tileParamsSchema,
        querystring: tileQuerySchema,
        response: { 200: fileResponse('The tile', IMAGE_TYPES) },
      },
      config: { ...signed, rawResponse: true },
    },
    async (request, reply) => {
      const tile = request.params;
      const query = request.query;
      authorize(request, SIGNED_SCOPES.tiles, query);
      const date = query.date ?? defaultTileDate(new Date());
      const image = await service.tile(tile.z, tile.x, tile.file.y, tile.file.format, date);
      return sendImage(request, reply, image, CONTENT_TYPES[tile.file.format], TILE_CACHE);
    },
  );

  const basemap = app.ctx.imagery?.basemap ?? emptyBasemap;
  const basemapTiles = new BasemapTileCache();
  app.get(
    '/map/tiles/:z/:x/:file',
    {
      schema: {
        summary: 'Street base map vector tile (MVT)',
        description:
          'Streets with names, parcels, buildings, addresses and places of a zoom-16 tile (overzoomed to 21), for the street style.',
        params: basemapTileParamsSchema,
        querystring: signedQuerySchema,
        response: { 200: fileResponse('The vector tile', ['application/vnd.mapbox-vector-tile']) },
      },
      config: { ...signed, rawResponse: true },
    },
    async (request, reply) => {
      const { z, x, file } = request.params;
      authorize(request, SIGNED_SCOPES.basemapTiles, request.query);
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
    {
      schema: {
        summary: 'Map style (street or satellite)',
        description:
          'A MapLibre style v8 over our tiles, its tile and data URLs signed with the same expiry; the street style redirects to MAP_STYLE_URL when one is configured.',
        params: mapStyleParamsSchema,
        querystring: mapStyleQuerySchema,
        response: { 200: mapStyleResponseSchema },
      },
      config: signed,
    },
    async (request, reply) => {
      const { file } = request.params;
      const name = file.replace(/\.json$/, '') as MapStyleName;
      if (!file.endsWith('.json') || !MAP_STYLE_NAMES.includes(name)) throw notFound(`Unknown map style: ${file}.`);
      const query = request.query;
      authorize(request, SIGNED_SCOPES.mapStyle, query);
      // An external street style (MAP_STYLE_URL) replaces ours by configuration.
      const external = config.runtime.MAP_STYLE_URL;
      if (name === 'street' && external && /^https?:\/\//.test(external)) return reply.redirect(external, 302);
      reply.header('cache-control', 'private, max-age=300');
      return mapStyleResponseSchema.parse(
        mapStyle(name, { origin: app.ctx.config.publicUrl, signer: getSigner(), bbox: query.bbox }),
      );
    },
  );

  app.get(
    '/map/features.geojson',
    {
      schema: {
        summary: 'Map features of an area as GeoJSON',
        description: 'Streets, parcels, buildings, pools and water inside `bbox` (sides at most 0.05°).',
        querystring: mapFeaturesQuerySchema,
        response: { 200: mapFeaturesResponseSchema },
      },
      config: signed,
    },
    async (request, reply) => {
      const query = request.query;
      authorize(request, SIGNED_SCOPES.mapFeatures, query);
      reply.header('cache-control', 'private, max-age=300').type('application/geo+json');
      return mapFeaturesResponseSchema.parse(await service.features(query.bbox));
    },
  );

  /** Signed URLs of the map base layers, for the signed-in web app to hand to MapLibre. */
  app.get(
    '/map/sources',
    {
      schema: {
        summary: 'Signed URLs of the map styles and tiles',
        description: 'For the signed-in web app to hand to MapLibre: the styles, the tile template and their expiry.',
        response: { 200: mapSourcesResponseSchema },
      },
      config: { policy: 'imagery:read' },
    },
    async (request) => {
      if (!request.actor) throw unauthorized();
      if (!can(request.actor, 'imagery:ortho')) throw forbidden('Imagery is not enabled for your organization.');
      return mapSourcesResponseSchema.parse(mapSourceUrls(app.ctx.config.publicUrl, getSigner()));
    },
  );
}
