import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fromFile, type GeoTIFFImage } from 'geotiff';
import sharp from 'sharp';
import { badRequest } from '../../app-error.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { crsOf, epsgFromGeoKeys } from './crs.js';
import {
  mercatorToLngLat,
  nativeZoomFor,
  resolutionAt,
  tileOrigin,
  tileRangeOf,
  TILE_PX,
  type MercatorBounds,
} from './grid.js';
import './jpeg-decoder.js';
import { encodeTile, tileKey } from './tile-codec.js';
import { warpBlock } from './warp.js';

/**
 * Imports a georeferenced mosaic (Cloud-Optimized GeoTIFF, or any tiled or stripped GeoTIFF,
 * which this converts) into a Web Mercator tile pyramid in the blob store.
 *
 * Streaming: the source is read window by window with geotiff.js (only the TIFF tiles or strips
 * under a window are read and decoded), one block of 8 × 8 output tiles at a time, so memory is
 * bounded by the block (~16 MB of RGBA) whatever the mosaic's size. Each block yields its native
 * tiles and the three overview levels above them; coarser overviews are built from those tiles.
 */
export interface MosaicImportOptions {
  /** Blob key prefix of the pyramid, e.g. imagery/mos-abc. */
  keyPrefix: string;
  /** EPSG code when the file has no GeoKeys (e.g. a TIFF with a .tfw world file). */
  epsg?: number;
  /** Called after each block with the tiles written so far. */
  onProgress?: (progress: { blocks: number; totalBlocks: number; tiles: number }) => void;
  /** Tile writes in flight (an object store's latency is hidden by concurrency). */
  concurrency?: number;
}

export interface MosaicImportResult {
  crs: { epsg: number; name: string };
  width: number;
  height: number;
  /** WGS84 bounds of the imagery. */
  bounds: { west: number; south: number; east: number; north: number };
  minZoom: number;
  maxZoom: number;
  tiles: number;
  bytes: number;
}

/** Output tiles per block side at the native zoom (a block is one tile BLOCK_LEVELS zooms up). */
const BLOCK_LEVELS = 3;

interface Georef {
  originX: number;
  originY: number;
  resX: number;
  resY: number;
}

/** A world file (.tfw/.tifw/.wld beside the TIFF): A D B E C F, C/F at the first pixel's centre. */
function readWorldFile(file: string): Georef | null {
  const base = file.replace(/\.[^.]+$/, '');
  for (const candidate of [`${base}.tfw`, `${base}.tifw`, `${file}w`, `${base}.wld`]) {
    if (!existsSync(candidate)) continue;
    const values = readFileSync(candidate, 'utf8').trim().split(/\s+/).map(Number);
    if (values.length < 6 || !values.every(Number.isFinite))
      throw badRequest(`${candidate} is not a world file (six numbers).`);
    const [a, d, b, e, c, f] = values as [number, number, number, number, number, number];
    if (b !== 0 || d !== 0) throw badRequest('Rotated world files are not supported: north-up imagery only.');
    return { originX: c - a / 2, originY: f - e / 2, resX: a, resY: e };
  }
  return null;
}

function georefOf(image: GeoTIFFImage, file: string): Georef {
  const world = readWorldFile(file);
  if (world) return world;
  try {
    const [originX, originY] = image.getOrigin() as [number, number];
    const [resX, resY] = image.getResolution() as [number, number];
    return { originX, originY, resX, resY };
  } catch {
    throw badRequest('The GeoTIFF has no georeferencing (no tie point and pixel scale, and no world file).');
  }
}

async function pool<T>(items: AsyncIterable<T> | Iterable<T>, limit: number, work: (item: T) => Promise<void>) {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const p = work(item).finally(() => running.delete(p));
    running.add(p);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
}

