import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { getDecoder } from 'geotiff';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lngLatToTileFraction, type LngLat } from '../src/domain/imagery/geo.js';
import { importMosaic } from '../src/domain/imagery/mosaic/importer.js';
import { MosaicTiles, type MosaicRef } from '../src/domain/imagery/mosaic/tiles.js';
import { LocalBlobStore, type BlobStore } from '../src/storage/blob-store.js';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';
import { FIXTURE_CENTER } from './fixtures/scene.js';
import { QUADRANT_COLOURS, writeGeographicTiff, writeUtmTiledTiff } from './support/geotiff-fixtures.js';

/**
 * The importer and tile reader on small generated mosaics in two coordinate systems (a plain
 * EPSG:4326 GeoTIFF with GeoKeys; a tiled, JPEG, pyramidal TIFF in UTM 13N with a world file),
 * from both blob stores: a local directory and an S3-compatible one (s3rver on loopback).
 */
const temp = mkdtempSync(path.join(os.tmpdir(), 'zview-mosaics-'));
const SPAN_DEG = 0.004;
const geographicFile = path.join(temp, 'denver-4326.tif');
const utmFile = path.join(temp, 'denver-utm13.tif');
let s3server: { close(): Promise<void> };
let s3: S3BlobStore;

beforeAll(async () => {
  const [lng, lat] = FIXTURE_CENTER;
  writeGeographicTiff(geographicFile, {
    west: lng - SPAN_DEG / 2,
    north: lat + SPAN_DEG / 2,
    degreesPerPixel: SPAN_DEG / 600,
    width: 600,
    height: 600,
  });
  await writeUtmTiledTiff(utmFile, { lng, lat, epsg: 32613, zone: 13, metresPerPixel: 0.5, width: 700, height: 500 });
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
  });
});

afterAll(async () => {
  s3?.close();
  await s3server?.close();
  rmSync(temp, { recursive: true, force: true });
});

