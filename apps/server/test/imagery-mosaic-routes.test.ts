import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiKeyCreatedSchema, mosaicListResponseSchema } from '@zview/contracts';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { PropertyCapture } from '../src/domain/imagery/capture.js';
import { lngLatToTileFraction, type LngLat } from '../src/domain/imagery/geo.js';
import { SIGNED_SCOPES, UrlSigner } from '../src/domain/imagery/signing.js';
import { captureImageUrl } from '../src/domain/imagery/urls.js';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';
import { importMosaicCapture } from '../src/world/importers/imagery.js';
import { useTestDatabase } from './database.js';
import { authHeader, createOrganization, createUser } from './factories.js';
import { FIXTURE_CENTER, fixtureSceneProvider } from './fixtures/scene.js';
import { GREY, QUADRANT_COLOURS, writeGeographicTiff } from './support/geotiff-fixtures.js';

/**
 * Imported imagery over HTTP, served from an S3-compatible store (s3rver): the listing with signed
 * XYZ/WMTS URLs, tiles of one capture and of "latest", the WMTS document, who may read them, and
 * the map's aerial layer and property images drawn from the imported tiles.
 */
const SECRET = 'imagery-mosaic-route-secret-0123456789';
const signer = new UrlSigner(SECRET);
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-mosaic-routes-'));
const SPAN_DEG = 0.004;
let s3server: { close(): Promise<void> };
let s3: S3BlobStore;

const database = await useTestDatabase();
const mosaicCaptures: { older: string; newer: string } = { older: '', newer: '' };

const captures: PropertyCapture[] = [];

{
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(temp, 's3'),
    configureBuckets: [{ name: 'zview-imagery' }],
  });
  const { port } = (await (s3server as unknown as { run(): Promise<{ port: number }> }).run()) as { port: number };
  s3 = new S3BlobStore({
    bucket: 'zview-imagery',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'fleet',
  });
  const [lng, lat] = FIXTURE_CENTER;
  const grid = { west: lng - SPAN_DEG / 2, north: lat + SPAN_DEG / 2, degreesPerPixel: SPAN_DEG / 600 };
  writeGeographicTiff(path.join(temp, 'spring.tif'), { ...grid, width: 600, height: 600 });
  writeGeographicTiff(path.join(temp, 'summer.tif'), { ...grid, width: 600, height: 600, grey: true });
  const older = await importMosaicCapture(database.db, s3, path.join(temp, 'spring.tif'), {
    capturedOn: '2024-04-02',
    provider: 'State orthophoto programme',
  });
  const newer = await importMosaicCapture(database.db, s3, path.join(temp, 'summer.tif'), {
    capturedOn: '2025-07-15',
    provider: 'Nearmap',
  });
  mosaicCaptures.older = older.id;
  mosaicCaptures.newer = newer.id;
  captures.push({
    captureId: newer.id,
    propertyId: 'prop-0004',
    capturedOn: '2025-07-15',
    provider: 'Nearmap',
    view: 'ortho',
    center: FIXTURE_CENTER,
    events: [],
    mosaic: { id: newer.id, tilesKey: `imagery/${newer.id}`, minZoom: newer.minZoom, maxZoom: newer.maxZoom },
  });
  captures.push({
    ...captures[0]!,
    captureId: older.id,
    capturedOn: '2024-04-02',
    mosaic: { id: older.id, tilesKey: `imagery/${older.id}`, minZoom: older.minZoom, maxZoom: older.maxZoom },
  });
}

afterAll(async () => {
  s3?.close();
  await s3server?.close();
  rmSync(temp, { recursive: true, force: true });
});

const app = await buildApp({
  config: loadConfig({
    PORT: '0',
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(path.join(temp, 'data-')),
    URL_SIGNING_SECRET: SECRET,
  }),
  db: database.db,
  imagery: {
    scene: fixtureSceneProvider,
    capture: (c, p) => captures.find((x) => x.captureId === c && x.propertyId === p) ?? null,
  },
  imageryBlobs: s3,
});
await app.ready();
afterAll(() => app.close());
const org = await createOrganization(database.db, { products: ['zfire'] });
const signedIn = await authHeader(app, await createUser(database.db, { org }));

const access = () => {
  const { exp, sig } = signer.sign(SIGNED_SCOPES.captures);
  return `exp=${exp}&sig=${sig}`;
};

function tileAt(point: LngLat, z: number) {
  const [fx, fy] = lngLatToTileFraction(point, z);
  return { z, x: Math.floor(fx), y: Math.floor(fy), px: Math.floor((fx % 1) * 256), py: Math.floor((fy % 1) * 256) };
}

async function pixel(data: Buffer, px: number, py: number) {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const o = (py * info.width + px) * 3;
  return [raw[o]!, raw[o + 1]!, raw[o + 2]!];
}

