import type { Db } from '../../db/database.js';
import { builtPlacementRevision, readPlacementCells } from '../../db/placement-cells.js';
import { OCCUPIED_CELL_DEG, ParcelGridBuilder, type ParcelGrid } from './parcel-grid.js';

/**
 * A process's parcel grid (parcel-grid.ts) of the current world revision: loaded once per revision
 * (concurrent callers share the load), dropped when the world moves on. About 40 ms and 5 MB for
 * the default 20k-property world; a 1M-property world holds about 2M cell entries (~250 MB), which
 * is why the worker warms it at start rather than at its first ingest.
 */
export interface ParcelGrids {
  /** The grid of the current world revision; null while its placement cells are not built. */
  current(): Promise<ParcelGrid | null>;
}

export function parcelGrids(db: Db): ParcelGrids {
  let loaded: ParcelGrid | null = null;
  let loading: { revision: string; grid: Promise<ParcelGrid | null> } | null = null;

  return {
    async current() {
      const revision = await builtPlacementRevision(db);
      if (revision === null) return null;
      if (loaded?.worldRevision === revision) return loaded;
      if (loading?.revision !== revision) {
        // The old revision's grid is of no more use: let it go before the new one is read.
        loaded = null;
        const grid = readGrid(db, revision);
        const entry = { revision, grid };
        loading = entry;
        grid.then(
          (g) => {
            if (loading === entry) [loaded, loading] = [g, null];
          },
          () => {
            if (loading === entry) loading = null;
          },
        );
      }
      return loading.grid;
    },
  };
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
