import { sql } from 'kysely';
import type { Db } from './database.js';

/** Imported imagery captures that are tile pyramids in the blob store (migration 1500). */

export interface NewMosaicCapture {
  id: string;
  capturedOn: string;
  provider: string;
  bounds: { west: number; south: number; east: number; north: number };
  tilesKey: string;
  minZoom: number;
  maxZoom: number;
  sourceCrs: string;
  width: number;
  height: number;
  tileCount: number;
}

export async function upsertMosaicCapture(db: Db, capture: NewMosaicCapture): Promise<void> {
  const row = {
    id: capture.id,
    source: 'imported' as const,
    neighbourhood_id: null,
    captured_on: capture.capturedOn,
    kind: 'ortho' as const,
    direction: null,
    provider: capture.provider,
    ...capture.bounds,
    file_path: null,
    media_type: 'image/jpeg',
    width: capture.width,
    height: capture.height,
    tiles_key: capture.tilesKey,
    min_zoom: capture.minZoom,
    max_zoom: capture.maxZoom,
    source_crs: capture.sourceCrs,
    tile_count: capture.tileCount,
  };
  await db
    .insertInto('imagery_captures')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, id: undefined }))
    .execute();
}

const MOSAIC_COLUMNS = [
  'id',
  'captured_on',
  'provider',
  'west',
  'south',
  'east',
  'north',
  'tiles_key',
  'min_zoom',
  'max_zoom',
  'source_crs',
  'width',
  'height',
  'tile_count',
] as const;

export async function findMosaicCapture(db: Db, id: string) {
  return db
    .selectFrom('imagery_captures')
    .select(MOSAIC_COLUMNS)
    .where('id', '=', id)
    .where('tiles_key', 'is not', null)
    .executeTakeFirst();
}

/** Pyramids whose bounds meet a bbox (all when none), newest first, one page. */
export async function listMosaicCaptures(
  db: Db,
  options: { bbox?: [number, number, number, number]; limit: number; offset: number },
) {
  let query = db
    .selectFrom('imagery_captures')
    .select(MOSAIC_COLUMNS)
    .select(sql<number>`count(*) OVER ()`.as('total'))
    .where('tiles_key', 'is not', null);
  if (options.bbox) {
    const [w, s, e, n] = options.bbox;
    query = query.where('west', '<', e).where('east', '>', w).where('south', '<', n).where('north', '>', s);
  }
  return query.orderBy('captured_on', 'desc').orderBy('id').limit(options.limit).offset(options.offset).execute();
}

/** The union of every pyramid's bounds (the "latest" layer's extent), or null when none. */
export async function mosaicExtent(db: Db) {
  const row = await db
    .selectFrom('imagery_captures')
    .select([
      sql<number | null>`min(west)`.as('west'),
      sql<number | null>`min(south)`.as('south'),
      sql<number | null>`max(east)`.as('east'),
      sql<number | null>`max(north)`.as('north'),
      sql<number | null>`min(min_zoom)`.as('min_zoom'),
      sql<number | null>`max(max_zoom)`.as('max_zoom'),
    ])
    .where('tiles_key', 'is not', null)
    .executeTakeFirst();
  return row && row.west !== null ? row : null;
}
