import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader as Pbf } from 'pbf';
import { describe, expect, it } from 'vitest';
import { createMember, multipart, usePortfolioTestApp, waitFor } from './app.js';

/**
 * The results map's vector tiles: clusters whose counts add up to the portfolio, single
 * properties at high zoom, and access by bearer token of the owner or by a signed URL only.
 */
const { app, db } = await usePortfolioTestApp({ chunkSize: 20 });
const owner = await createMember(app, db);
const stranger = await createMember(app, db);

/** XYZ tile containing a point. */
function tileOf(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x, y };
}

function decode(body: Buffer) {
  const layer = new VectorTile(new Pbf(body)).layers.properties;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => {
    const feature = layer.feature(i);
    return { properties: feature.properties, point: feature.loadGeometry()[0]![0]!, extent: layer.extent };
  });
}

// 40 properties in a small patch of Austin, 3 in Denver, and one row that cannot be placed.
const rows = ['id,lat,lon'];
for (let i = 0; i < 40; i += 1)
  rows.push(`A-${i},${(30.26 + (i % 8) * 0.001).toFixed(4)},${(-97.74 - Math.floor(i / 8) * 0.001).toFixed(4)}`);
rows.push('D-1,39.74,-104.99', 'D-2,39.75,-104.98', 'D-3,39.73,-104.97', 'X-1,,');
const body = multipart('map.csv', `${rows.join('\n')}\n`);
const up = await app.inject({
  method: 'POST',
  url: '/api/caribou/portfolio/csv',
  headers: { ...owner.headers, ...body.headers },
  payload: body.payload,
});
const created = await app.inject({
  method: 'POST',
  url: '/api/caribou/portfolios',
  headers: owner.headers,
  payload: { name: 'Mapped book', products: 'zfire', uploadedFileName: up.json().uploadedFileName },
});
const portfolioId: number = created.json()[0].portfolioId;
const meta: { products: { riskLevels: Record<string, number> }[] } = await waitFor(
  async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/metadata`,
      headers: owner.headers,
    });
    return res.json().products?.[0]?.status === 'READY' ? res.json() : null;
  },
  60_000,
  'READY',
);
const source = (
  await app.inject({
    method: 'GET',
    url: `/api/caribou/portfolio/${portfolioId}/map?product=zfire`,
    headers: owner.headers,
  })
).json();
/** The signed template's path and query, with a tile filled in. */
const signedTile = (t: { z: number; x: number; y: number }) =>
  (source.tiles[0] as string)
    .replace(/^https?:\/\/[^/]+/, '')
    .replace('{z}', String(t.z))
    .replace('{x}', String(t.x))
    .replace('{y}', String(t.y));

describe('GET /caribou/portfolio/{id}/map', () => {
  it('describes the tile source: a signed template, the layer and the bounds of the placed rows', () => {
    expect(source.layer).toBe('properties');
    expect(source.tiles[0]).toMatch(
      new RegExp(
        `/api/caribou/portfolio/${portfolioId}/tiles/\\{z\\}/\\{x\\}/\\{y\\}\\.pbf\\?product=zfire&run=\\d+&exp=\\d+&sig=`,
      ),
    );
    const [west, south, east, north] = source.bounds;
    expect(west).toBeCloseTo(-104.99 + 0, 2);
    expect(east).toBeCloseTo(-97.74, 2);
    expect(south).toBeCloseTo(30.26, 2);
    expect(north).toBeCloseTo(39.75, 2);
  });
});

describe('GET /caribou/portfolio/{id}/tiles/{z}/{x}/{y}.pbf', () => {
  it('at low zoom: clusters whose counts and risk levels add up to every placed row', async () => {
    const tile = tileOf(-100, 35, 3); // one tile holds both cities
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/tiles/${tile.z}/${tile.x}/${tile.y}.pbf?product=zfire`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const features = decode(res.rawPayload);
    expect(features.length).toBe(2); // Austin and Denver, each one cluster
    const total = (key: string) => features.reduce((sum, f) => sum + Number(f.properties[key] ?? 0), 0);
    expect(total('count')).toBe(43);
    const levels = meta.products[0]!.riskLevels;
    for (const level of ['low', 'medium', 'high']) expect(total(level), level).toBe(levels[level]);
    for (const f of features) {
      expect(f.properties.cluster).toBe(true);
      expect(['low', 'medium', 'high', 'none']).toContain(f.properties.risk);
      expect(f.point.x).toBeGreaterThanOrEqual(0);
      expect(f.point.x).toBeLessThanOrEqual(f.extent);
    }
  });

  it('at high zoom: one point per property, with its row number and risk level', async () => {
    const tile = tileOf(-97.7415, 30.2635, 14);
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/tiles/${tile.z}/${tile.x}/${tile.y}.pbf?product=zfire`,
      headers: owner.headers,
    });
    const features = decode(res.rawPayload);
    expect(features.length).toBe(40);
    const refs = features.map((f) => f.properties.ref).sort();
    expect(refs).toContain('A-0');
    const first = features.find((f) => f.properties.ref === 'A-0')!;
    expect(first.properties).toMatchObject({ cluster: false, count: 1, row: 1 });
    const detail = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/property/1/zfire`,
      headers: owner.headers,
    });
    expect(detail.json().result.riskLevel).toBe(first.properties.risk);
  });

  it('an empty tile is a valid, empty vector tile', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/tiles/10/0/0.pbf?product=zfire`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(decode(res.rawPayload)).toEqual([]);
  });

  it('answers a signed URL without a bearer token, and nothing else', async () => {
    const tile = tileOf(-100, 35, 3);
    const signed = await app.inject({ method: 'GET', url: signedTile(tile) });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(decode(signed.rawPayload).length).toBe(2);
    expect(signed.headers['cache-control']).toBe('private, max-age=86400');

    const plain = `/api/caribou/portfolio/${portfolioId}/tiles/3/${tile.x}/${tile.y}.pbf?product=zfire`;
    expect((await app.inject({ method: 'GET', url: plain })).statusCode).toBe(401);
    const tampered = signedTile(tile).replace(/sig=([A-Za-z0-9_-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    // The signature of one portfolio does not open another.
    const other = signedTile(tile).replace(`/portfolio/${portfolioId}/`, `/portfolio/${portfolioId + 1000}/`);
    expect((await app.inject({ method: 'GET', url: other })).statusCode).toBe(403);
  });

  it("another organisation's member gets 404, and no map source", async () => {
    const tile = tileOf(-100, 35, 3);
    const res = await app.inject({
      method: 'GET',
      url: `/api/caribou/portfolio/${portfolioId}/tiles/3/${tile.x}/${tile.y}.pbf?product=zfire`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/caribou/portfolio/${portfolioId}/map?product=zfire`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses tile addresses outside the grid and unknown products with 4xx', async () => {
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/caribou/portfolio/${portfolioId}/tiles/3/8/0.pbf?product=zfire`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/caribou/portfolio/${portfolioId}/tiles/3/0/0.pbf`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/caribou/portfolio/${portfolioId}/tiles/3/0/0.pbf?product=zhail`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});
