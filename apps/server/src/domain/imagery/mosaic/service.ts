import sharp from 'sharp';
import type { Db } from '../../../db/database.js';
import { findMosaicCapture, listMosaicCaptures } from '../../../db/imagery-mosaics.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { tileToBBox, toMercator, type BBox } from '../geo.js';
import { MERCATOR_HALF, resolutionAt, TILE_PX } from './grid.js';
import { MosaicTiles, OVERZOOM_LEVELS, type MosaicRef, type MosaicTile } from './tiles.js';

const CAPTURE_TTL_MS = 10_000;
const CAPTURES_KNOWN = 1000;

/** The layer id that means "the newest capture that has imagery here". */
export const LATEST_LAYER = 'latest';

export interface MosaicCapture extends MosaicRef {
  capturedOn: string;
  provider: string;
  bounds: BBox;
  sourceCrs: string | null;
}

type Row = NonNullable<Awaited<ReturnType<typeof findMosaicCapture>>>;

const isoDate = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export function mosaicOfRow(row: Row): MosaicCapture {
  return {
    id: row.id,
    tilesKey: row.tiles_key!,
    minZoom: row.min_zoom!,
    maxZoom: row.max_zoom!,
    capturedOn: isoDate(row.captured_on as unknown as Date | string),
    provider: row.provider,
    bounds: [row.west, row.south, row.east, row.north],
    sourceCrs: row.source_crs,
  };
}

/**
 * Imported imagery as tiles: one capture's, or the "latest" layer (for each tile, the newest
 * capture that has imagery there), and property images cut from a capture's tiles.
 */
export class MosaicService {
  readonly tiles: MosaicTiles;
  /**
   * Captures by id, briefly: a map asks for dozens of tiles of one capture a second, and each
   * would otherwise be a database round trip before its tile read. A capture's tiles are
   * immutable, so only a re-import or removal makes an entry stale, for at most CAPTURE_TTL_MS.
   */
  private readonly known = new Map<string, { capture: MosaicCapture; until: number }>();

  constructor(
    private readonly db: Db,
    store: BlobStore,
  ) {
    this.tiles = new MosaicTiles(store);
  }

  async capture(id: string): Promise<MosaicCapture | null> {
    const now = Date.now();
    const hit = this.known.get(id);
    if (hit && hit.until > now) return hit.capture;
    const row = await findMosaicCapture(this.db, id);
    const capture = row ? mosaicOfRow(row) : null;
    // Only captures that exist: one imported a moment ago by the CLI is served at once.
    if (!capture) return null;
    if (this.known.size >= CAPTURES_KNOWN) this.known.clear();
    this.known.set(id, { capture, until: now + CAPTURE_TTL_MS });
    return capture;
  }

  async list(options: { bbox?: BBox; limit: number; offset: number }) {
    const rows = await listMosaicCaptures(this.db, options);
    return { total: Number(rows[0]?.total ?? 0), captures: rows.map(mosaicOfRow) };
  }

  /** A tile of a capture, or of the newest capture with imagery there (`latest`). */
  async tile(layer: string, z: number, x: number, y: number): Promise<MosaicTile | null> {
    if (layer !== LATEST_LAYER) {
      const capture = await this.capture(layer);
      return capture ? this.tiles.tile(capture, z, x, y) : null;
    }
    return this.latestTile(z, x, y);
  }

  /** The newest capture's tile over (z, x, y); null where no imported capture has imagery. */
  async latestTile(z: number, x: number, y: number): Promise<MosaicTile | null> {
    const { captures } = await this.list({ bbox: tileToBBox(z, x, y), limit: 20, offset: 0 });
    for (const capture of captures) {
      if (z < capture.minZoom || z > capture.maxZoom + OVERZOOM_LEVELS) continue;
      const tile = await this.tiles.tile(capture, z, x, y);
      if (tile) return tile;
    }
    return null;
  }

  /**
   * The part of a capture under `bbox` as one image of width × height (a property's ortho on an
   * imported capture): the tiles at the zoom nearest the output's resolution, stitched and cut.
   * Null when the capture has no imagery there.
   */
  async crop(capture: MosaicRef, bbox: BBox, width: number, height: number): Promise<sharp.Sharp | null> {
    const [minX, minY] = toMercator([bbox[0], bbox[1]]);
    const [maxX, maxY] = toMercator([bbox[2], bbox[3]]);
    const wanted = (maxX - minX) / width;
    let z = capture.maxZoom;
    while (z > capture.minZoom && resolutionAt(z - 1) <= wanted) z--;
    const res = resolutionAt(z);
    const size = TILE_PX * res;
    const x0 = Math.floor((minX + MERCATOR_HALF) / size);
    const x1 = Math.floor((maxX + MERCATOR_HALF) / size);
    const y0 = Math.floor((MERCATOR_HALF - maxY) / size);
    const y1 = Math.floor((MERCATOR_HALF - minY) / size);
    const parts: sharp.OverlayOptions[] = [];
    const reads: Promise<void>[] = [];
    for (let ty = y0; ty <= y1; ty++)
      for (let tx = x0; tx <= x1; tx++)
        reads.push(
          this.tiles.tile(capture, z, tx, ty).then((tile) => {
            if (tile) parts.push({ input: tile.data, left: (tx - x0) * TILE_PX, top: (ty - y0) * TILE_PX });
          }),
        );
    await Promise.all(reads);
    if (!parts.length) return null;
    const canvas = await sharp({
      create: {
        width: (x1 - x0 + 1) * TILE_PX,
        height: (y1 - y0 + 1) * TILE_PX,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
      },
    })
      .composite(parts)
      .png({ compressionLevel: 0 })
      .toBuffer();
    const left = Math.max(0, Math.round((minX + MERCATOR_HALF) / res - x0 * TILE_PX));
    const top = Math.max(0, Math.round((MERCATOR_HALF - maxY) / res - y0 * TILE_PX));
    const w = Math.max(1, Math.min((x1 - x0 + 1) * TILE_PX - left, Math.round((maxX - minX) / res)));
    const h = Math.max(1, Math.min((y1 - y0 + 1) * TILE_PX - top, Math.round((maxY - minY) / res)));
    return sharp(canvas).extract({ left, top, width: w, height: h }).resize(width, height, { fit: 'fill' });
  }
}