export async function importMosaic(
  file: string,
  store: BlobStore,
  options: MosaicImportOptions,
): Promise<MosaicImportResult> {
  const tiff = await fromFile(file);
  try {
    const image = await tiff.getImage();
    const width = image.getWidth();
    const height = image.getHeight();
    for (let s = 0; s < image.getSamplesPerPixel(); s++)
      if (image.getBitsPerSample(s) !== 8)
        throw badRequest(`Only 8-bit imagery is supported (sample ${s} has ${image.getBitsPerSample(s)} bits).`);
    const epsg = options.epsg ?? epsgFromGeoKeys(image.getGeoKeys() as Record<string, unknown> | null);
    if (!epsg) throw badRequest('The GeoTIFF declares no EPSG coordinate system: give one (--crs EPSG:<code>).');
    const crs = crsOf(epsg);
    const geo = georefOf(image, file);
    const toSourcePixel = (mx: number, my: number): [number, number] => {
      const [sx, sy] = crs.fromMercator(mx, my);
      return [(sx - geo.originX) / geo.resX, (sy - geo.originY) / geo.resY];
    };
    const toMercatorAt = (col: number, row: number) =>
      crs.toMercator(geo.originX + col * geo.resX, geo.originY + row * geo.resY);

    const bounds = mercatorBoundsOf(width, height, toMercatorAt);
    const [centreX, centreY] = toMercatorAt(width / 2, height / 2);
    const [, centreLat] = mercatorToLngLat(centreX, centreY);
    const [nextX, nextY] = toMercatorAt(width / 2 + 1, height / 2);
    const groundPerPixel = Math.hypot(nextX - centreX, nextY - centreY) * Math.cos((centreLat * Math.PI) / 180);
    if (!Number.isFinite(groundPerPixel) || groundPerPixel <= 0)
      throw badRequest('The imagery georeferencing does not give a pixel size.');
    const maxZoom = nativeZoomFor(groundPerPixel, centreLat);
    const blockZoom = Math.max(0, maxZoom - BLOCK_LEVELS);
    const blockPx = TILE_PX * 2 ** (maxZoom - blockZoom);

    const written = new Set<string>();
    let bytes = 0;
    const concurrency = options.concurrency ?? 8;
    const put = async (z: number, x: number, y: number, rgba: Uint8Array) => {
      const encoded = await encodeTile(rgba);
      if (!encoded) return;
      await store.write(tileKey(options.keyPrefix, z, x, y), Readable.from([encoded]));
      written.add(`${z}/${x}/${y}`);
      bytes += encoded.length;
    };

    const blocks = tileRangeOf(bounds, blockZoom);
    const totalBlocks = (blocks.maxX - blocks.minX + 1) * (blocks.maxY - blocks.minY + 1);
    let done = 0;
    const canvas = new Uint8Array(blockPx * blockPx * 4);
    for (let by = blocks.minY; by <= blocks.maxY; by++) {
      for (let bx = blocks.minX; bx <= blocks.maxX; bx++) {
        const tiles = await renderBlock(image, canvas, blockZoom, bx, by, maxZoom, blockPx, toSourcePixel, {
          width,
          height,
        });
        if (tiles) await pool(tiles, concurrency, (t) => put(t.z, t.x, t.y, t.rgba));
        done++;
        options.onProgress?.({ blocks: done, totalBlocks, tiles: written.size });
      }
    }

    // Coarser overviews from the tiles just written, four children to a parent.
    let minZoom = blockZoom;
    for (let z = blockZoom - 1; z >= 0; z--) {
      const range = tileRangeOf(bounds, z);
      const parents: { x: number; y: number }[] = [];
      for (let y = range.minY; y <= range.maxY; y++)
        for (let x = range.minX; x <= range.maxX; x++) parents.push({ x, y });
      await pool(parents, concurrency, async ({ x, y }) => {
        const rgba = await overviewFromChildren(store, options.keyPrefix, written, z, x, y);
        if (rgba) await put(z, x, y, rgba);
      });
      minZoom = z;
      if (range.minX === range.maxX && range.minY === range.maxY) break;
    }
    const [west, south] = mercatorToLngLat(bounds.minX, bounds.minY);
    const [east, north] = mercatorToLngLat(bounds.maxX, bounds.maxY);
    return {
      crs: { epsg: crs.epsg, name: crs.name },
      width,
      height,
      bounds: { west, south, east, north },
      minZoom,
      maxZoom,
      tiles: written.size,
      bytes,
    };
  } finally {
    tiff.close?.();
  }
}

/** The Mercator rectangle of the image: its edges projected at 32 points each (projected edges curve). */
function mercatorBoundsOf(
  width: number,
  height: number,
  toMercatorAt: (col: number, row: number) => [number, number],
): MercatorBounds {
  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = ([x, y]: [number, number]) => {
    b.minX = Math.min(b.minX, x);
    b.maxX = Math.max(b.maxX, x);
    b.minY = Math.min(b.minY, y);
    b.maxY = Math.max(b.maxY, y);
  };
  for (let i = 0; i <= 32; i++) {
    const t = i / 32;
    add(toMercatorAt(t * width, 0));
    add(toMercatorAt(t * width, height));
    add(toMercatorAt(0, t * height));
    add(toMercatorAt(width, t * height));
  }
  if (![b.minX, b.minY, b.maxX, b.maxY].every(Number.isFinite))
    throw badRequest('The imagery lies outside what Web Mercator can show.');
  return b;
}

type RawTile = { z: number; x: number; y: number; rgba: Uint8Array };

