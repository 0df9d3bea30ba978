import { type Kysely, sql } from 'kysely';

/**
 * Issue 47: imported imagery is a tile pyramid in the blob store, not one file on a disk. A capture
 * row of source 'imported' may now carry its pyramid: the blob key prefix, the zooms it holds, the
 * coordinate system it came in and its size. Listing captures over a map view (the "latest" layer,
 * QGIS/WMTS listings) orders by date within a bbox: an index for that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE imagery_captures
      ADD COLUMN tiles_key text,
      ADD COLUMN min_zoom smallint,
      ADD COLUMN max_zoom smallint,
      ADD COLUMN source_crs text,
      ADD COLUMN tile_count integer,
      ADD CONSTRAINT imagery_captures_pyramid_zooms CHECK (
        tiles_key IS NULL OR (min_zoom IS NOT NULL AND max_zoom IS NOT NULL AND min_zoom <= max_zoom)
      )`.execute(db);
  await sql`CREATE INDEX imagery_captures_pyramids_idx ON imagery_captures (captured_on DESC, id) WHERE tiles_key IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX imagery_captures_pyramids_idx`.execute(db);
  await sql`
    ALTER TABLE imagery_captures
      DROP CONSTRAINT imagery_captures_pyramid_zooms,
      DROP COLUMN tiles_key, DROP COLUMN min_zoom, DROP COLUMN max_zoom, DROP COLUMN source_crs, DROP COLUMN tile_count`.execute(
    db,
  );
}
