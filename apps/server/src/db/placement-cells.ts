import { copyOut } from './copy-out.js';
import { forEachCopyLine, unescapeCopyText } from './copy-text.js';
import { withOwnConnection, type Db } from './database.js';

/**
 * Reading `placement_cells` (migration 0330) whole, and where the world's properties are, for the
 * in-memory parcel grid the ingest and the runs place points with (domain/portfolio/pipeline/parcel-grid.ts).
 */

/** The current world revision when its placement cells are built, else null (nothing to load yet). */
export async function builtPlacementRevision(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('world_revision')
    .innerJoin('placement_builds', 'placement_builds.world_revision', 'world_revision.revision')
    .select('world_revision.revision')
    .executeTakeFirst();
  return row ? String(row.revision) : null;
}

const TAB = 0x09;

/** The parts of a world the parcel grid holds, read in one snapshot of it. */
export interface PlacementCellsReader {
  /** Every cell (latitude and longitude divided by `size` degrees, floored) holding a property's point. */
  occupied: (cell: [number, number]) => void;
  /** Each placement cell row in cell order (then property id), its polygon as PostgreSQL prints it, `((x,y),…)`. */
  cell: (cell: number, propertyId: string, polygon: string) => void;
}

/**
 * Reads one world revision's placement cells and the cells of `cellSize` its properties occupy, in one
 * REPEATABLE READ snapshot; false (nothing read) when the world is no longer at that revision. The
 * cells stream as COPY sends them (a million-property world has about two million rows: no row
 * objects, no cursor round trips).
 */
export async function readPlacementCells(
  db: Db,
  revision: string,
  cellSize: number,
  read: PlacementCellsReader,
): Promise<boolean> {
  return withOwnConnection(db, 'Reading the placement cells', async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const current = await client.query<{ revision: string }>('SELECT revision::text AS revision FROM world_revision');
    if (current.rows[0]?.revision !== revision) {
      await client.query('ROLLBACK');
      return false;
    }
    const occupied = await client.query<{ i: number; j: number }>(
      'SELECT DISTINCT floor(lat / $1)::int AS i, floor(lng / $1)::int AS j FROM properties',
      [cellSize],
    );
    for (const row of occupied.rows) read.occupied([row.i, row.j]);
    const stream = client.query(
      copyOut(
        `COPY (SELECT cell, property_id, parcel FROM placement_cells WHERE world_revision = ${BigInt(revision)} ORDER BY cell, property_id COLLATE "C") TO STDOUT`,
      ),
    );
    // Parsed from the bytes: the grid keeps the ids of a million-property world (forEachCopyLine).
    await forEachCopyLine(stream as AsyncIterable<Buffer>, (data, start, end) => {
      const tab1 = data.indexOf(TAB, start);
      const tab2 = data.indexOf(TAB, tab1 + 1);
      read.cell(
        Number(data.toString('latin1', start, tab1)),
        unescapeCopyText(data.toString('utf8', tab1 + 1, tab2)),
        data.toString('latin1', tab2 + 1, end),
      );
    });
    await client.query('COMMIT');
    return true;
  });
}
