import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mapSourcesResponseSchema } from '@zview/contracts';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader as Pbf } from 'pbf';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { PropertyCapture } from '../src/domain/imagery/capture.js';
import { lngLatToTile } from '../src/domain/imagery/geo.js';
import { SIGNED_SCOPES, UrlSigner } from '../src/domain/imagery/signing.js';
import { captureImageUrl } from '../src/domain/imagery/urls.js';
import { defaultTileDate } from '../src/http/imagery.js';
import { useTestDatabase } from './database.js';
import { authHeader, createOrganization, createUser } from './factories.js';
import { FIXTURE_CENTER, fixtureSceneProvider } from './fixtures/scene.js';

const SECRET = 'imagery-route-test-secret-0123456789';
const signer = new UrlSigner(SECRET);
const captures: PropertyCapture[] = [
  {
    captureId: 'cap-2025-04',
    propertyId: 'prop-0004',
    capturedOn: '2025-04-20',
    provider: 'Z-VIEW sample',
    view: 'ortho',
    center: FIXTURE_CENTER,
    events: [],
  },
  {
    captureId: 'obl-2025-04-n',
    propertyId: 'prop-0004',
    capturedOn: '2025-04-20',
    provider: 'Z-VIEW sample',
    view: 'oblique',
    direction: 'north',
    center: FIXTURE_CENTER,
    events: [],
  },
];

async function makeApp(env: NodeJS.ProcessEnv = {}) {
  const database = await useTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zview-imagery-routes-'));
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    URL_SIGNING_SECRET: SECRET,
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    imagery: {
      scene: fixtureSceneProvider,
      // The street base map of the fixture street: its parcels, buildings, named road and a place.
      basemap: async (bbox) => {
        const scene = await fixtureSceneProvider(bbox);
        return {
          parcels: scene.parcels.map((p) => p.outline),
          buildings: scene.buildings.map((b) => b.outline),
          roads: scene.roads,
          water: [],
          addresses: [{ point: FIXTURE_CENTER, number: '1427' }],
          places: [{ point: FIXTURE_CENTER, name: 'Fixture Park', city: 'Denver' }],
        };
      },
      capture: (c, p) => captures.find((x) => x.captureId === c && x.propertyId === p) ?? null,
    },
  });
  await app.ready();
  afterAll(() => app.close());
  const org = await createOrganization(database.db, { products: ['zfire'] });
  const user = await createUser(database.db, { org });
  return Object.assign(app, { signedIn: await authHeader(app, user) });
}

const app = await makeApp();
const tile = lngLatToTile(FIXTURE_CENTER, 18);
const tileSig = () => {
  const { exp, sig } = signer.sign(SIGNED_SCOPES.tiles);
  return `exp=${exp}&sig=${sig}`;
};

