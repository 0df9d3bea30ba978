import sharp from 'sharp';
import type { BlobStore } from '../../../storage/blob-store.js';
import { TILE_PX } from './grid.js';
import { tileContentType, tileKey } from './tile-codec.js';

/** What the tile reader needs to know of an imported capture. */
export interface MosaicRef {
  id: string;
  tilesKey: string;
  minZoom: number;
  maxZoom: number;
}

export interface MosaicTile {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
}

/** Zooms past the native one served by enlarging its tile (a map zoomed in beyond the survey). */
export const OVERZOOM_LEVELS = 4;

/**
 * Serves tiles of imported pyramids from the blob store (local folder or S3: every process of a
 * fleet reads the same objects). Recently read tiles, and tiles known to be missing, are kept in
 * a bounded in-process LRU (the "warm" path); misses go to the store.
 */
export class MosaicTiles {
  private readonly lru = new Map<string, Buffer | null>();
  private lruBytes = 0;
  private readonly inFlight = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly store: BlobStore,
    private readonly maxCacheBytes = 64 * 1024 * 1024,
  ) {}

  /** The tile (z, x, y) of a capture; null where the capture has no imagery. */
  async tile(capture: MosaicRef, z: number, x: number, y: number): Promise<MosaicTile | null> {
    if (z < capture.minZoom || z > capture.maxZoom + OVERZOOM_LEVELS) return null;
    if (z <= capture.maxZoom) {
      const data = await this.read(tileKey(capture.tilesKey, z, x, y));
      return data ? { data, contentType: tileContentType(data) } : null;
    }
    // Deeper than the survey: the ancestor at the native zoom, its part enlarged. The result is
    // kept like a read tile, so a map panning over-zoomed does not decode and encode it again.
    const data = await this.memo(`${tileKey(capture.tilesKey, z, x, y)}/enlarged`, () =>
      this.enlarge(capture, z, x, y),
    );
    return data ? { data, contentType: tileContentType(data) } : null;
  }

  private async enlarge(capture: MosaicRef, z: number, x: number, y: number): Promise<Buffer | null> {
    const up = z - capture.maxZoom;
    const ax = x >> up;
    const ay = y >> up;
    const parent = await this.read(tileKey(capture.tilesKey, capture.maxZoom, ax, ay));
    if (!parent) return null;
    const span = TILE_PX >> up;
    const image = sharp(parent)
      .extract({ left: (x - (ax << up)) * span, top: (y - (ay << up)) * span, width: span, height: span })
      .resize(TILE_PX, TILE_PX, { kernel: 'cubic' });
    return (
      tileContentType(parent) === 'image/jpeg'
        ? image.jpeg({ quality: 85, mozjpeg: false })
        : image.png({ compressionLevel: 6 })
    ).toBuffer();
  }

  private read(key: string): Promise<Buffer | null> {
    return this.memo(key, () => readBlob(this.store, key));
  }

  /** The LRU's entry for key, or what produce() makes of it (once, however many ask at a time). */
  private async memo(key: string, produce: () => Promise<Buffer | null>): Promise<Buffer | null> {
    if (this.lru.has(key)) {
      const hit = this.lru.get(key)!;
      // Re-insert: Map order is recency.
      this.lru.delete(key);
      this.lru.set(key, hit);
      return hit;
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = produce().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const data = await pending;
    this.remember(key, data);
    return data;
  }

  private remember(key: string, data: Buffer | null) {
    if (this.lru.has(key)) return;
    this.lru.set(key, data);
    this.lruBytes += data?.length ?? 64;
    for (const [oldest, value] of this.lru) {
      if (this.lruBytes <= this.maxCacheBytes) break;
      this.lru.delete(oldest);
      this.lruBytes -= value?.length ?? 64;
    }
  }
}

/** A whole (small) blob, or null when there is none under the key. */
export async function readBlob(store: BlobStore, key: string): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of store.read(key)) chunks.push(chunk as Buffer);
  } catch (error) {
    const e = error as { code?: string; name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
    if (e.code === 'ENOENT' || e.name === 'NoSuchKey' || e.Code === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404)
      return null;
    throw error;
  }
  return Buffer.concat(chunks);
}
