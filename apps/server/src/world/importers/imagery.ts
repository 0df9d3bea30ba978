import { copyFile, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { fromFile } from 'geotiff';
import type { Db } from '../../db/database.js';
import { upsertMosaicCapture } from '../../db/imagery-mosaics.js';
import { importMosaic, type MosaicImportResult } from '../../domain/imagery/mosaic/importer.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { hashString } from '../random.js';

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface CaptureInfo {
  /** YYYY-MM-DD */
  capturedOn: string;
  provider: string;
  kind?: 'ortho' | 'oblique';
  direction?: 'north' | 'east' | 'south' | 'west' | null;
  /** Where imported image files are kept (e.g. DATA_DIR/imagery); the imagery renderer serves them from there. */
  storageDir: string;
}

export interface ImportedCapture {
  id: string;
  bounds: Bounds;
  width: number;
  height: number;
  filePath: string;
  mediaType: string;
}

const WEB_MERCATOR = 3857;
const WGS84 = 4326;

/**
 * Imports a georeferenced GeoTIFF (EPSG:4326 or EPSG:3857) as an imagery capture: its bounds
 * are read from the file's geokeys, the file is copied into storage, and a capture row records
 * bounds, date, kind and provider.
 */
export async function importGeoTiff(db: Db, file: string, info: CaptureInfo): Promise<ImportedCapture> {
  const tiff = await fromFile(file);
  const image = await tiff.getImage();
  const keys = (image.getGeoKeys() ?? {}) as Record<string, number | undefined>;
  const epsg = keys.ProjectedCSTypeGeoKey ?? keys.GeographicTypeGeoKey;
  const [minX, minY, maxX, maxY] = image.getBoundingBox();
  let bounds: Bounds;
  if (epsg === WGS84) bounds = { west: minX!, south: minY!, east: maxX!, north: maxY! };
  else if (epsg === WEB_MERCATOR) {
    const [west, south] = mercatorToLngLat(minX!, minY!);
    const [east, north] = mercatorToLngLat(maxX!, maxY!);
    bounds = { west, south, east, north };
  } else {
    throw new Error(
      `Unsupported GeoTIFF coordinate system (EPSG ${epsg ?? 'unknown'}): reproject to EPSG:4326 or EPSG:3857`,
    );
  }
  return storeCapture(db, file, { ...info }, validBounds(bounds), {
    width: image.getWidth(),
    height: image.getHeight(),
    mediaType: 'image/tiff',
    extension: '.tif',
  });
}

export interface MosaicCaptureInfo {
  /** YYYY-MM-DD */
  capturedOn: string;
  provider: string;
  /** EPSG code when the file has no GeoKeys (a TIFF with a world file). */
  epsg?: number;
  onProgress?: (progress: { blocks: number; totalBlocks: number; tiles: number }) => void;
}

/**
 * Imports a GeoTIFF or Cloud-Optimized GeoTIFF mosaic of any size as a tile pyramid in the blob
 * store (streamed: see domain/imagery/mosaic/importer.ts) and records it as an ortho capture.
 * Several captures of one area are several imports with their own dates and providers.
 */
export async function importMosaicCapture(
  db: Db,
  store: BlobStore,
  file: string,
  info: MosaicCaptureInfo,
): Promise<MosaicImportResult & { id: string }> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(info.capturedOn) || Number.isNaN(Date.parse(info.capturedOn)))
    throw new Error(`capturedOn must be YYYY-MM-DD, got ${info.capturedOn}`);
  const id = `mos-${hashString(`${path.basename(file)}|${info.capturedOn}|${info.provider}`).toString(36)}`;
  const tilesKey = `imagery/${id}`;
  const result = await importMosaic(file, store, { keyPrefix: tilesKey, epsg: info.epsg, onProgress: info.onProgress });
  await upsertMosaicCapture(db, {
    id,
    capturedOn: info.capturedOn,
    provider: info.provider,
    bounds: validBounds(result.bounds),
    tilesKey,
    minZoom: result.minZoom,
    maxZoom: result.maxZoom,
    sourceCrs: `EPSG:${result.crs.epsg}`,
    width: result.width,
    height: result.height,
    tileCount: result.tiles,
  });
  return { id, ...result };
}