const close = (actual: number[], expected: readonly number[]) =>
  expect(
    actual.every((v, i) => Math.abs(v - expected[i]!) <= 24),
    `${actual} ≈ ${expected}`,
  ).toBe(true);

const northWest: LngLat = [FIXTURE_CENTER[0] - SPAN_DEG / 4, FIXTURE_CENTER[1] + SPAN_DEG / 4];

describe('GET /api/imagery/captures', () => {
  it('lists imported captures newest first, with signed XYZ and WMTS URLs of each and of latest', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/imagery/captures', headers: signedIn });
    expect(res.statusCode, res.body).toBe(200);
    const body = mosaicListResponseSchema.parse(res.json());
    expect(body.total).toBe(2);
    expect(body.captures.map((c) => [c.id, c.capturedOn, c.provider, c.sourceCrs])).toEqual([
      [mosaicCaptures.newer, '2025-07-15', 'Nearmap', 'EPSG:4326'],
      [mosaicCaptures.older, '2024-04-02', 'State orthophoto programme', 'EPSG:4326'],
    ]);
    expect(body.captures[0]!.tiles).toMatch(
      new RegExp(`/api/imagery/captures/${mosaicCaptures.newer}/tiles/\\{z\\}/\\{x\\}/\\{y\\}\\?exp=\\d+&sig=`),
    );
    expect(body.latest.wmts).toMatch(/\/api\/imagery\/captures\/latest\/wmts\?exp=\d+&sig=/);
    const page2 = await app.inject({
      method: 'GET',
      url: '/api/imagery/captures?page=2&itemsPerPage=1',
      headers: signedIn,
    });
    expect(page2.json().captures.map((c: { id: string }) => c.id)).toEqual([mosaicCaptures.older]);
    const away = await app.inject({ method: 'GET', url: '/api/imagery/captures?bbox=10,10,11,11', headers: signedIn });
    expect(away.json().total).toBe(0);
    expect(
      (await app.inject({ method: 'GET', url: '/api/imagery/captures?bbox=1,2', headers: signedIn })).statusCode,
    ).toBe(400);
  });

  it('is refused without a token, and to an organisation without imagery', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/imagery/captures' })).statusCode).toBe(401);
    const other = await createOrganization(database.db, { products: ['zorro'] });
    const headers = await authHeader(app, await createUser(database.db, { org: other }));
    expect((await app.inject({ method: 'GET', url: '/api/imagery/captures', headers })).statusCode).toBe(403);
  });
});

describe('tiles of imported captures', () => {
  it('serves a capture tile by signed URL, and latest shows the newest capture', async () => {
    const t = tileAt(northWest, 18);
    const older = await app.inject({
      method: 'GET',
      url: `/api/imagery/captures/${mosaicCaptures.older}/tiles/${t.z}/${t.x}/${t.y}?${access()}`,
    });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.headers['content-type']).toMatch(/^image\/(jpeg|png)$/);
    expect(older.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    close(await pixel(older.rawPayload, t.px, t.py), QUADRANT_COLOURS.nw);
    const latest = await app.inject({
      method: 'GET',
      url: `/api/imagery/captures/latest/tiles/${t.z}/${t.x}/${t.y}?${access()}`,
    });
    expect(latest.statusCode).toBe(200);
    close(await pixel(latest.rawPayload, t.px, t.py), GREY);
  });

  it('answers 404 where there is no imagery, 400 for a bad tile, 401/403 without a valid signature', async () => {
    const far = tileAt([FIXTURE_CENTER[0] + 1, FIXTURE_CENTER[1]], 18);
    const base = `/api/imagery/captures/${mosaicCaptures.older}/tiles`;
    expect(
      (await app.inject({ method: 'GET', url: `${base}/${far.z}/${far.x}/${far.y}?${access()}` })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${base}/3/9/1?${access()}` })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `${base}/99/1/1?${access()}` })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: `/api/imagery/captures/nope/tiles/18/1/1?${access()}` })).statusCode,
    ).toBe(404);
    const t = tileAt(northWest, 18);
    expect((await app.inject({ method: 'GET', url: `${base}/${t.z}/${t.x}/${t.y}` })).statusCode).toBe(401);
    const tampered = await app.inject({
      method: 'GET',
      url: `${base}/${t.z}/${t.x}/${t.y}?${access().replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)}`,
    });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().error.message).toBe('The signed URL is not valid.');
    // A URL signed for the drawn base map's tiles does not open imported ones.
    const { exp, sig } = signer.sign(SIGNED_SCOPES.tiles);
    expect(
      (await app.inject({ method: 'GET', url: `${base}/${t.z}/${t.x}/${t.y}?exp=${exp}&sig=${sig}` })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/imagery/captures/:layer/wmts', () => {
  it('describes a capture and latest in the GoogleMapsCompatible matrix set, its URLs carrying the signature', async () => {
    const query = access();
    const res = await app.inject({ method: 'GET', url: `/api/imagery/captures/${mosaicCaptures.newer}/wmts?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain(`<ows:Identifier>${mosaicCaptures.newer}</ows:Identifier>`);
    expect(res.body).toContain('<ows:Title>Nearmap 2025-07-15</ows:Title>');
    expect(res.body).toContain('<WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>');
    expect(res.body).toContain(
      `/api/imagery/captures/${mosaicCaptures.newer}/tiles/{TileMatrix}/{TileCol}/{TileRow}?${query.replace('&', '&amp;')}`,
    );
    const latest = await app.inject({ method: 'GET', url: `/api/imagery/captures/latest/wmts?${query}` });
    expect(latest.body).toContain('<ows:Identifier>latest</ows:Identifier>');
    expect((await app.inject({ method: 'GET', url: `/api/imagery/captures/unknown/wmts?${query}` })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: `/api/imagery/captures/latest/wmts` })).statusCode).toBe(401);
  });
});