/** The RGBA of the tile pixel over a point at zoom z. */
async function pixelAt(tiles: MosaicTiles, ref: MosaicRef, point: LngLat, z: number) {
  const [fx, fy] = lngLatToTileFraction(point, z);
  const tile = await tiles.tile(ref, z, Math.floor(fx), Math.floor(fy));
  if (!tile) return null;
  const { data, info } = await sharp(tile.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const px = Math.floor((fx % 1) * 256);
  const py = Math.floor((fy % 1) * 256);
  const o = (py * info.width + px) * 4;
  return [data[o]!, data[o + 1]!, data[o + 2]!, data[o + 3]!];
}

const near = (actual: number[] | null, expected: readonly number[]) =>
  expect(actual && actual.slice(0, 3).every((v, i) => Math.abs(v - expected[i]!) <= 24)).toBe(true);

/** A point inside a quadrant of the image (a quarter of the span from the centre each way). */
const inQuadrant = (dx: -1 | 1, dy: -1 | 1, spanDeg: number): LngLat => [
  FIXTURE_CENTER[0] + (dx * spanDeg) / 4,
  FIXTURE_CENTER[1] + (dy * spanDeg) / 4,
];

const stores: [string, () => BlobStore][] = [
  ['local directory', () => new LocalBlobStore(path.join(temp, 'local'))],
  ['S3-compatible store', () => s3],
];

describe.each(stores)('mosaics in the %s', (_name, store) => {
  it('imports a plain EPSG:4326 GeoTIFF into a pyramid whose tiles put each quadrant where it belongs', async () => {
    const result = await importMosaic(geographicFile, store(), { keyPrefix: 'imagery/geo' });
    expect(result.crs.epsg).toBe(4326);
    expect(result.bounds.west).toBeCloseTo(FIXTURE_CENTER[0] - SPAN_DEG / 2, 6);
    expect(result.bounds.north).toBeCloseTo(FIXTURE_CENTER[1] + SPAN_DEG / 2, 6);
    // 0.00000667° ≈ 0.57 m east-west at 39.7° N: zoom 18's 0.46 m ground pixels are the first as fine.
    expect(result.maxZoom).toBe(18);
    expect(result.minZoom).toBeLessThan(result.maxZoom - 3);
    const ref = { id: 'geo', tilesKey: 'imagery/geo', minZoom: result.minZoom, maxZoom: result.maxZoom };
    const tiles = new MosaicTiles(store());
    near(await pixelAt(tiles, ref, inQuadrant(-1, 1, SPAN_DEG), 18), QUADRANT_COLOURS.nw);
    near(await pixelAt(tiles, ref, inQuadrant(1, 1, SPAN_DEG), 18), QUADRANT_COLOURS.ne);
    near(await pixelAt(tiles, ref, inQuadrant(-1, -1, SPAN_DEG), 18), QUADRANT_COLOURS.sw);
    near(await pixelAt(tiles, ref, inQuadrant(1, -1, SPAN_DEG), 18), QUADRANT_COLOURS.se);
    // Overviews (built from tiles) and zooms past the survey (enlarged) show the same places.
    near(await pixelAt(tiles, ref, inQuadrant(1, -1, SPAN_DEG), 16), QUADRANT_COLOURS.se);
    near(await pixelAt(tiles, ref, inQuadrant(-1, 1, SPAN_DEG), 20), QUADRANT_COLOURS.nw);
    // Outside the imagery: no tile, and transparent where a tile is only partly covered.
    expect(await pixelAt(tiles, ref, [FIXTURE_CENTER[0] + 0.05, FIXTURE_CENTER[1]], 18)).toBeNull();
    expect((await pixelAt(tiles, ref, [FIXTURE_CENTER[0] + SPAN_DEG * 0.51, FIXTURE_CENTER[1]], 18))?.[3] ?? 0).toBe(0);
  });

  it('imports a tiled, JPEG-compressed UTM mosaic (world file + CRS) reprojected to Web Mercator', async () => {
    const result = await importMosaic(utmFile, store(), { keyPrefix: 'imagery/utm', epsg: 32613 });
    expect(result.crs).toEqual({ epsg: 32613, name: 'WGS 84 / UTM zone 13N' });
    const ref = { id: 'utm', tilesKey: 'imagery/utm', minZoom: result.minZoom, maxZoom: result.maxZoom };
    const tiles = new MosaicTiles(store());
    // 350 m × 250 m around the centre: quadrants a quarter of that away.
    const dLng = 350 / (111_320 * Math.cos((FIXTURE_CENTER[1] * Math.PI) / 180)) / 4;
    const dLat = 250 / 111_320 / 4;
    const at = (dx: number, dy: number): LngLat => [FIXTURE_CENTER[0] + dx * dLng, FIXTURE_CENTER[1] + dy * dLat];
    near(await pixelAt(tiles, ref, at(-1, 1), result.maxZoom), QUADRANT_COLOURS.nw);
    near(await pixelAt(tiles, ref, at(1, 1), result.maxZoom), QUADRANT_COLOURS.ne);
    near(await pixelAt(tiles, ref, at(-1, -1), result.maxZoom), QUADRANT_COLOURS.sw);
    near(await pixelAt(tiles, ref, at(1, -1), result.maxZoom), QUADRANT_COLOURS.se);
  });
});

describe('what a tile costs the store', () => {
  it('reads a cold tile with one request, a warm or re-asked enlarged tile with none', async () => {
    const result = await importMosaic(utmFile, s3, { keyPrefix: 'imagery/cost', epsg: 32613 });
    const reads: string[] = [];
    const counted: BlobStore = Object.create(s3) as BlobStore;
    counted.read = (key, range) => {
      reads.push(range ? `${key} ${range.start}-${range.end}` : key);
      return s3.read(key, range);
    };
    const ref = { id: 'cost', tilesKey: 'imagery/cost', minZoom: result.minZoom, maxZoom: result.maxZoom };
    const tiles = new MosaicTiles(counted);
    const [fx, fy] = lngLatToTileFraction(FIXTURE_CENTER, ref.maxZoom);
    const [x, y] = [Math.floor(fx), Math.floor(fy)];

    expect(await tiles.tile(ref, ref.maxZoom, x, y)).not.toBeNull();
    expect(reads).toEqual([`imagery/cost/${ref.maxZoom}/${x}/${y}`]);
    await tiles.tile(ref, ref.maxZoom, x, y);
    expect(reads).toHaveLength(1);

    // Two levels past the survey: its native ancestor (already read) enlarged, then kept.
    const deeper = await tiles.tile(ref, ref.maxZoom + 2, x * 4 + 1, y * 4 + 2);
    const again = await tiles.tile(ref, ref.maxZoom + 2, x * 4 + 1, y * 4 + 2);
    expect(deeper?.data.equals(again!.data)).toBe(true);
    expect(again?.data).toBe(deeper?.data);
    expect(reads).toHaveLength(1);

    // A tile outside the mosaic: one request, then known to be missing.
    expect(await tiles.tile(ref, ref.maxZoom, x + 40, y)).toBeNull();
    expect(await tiles.tile(ref, ref.maxZoom, x + 40, y)).toBeNull();
    expect(reads).toHaveLength(2);
  });
});

describe('decoding the source', () => {
  it("hands JPEG TIFF tiles to libjpeg (sharp), not geotiff.js's JavaScript decoder", async () => {
    // The importer registers the decoder; the UTM fixture's quadrants above are decoded by it.
    const decoder = await getDecoder(7, {
      tileWidth: 256,
      tileHeight: 256,
      predictor: 1,
      bitsPerSample: [8, 8, 8],
      planarConfiguration: 1,
    });
    expect(decoder.constructor.name).toBe('SharpJpegDecoder');
  });
});

describe('bad input', () => {
  it('refuses a file without a coordinate system, and unknown EPSG codes, with a clear message', async () => {
    const local = new LocalBlobStore(path.join(temp, 'bad'));
    await expect(importMosaic(utmFile, local, { keyPrefix: 'imagery/bad' })).rejects.toThrow(
      'The GeoTIFF declares no EPSG coordinate system: give one (--crs EPSG:<code>).',
    );
    await expect(importMosaic(utmFile, local, { keyPrefix: 'imagery/bad', epsg: 999_999 })).rejects.toThrow(
      'Unknown coordinate system EPSG:999999.',
    );
  });
});