/** Imports a PNG or JPEG with its bounds given separately (as a world file or a map overlay would). */
export async function importImageWithBounds(
  db: Db,
  file: string,
  bounds: Bounds,
  info: CaptureInfo,
): Promise<ImportedCapture> {
  const { width, height, mediaType } = await imageDimensions(file);
  return storeCapture(db, file, info, validBounds(bounds), {
    width,
    height,
    mediaType,
    extension: mediaType === 'image/png' ? '.png' : '.jpg',
  });
}

async function storeCapture(
  db: Db,
  file: string,
  info: CaptureInfo,
  bounds: Bounds,
  image: { width: number; height: number; mediaType: string; extension: string },
): Promise<ImportedCapture> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(info.capturedOn) || Number.isNaN(Date.parse(info.capturedOn)))
    throw new Error(`capturedOn must be YYYY-MM-DD, got ${info.capturedOn}`);
  const kind = info.kind ?? 'ortho';
  const direction = kind === 'ortho' ? null : (info.direction ?? null);
  if (kind === 'oblique' && !direction) throw new Error('An oblique capture needs a direction');
  const id = `imp-cap-${hashString(`${path.basename(file)}|${info.capturedOn}|${JSON.stringify(bounds)}`).toString(36)}`;
  await mkdir(info.storageDir, { recursive: true });
  const filePath = path.join(info.storageDir, `${id}${image.extension}`);
  await copyFile(file, filePath);
  await db
    .insertInto('imagery_captures')
    .values({
      id,
      source: 'imported',
      neighbourhood_id: null,
      captured_on: info.capturedOn,
      kind,
      direction,
      provider: info.provider,
      ...bounds,
      file_path: filePath,
      media_type: image.mediaType,
      width: image.width,
      height: image.height,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ file_path: filePath, provider: info.provider }))
    .execute();
  return { id, bounds, width: image.width, height: image.height, filePath, mediaType: image.mediaType };
}

function validBounds(b: Bounds): Bounds {
  const ok =
    [b.west, b.south, b.east, b.north].every(Number.isFinite) &&
    b.west < b.east &&
    b.south < b.north &&
    Math.abs(b.south) <= 90 &&
    Math.abs(b.north) <= 90 &&
    Math.abs(b.west) <= 180 &&
    Math.abs(b.east) <= 180;
  if (!ok) throw new Error(`Invalid image bounds ${JSON.stringify(b)}: need west < east and south < north in degrees`);
  return b;
}

function mercatorToLngLat(x: number, y: number): [number, number] {
  const R = 6378137;
  return [(x / R) * (180 / Math.PI), (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI)];
}

/** Width and height from a PNG IHDR or a JPEG SOF marker (reads only the header). */
export async function imageDimensions(
  file: string,
): Promise<{ width: number; height: number; mediaType: 'image/png' | 'image/jpeg' }> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256 * 1024), 0, 256 * 1024, 0);
    const data = buffer.subarray(0, bytesRead);
    if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47) {
      return { width: data.readUInt32BE(16), height: data.readUInt32BE(20), mediaType: 'image/png' };
    }
    if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
      let offset = 2;
      while (offset + 9 < data.length) {
        if (data[offset] !== 0xff) break;
        const marker = data[offset + 1]!;
        const length = data.readUInt16BE(offset + 2);
        // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return {
            height: data.readUInt16BE(offset + 5),
            width: data.readUInt16BE(offset + 7),
            mediaType: 'image/jpeg',
          };
        }
        offset += 2 + length;
      }
    }
    throw new Error(`${path.basename(file)} is not a PNG or JPEG image`);
  } finally {
    await handle.close();
  }
}