describe('GET /api/caribou/imagery/:captureId/:propertyId.png', () => {
  const url = captureImageUrl(signer, 'cap-2025-04', 'prop-0004', 'png');

  it('serves a signed image with long cache headers, then from the cache, then 304', async () => {
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['x-imagery-cache']).toBe('miss');
    expect(first.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const second = await app.inject({ method: 'GET', url });
    expect(second.headers['x-imagery-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const revalidated = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('serves obliques as JPEG and WebP too', async () => {
    const res = await app.inject({ method: 'GET', url: captureImageUrl(signer, 'obl-2025-04-n', 'prop-0004', 'jpg') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const webp = await app.inject({ method: 'GET', url: captureImageUrl(signer, 'cap-2025-04', 'prop-0004', 'webp') });
    expect(webp.headers['content-type']).toBe('image/webp');
  });

  it('needs a token or a signature: 401 without, 403 when tampered or expired or for another image', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/caribou/imagery/cap-2025-04/prop-0004.png' })).statusCode,
    ).toBe(401);
    const tampered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const res = await app.inject({ method: 'GET', url: tampered });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: expect.any(String), message: 'The signed URL is not valid.' } });
    const expired = captureImageUrl(signer, 'cap-2025-04', 'prop-0004', 'png', Date.now() - 3 * 86_400_000);
    expect((await app.inject({ method: 'GET', url: expired })).json().error.message).toBe(
      'The signed URL has expired.',
    );
    const other = url.replace('prop-0004.png', 'prop-0005.png');
    expect((await app.inject({ method: 'GET', url: other })).statusCode).toBe(403);
  });

  it('serves an authenticated actor without a signature', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/caribou/imagery/cap-2025-04/prop-0004.png',
      headers: app.signedIn,
    });
    expect(res.statusCode).toBe(200);
  });

  it('serves obliques to a bearer only when the organisation has bought oblique imagery (issue 12)', async () => {
    const oblique = '/api/caribou/imagery/obl-2025-04-n/prop-0004.jpg';
    const refused = await app.inject({ method: 'GET', url: oblique, headers: app.signedIn });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.headers['content-type']).toContain('json');
    const org = await createOrganization(app.ctx.db, { products: ['zfire', 'oblique-imagery'] });
    const entitled = await authHeader(app, await createUser(app.ctx.db, { org }));
    expect((await app.inject({ method: 'GET', url: oblique, headers: entitled })).statusCode).toBe(200);
    // Cached now: still refused to the organisation without the feature.
    expect((await app.inject({ method: 'GET', url: oblique, headers: app.signedIn })).statusCode).toBe(403);
  });

  it('serves no imagery or tiles to an organisation without any property product (issue 12)', async () => {
    const org = await createOrganization(app.ctx.db, { products: ['zorro'] });
    const bare = await authHeader(app, await createUser(app.ctx.db, { org, externalGroups: ['zorro'] }));
    expect(
      (await app.inject({ method: 'GET', url: '/api/caribou/imagery/cap-2025-04/prop-0004.png', headers: bare }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/tiles/satellite/18/${tile.x}/${tile.y}.png`, headers: bare }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/map/sources', headers: bare })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/map/style/satellite.json', headers: bare })).statusCode).toBe(
      403,
    );
  });

  it('answers 404 for an unknown capture and 400 for a malformed name', async () => {
    expect(
      (await app.inject({ method: 'GET', url: captureImageUrl(signer, 'cap-1999', 'prop-0004') })).statusCode,
    ).toBe(404);
    const bad = await app.inject({
      method: 'GET',
      url: signer.signUrl('/api/caribou/imagery/cap-2025-04/prop-0004.gif'),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/tiles/satellite/:z/:x/:y.png', () => {
  it('serves a 256 px PNG tile with cache headers and an ETag', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/tiles/satellite/18/${tile.x}/${tile.y}.png?${tileSig()}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(res.rawPayload.readUInt32BE(16)).toBe(256);
    const dated = await app.inject({
      method: 'GET',
      url: `/api/tiles/satellite/18/${tile.x}/${tile.y}.png?date=2024-07-01&${tileSig()}`,
    });
    expect(dated.headers.etag).not.toBe(res.headers.etag);
  });

  it.each([
    ['zoom below 16', `/api/tiles/satellite/15/0/0.png`],
    ['zoom above 21', `/api/tiles/satellite/22/0/0.png`],
    ['x beyond the grid', `/api/tiles/satellite/16/65536/0.png`],
    ['y beyond the grid', `/api/tiles/satellite/16/0/65536.png`],
    ['a negative x', `/api/tiles/satellite/16/-1/0.png`],
    ['a non-numeric y', `/api/tiles/satellite/16/0/abc.png`],
    ['an unknown format', `/api/tiles/satellite/16/0/0.gif`],
  ])('answers 400 for %s', async (_name, url) => {
    const res = await app.inject({ method: 'GET', url: `${url}?${tileSig()}` });
    expect(res.statusCode).toBe(400);
  });

  it('shows the most recent mid-June by default', () => {
    expect(defaultTileDate(new Date('2026-11-21T10:00:00Z'))).toBe('2026-06-15');
    expect(defaultTileDate(new Date('2026-03-01T10:00:00Z'))).toBe('2025-06-15');
  });

  it('refuses a signature of another scope', async () => {
    const { exp, sig } = signer.sign(SIGNED_SCOPES.mapStyle);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/tiles/satellite/18/${tile.x}/${tile.y}.png?exp=${exp}&sig=${sig}`,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('map styles', () => {
  const styleSig = () => {
    const { exp, sig } = signer.sign(SIGNED_SCOPES.mapStyle);
    return `exp=${exp}&sig=${sig}`;
  };

  it('serves a satellite style whose tile template is signed and works', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/map/style/satellite.json?${styleSig()}` });
    expect(res.statusCode).toBe(200);
    const style = res.json();
    expect(style.version).toBe(8);
    const template: string = style.sources.satellite.tiles[0];
    expect(style.sources.satellite).toMatchObject({ type: 'raster', tileSize: 256, minzoom: 16, maxzoom: 21 });
    const tileUrl = template
      .replace('{z}', '18')
      .replace('{x}', String(tile.x))
      .replace('{y}', String(tile.y))
      .replace(/^https?:\/\/[^/]+/, '');
    expect((await app.inject({ method: 'GET', url: tileUrl })).statusCode).toBe(200);
  });

  it('serves a street style of signed vector tiles holding named streets, parcels, buildings and places', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/map/style/street.json?${styleSig()}` });
    expect(res.statusCode).toBe(200);
    const style = res.json();
    expect(style.glyphs).toMatch(/\/map-glyphs\/\{fontstack\}\/\{range\}\.pbf$/);
    expect(style.layers.map((l: { id: string }) => l.id)).toEqual(
      expect.arrayContaining(['parcels', 'roads', 'buildings', 'road-labels', 'place-labels']),
    );
    const z16 = lngLatToTile(FIXTURE_CENTER, 16);
    const template: string = style.sources.basemap.tiles[0];
    const tileUrl = template
      .replace('{z}', '16')
      .replace('{x}', String(z16.x))
      .replace('{y}', String(z16.y))
      .replace(/^https?:\/\/[^/]+/, '');
    const tileRes = await app.inject({ method: 'GET', url: tileUrl });
    expect(tileRes.statusCode).toBe(200);
    expect(tileRes.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const decoded = new VectorTile(new Pbf(tileRes.rawPayload));
    expect(Object.keys(decoded.layers).sort()).toEqual(['addresses', 'buildings', 'parcels', 'places', 'roads']);
    expect(decoded.layers.roads!.feature(0).properties.name).toBe('Fixture Ave');
    expect(decoded.layers.places!.feature(0).properties.name).toBe('Fixture Park');
    // The satellite view carries the same names on top of the imagery.
    const satellite = (await app.inject({ method: 'GET', url: `/api/map/style/satellite.json?${styleSig()}` })).json();
    expect(satellite.layers.map((l: { id: string }) => l.id).slice(-2)).toEqual(['road-labels', 'place-labels']);
    // Bad tile coordinates are a 400, an unsigned tile a 401.
    const bad = await app.inject({ method: 'GET', url: tileUrl.replace('/16/', '/9/') });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: tileUrl.split('?')[0]! })).statusCode).toBe(401);
  });

  it('still serves the GeoJSON features of a bbox (signed), for clients of the former street style', async () => {
    const bbox = '-104.992,39.739,-104.988,39.741';
    const { exp, sig } = signer.sign(SIGNED_SCOPES.mapFeatures);
    const geo = await app.inject({
      method: 'GET',
      url: `/api/map/features.geojson?bbox=${bbox}&exp=${exp}&sig=${sig}`,
    });
    expect(geo.statusCode).toBe(200);
    expect(geo.headers['content-type']).toMatch(/^application\/geo\+json/);
    const kinds = new Set(geo.json().features.map((f: { properties: { kind: string } }) => f.properties.kind));
    expect([...kinds].sort()).toEqual(['building', 'parcel', 'pool', 'road']);
  });

  it('hands a signed-in actor signed URLs of the styles and tiles that work', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/map/sources', headers: app.signedIn });
    expect(res.statusCode).toBe(200);
    const sources = mapSourcesResponseSchema.parse(res.json());
    const style = await app.inject({ method: 'GET', url: sources.styles.satellite.replace(/^https?:\/\/[^/]+/, '') });
    expect(style.statusCode).toBe(200);
    const tileUrl = sources.satelliteTiles
      .replace('{z}', '18')
      .replace('{x}', String(tile.x))
      .replace('{y}', String(tile.y))
      .replace(/^https?:\/\/[^/]+/, '');
    expect((await app.inject({ method: 'GET', url: tileUrl })).statusCode).toBe(200);
    expect(Date.parse(sources.expiresAt)).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('answers 404 for an unknown style, 400 for a bad or too large bbox, 401 for unsigned', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/map/style/terrain.json?${styleSig()}` })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/map/style/street.json?bbox=1,2,3&${styleSig()}` })).statusCode,
    ).toBe(400);
    const { exp, sig } = signer.sign(SIGNED_SCOPES.mapFeatures);
    expect(
      (await app.inject({ method: 'GET', url: `/api/map/features.geojson?bbox=-105,39,-104,40&exp=${exp}&sig=${sig}` }))
        .statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/map/style/street.json` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/map/sources` })).statusCode).toBe(401);
  });

  it('redirects the street style to MAP_STYLE_URL when configured', async () => {
    const external = await makeApp({ MAP_STYLE_URL: 'https://tiles.example.com/styles/streets.json' });
    const res = await external.inject({ method: 'GET', url: `/api/map/style/street.json?${styleSig()}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://tiles.example.com/styles/streets.json');
  });
});
