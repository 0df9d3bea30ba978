import type { Db } from '../../../db/database.js';
import { builtPlacementRevision, readPlacementCells } from '../../../db/placement-cells.js';
import { revisionCache, type RevisionCache } from '../../revision-cache.js';
import { OCCUPIED_CELL_DEG, ParcelGridBuilder, type ParcelGrid } from './parcel-grid.js';

/**
 * A process's parcel grid (parcel-grid.ts) of the current world revision (revision-cache.ts). About
 * 40 ms and 5 MB for the default 20k-property world; a 1M-property world holds about 2M cell entries
 * (~250 MB), which is why the worker warms it at start rather than at its first ingest.
 */
export type ParcelGrids = RevisionCache<ParcelGrid>;

export function parcelGrids(db: Db): ParcelGrids {
  return revisionCache(
    () => builtPlacementRevision(db),
    (revision) => readGrid(db, revision),
  );
}

/** The grid of `revision`; null when the world moved on before it was read. */
async function readGrid(db: Db, revision: string): Promise<ParcelGrid | null> {
  const builder = new ParcelGridBuilder(revision);
  const read = await readPlacementCells(db, revision, OCCUPIED_CELL_DEG, {
    occupied: (cell) => builder.occupy(cell),
    cell: (cell, propertyId, polygon) => builder.add(cell, propertyId, polygon),
  });
  return read ? builder.build() : null;
}