/** Reprojects one block and cuts it into tiles at the native zoom and the BLOCK_LEVELS above. */
async function renderBlock(
  image: GeoTIFFImage,
  canvas: Uint8Array,
  blockZoom: number,
  bx: number,
  by: number,
  maxZoom: number,
  blockPx: number,
  toSourcePixel: (mx: number, my: number) => [number, number],
  size: { width: number; height: number },
): Promise<RawTile[] | null> {
  const res = resolutionAt(maxZoom);
  const [ox, oy] = tileOrigin(blockZoom, bx, by);
  // The source window under the block, from the block's outline and inside, padded for bilinear.
  let u0 = Infinity;
  let v0 = Infinity;
  let u1 = -Infinity;
  let v1 = -Infinity;
  for (let j = 0; j <= 8; j++)
    for (let i = 0; i <= 8; i++) {
      const [u, v] = toSourcePixel(ox + (i / 8) * blockPx * res, oy - (j / 8) * blockPx * res);
      u0 = Math.min(u0, u);
      u1 = Math.max(u1, u);
      v0 = Math.min(v0, v);
      v1 = Math.max(v1, v);
    }
  const x0 = Math.max(0, Math.floor(u0) - 2);
  const y0 = Math.max(0, Math.floor(v0) - 2);
  const x1 = Math.min(size.width, Math.ceil(u1) + 2);
  const y1 = Math.min(size.height, Math.ceil(v1) + 2);
  if (x1 <= x0 || y1 <= y0) return null;
  const raster = (await image.readRGB({ window: [x0, y0, x1, y1], interleave: true, enableAlpha: true })) as unknown as
    Uint8Array | Uint8ClampedArray;
  const channels = raster.length / ((x1 - x0) * (y1 - y0));
  if (channels !== 3 && channels !== 4) throw badRequest('Unsupported band layout: expected RGB, RGBA or grey.');
  canvas.fill(0);
  warpBlock(canvas, blockPx, ox, oy, res, toSourcePixel, {
    data: raster,
    channels,
    x0,
    y0,
    width: x1 - x0,
    height: y1 - y0,
    imageWidth: size.width,
    imageHeight: size.height,
  });
  const tiles: RawTile[] = [];
  let level: Uint8Array = canvas;
  let levelPx = blockPx;
  for (let z = maxZoom; z >= blockZoom; z--) {
    const perSide = levelPx / TILE_PX;
    for (let ty = 0; ty < perSide; ty++)
      for (let tx = 0; tx < perSide; tx++) {
        const rgba = cutTile(level, levelPx, tx, ty);
        if (rgba) tiles.push({ z, x: bx * perSide + tx, y: by * perSide + ty, rgba });
      }
    if (z > blockZoom) {
      levelPx /= 2;
      level = new Uint8Array(
        await sharp(level, { raw: { width: levelPx * 2, height: levelPx * 2, channels: 4 } })
          .resize(levelPx, levelPx, { kernel: 'linear' })
          .raw()
          .toBuffer(),
      );
    }
  }
  return tiles;
}

/** One 256² tile of an RGBA level; null when fully transparent. */
function cutTile(level: Uint8Array, levelPx: number, tx: number, ty: number): Uint8Array | null {
  const out = new Uint8Array(TILE_PX * TILE_PX * 4);
  let any = false;
  for (let row = 0; row < TILE_PX; row++) {
    const start = ((ty * TILE_PX + row) * levelPx + tx * TILE_PX) * 4;
    out.set(level.subarray(start, start + TILE_PX * 4), row * TILE_PX * 4);
  }
  for (let i = 3; i < out.length; i += 4)
    if (out[i] !== 0) {
      any = true;
      break;
    }
  return any ? out : null;
}

async function overviewFromChildren(
  store: BlobStore,
  prefix: string,
  written: Set<string>,
  z: number,
  x: number,
  y: number,
): Promise<Uint8Array | null> {
  const children: sharp.OverlayOptions[] = [];
  for (const [dx, dy] of [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ] as const) {
    const cx = x * 2 + dx;
    const cy = y * 2 + dy;
    if (!written.has(`${z + 1}/${cx}/${cy}`)) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of store.read(tileKey(prefix, z + 1, cx, cy))) chunks.push(chunk as Buffer);
    children.push({ input: Buffer.concat(chunks), left: dx * TILE_PX, top: dy * TILE_PX });
  }
  if (!children.length) return null;
  const mosaic = await sharp({
    create: { width: TILE_PX * 2, height: TILE_PX * 2, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite(children)
    .raw()
    .toBuffer();
  return new Uint8Array(
    await sharp(mosaic, { raw: { width: TILE_PX * 2, height: TILE_PX * 2, channels: 4 } })
      .resize(TILE_PX, TILE_PX, { kernel: 'linear' })
      .raw()
      .toBuffer(),
  );
}