describe('the map and property images use imported imagery', () => {
  it('serves the aerial base layer from the newest imported capture where there is one', async () => {
    const t = tileAt(northWest, 18);
    const { exp, sig } = signer.sign(SIGNED_SCOPES.tiles);
    const res = await app.inject({
      method: 'GET',
      url: `/api/tiles/satellite/${t.z}/${t.x}/${t.y}.png?exp=${exp}&sig=${sig}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    close(await pixel(res.rawPayload, t.px, t.py), GREY);
  });

  it("cuts a property's image on an imported capture from its tiles", async () => {
    const res = await app.inject({
      method: 'GET',
      url: captureImageUrl(signer, mosaicCaptures.newer, 'prop-0004', 'png'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    close(await pixel(res.rawPayload, 256, 256), GREY);
  });
});

const adminHeaders = await authHeader(app, await createUser(database.db, { org, role: 'admin' }));

describe('GIS access with an API key (QGIS/ArcGIS by URL)', () => {
  async function keyOf(headers: Record<string, string>, body: Record<string, unknown> = {}) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user-management/api-keys',
      headers,
      payload: { name: 'QGIS', ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return apiKeyCreatedSchema.parse(res.json());
  }

  it('reads tiles and a WMTS document whose tile template carries the key', async () => {
    const { key } = await keyOf(adminHeaders);
    const t = tileAt(northWest, 18);
    const tile = await app.inject({
      method: 'GET',
      url: `/api/imagery/captures/${mosaicCaptures.older}/tiles/${t.z}/${t.x}/${t.y}?api_key=${key}`,
    });
    expect(tile.statusCode, tile.body).toBe(200);
    close(await pixel(tile.rawPayload, t.px, t.py), QUADRANT_COLOURS.nw);
    const wmts = await app.inject({ method: 'GET', url: `/api/imagery/captures/latest/wmts?api_key=${key}` });
    expect(wmts.statusCode, wmts.body).toBe(200);
    expect(wmts.body).toContain(
      `/api/imagery/captures/latest/tiles/{TileMatrix}/{TileCol}/{TileRow}?api_key=${encodeURIComponent(key)}`,
    );
    expect(wmts.body).not.toContain('sig=');
  });

  it("refuses another organisation's key without imagery, a key limited to other products, and a revoked key", async () => {
    const t = tileAt(northWest, 18);
    const url = (key: string) =>
      `/api/imagery/captures/${mosaicCaptures.older}/tiles/${t.z}/${t.x}/${t.y}?api_key=${encodeURIComponent(key)}`;
    const noImagery = await createOrganization(database.db, { products: ['zorro'] });
    const otherAdmin = await authHeader(app, await createUser(database.db, { org: noImagery, role: 'admin' }));
    const foreign = await keyOf(otherAdmin);
    const refused = await app.inject({ method: 'GET', url: url(foreign.key) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Imagery is not enabled for your organization.');
    expect(
      (await app.inject({ method: 'GET', url: `/api/imagery/captures/latest/wmts?api_key=${foreign.key}` })).statusCode,
    ).toBe(403);

    const mixed = await createOrganization(database.db, { products: ['zfire', 'zorro'] });
    const mixedAdmin = await authHeader(app, await createUser(database.db, { org: mixed, role: 'admin' }));
    const zorroOnly = await keyOf(mixedAdmin, { products: ['zorro'] });
    expect((await app.inject({ method: 'GET', url: url(zorroOnly.key) })).statusCode).toBe(403);

    const revoked = await keyOf(adminHeaders);
    const revoke = await app.inject({
      method: 'POST',
      url: `/api/user-management/api-keys/${revoked.id}/revoke`,
      headers: adminHeaders,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: url(revoked.key) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: url('zv_not_a_key') })).statusCode).toBe(401);
  });
});
