import type { Hexagons } from '@zview/contracts';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import { cellToBoundary, cellToLatLng, getHexagonEdgeLengthAvg, UNITS } from 'h3-js';
import { DOTS_BELOW_ZOOM, HEXAGON_ZOOMS, hexagonResolutionAt, type HexagonResolution } from './hexagonZoom';

/**
 * The book map's hexagons as maplibre sources, made when the map first shows them. Profiled on a
 * million-row book (bench/dashboard-first-paint.ts), h3-js working out all 6,000 cells' outlines
 * (and res 5's centres) before the first frame was the largest share of the page's main-thread
 * script; the map only ever shows one resolution at a time (hexagonZoom.ts), usually one band.
 * So each resolution is a source of its own, filled (outlines worked out once, `setData` once)
 * the first time the zoom reaches its band; below DOTS_BELOW_ZOOM only res 5's centres are drawn.
 */

type Hexagon = Hexagons['hexagons'][number];

export type HexagonSourceId = 'hexagon-centres' | `hexagons-${HexagonResolution}`;

export const HEXAGON_SOURCE_IDS: readonly HexagonSourceId[] = [
  'hexagon-centres',
  ...HEXAGON_ZOOMS.map(({ resolution }) => `hexagons-${resolution}` as const),
];

/** The source the map draws at `zoom`: res 5's centres as dots zoomed out, else its band's outlines. */
export function hexagonSourceAt(zoom: number): HexagonSourceId {
  return zoom < DOTS_BELOW_ZOOM ? 'hexagon-centres' : `hexagons-${hexagonResolutionAt(zoom)}`;
}

interface ShadedCell {
  cell: string;
  /** The cell's weight as a share of its resolution's largest (the shade). */
  share: number;
}

const collection = <G extends Polygon | Point>(features: Feature<G>[]): FeatureCollection<G> => ({
  type: 'FeatureCollection',
  features,
});

/** Each resolution's cells with their share of the largest of that resolution. */
function shadedByResolution(hexagons: readonly Hexagon[], byValue: boolean): Map<number, ShadedCell[]> {
  const weight = (h: Hexagon) => (byValue ? h.value : h.count);
  const max = new Map<number, number>();
  for (const h of hexagons) max.set(h.resolution, Math.max(max.get(h.resolution) ?? 1, weight(h)));
  const cells = new Map<number, ShadedCell[]>();
  for (const h of hexagons) {
    const list = cells.get(h.resolution) ?? [];
    list.push({ cell: h.cell, share: weight(h) / max.get(h.resolution)! });
    cells.set(h.resolution, list);
  }
  return cells;
}

/** The hexagon sources of a book, each worked out on first use and kept. */
export function hexagonSources(hexagons: readonly Hexagon[], byValue: boolean) {
  const cells = shadedByResolution(hexagons, byValue);
  const made = new Map<HexagonSourceId, FeatureCollection>();
  const make = (id: HexagonSourceId): FeatureCollection => {
    if (id === 'hexagon-centres')
      return collection(
        (cells.get(5) ?? []).map(({ cell, share }): Feature<Point> => {
          const [lat, lng] = cellToLatLng(cell);
          return { type: 'Feature', properties: { share }, geometry: { type: 'Point', coordinates: [lng, lat] } };
        }),
      );
    return collection(
      (cells.get(Number(id.slice('hexagons-'.length))) ?? []).map(({ cell, share }): Feature<Polygon> => ({
        type: 'Feature',
        properties: { share },
        geometry: { type: 'Polygon', coordinates: [cellToBoundary(cell, true)] },
      })),
    );
  };
  return {
    /** The source's features (worked out the first time). */
    data(id: HexagonSourceId): FeatureCollection {
      let data = made.get(id);
      if (!data) made.set(id, (data = make(id)));
      return data;
    },
    isMade: (id: HexagonSourceId) => made.has(id),
    /** Where the book is: its finest cells' centres, widened by a cell (the coarse cells reach far past its rows). */
    bounds(): [number, number, number, number] | null {
      const finest = Math.max(...cells.keys());
      const finestCells = cells.get(finest);
      if (!finestCells?.length) return null;
      const edgeDegrees = getHexagonEdgeLengthAvg(finest, UNITS.km) / 111.32;
      let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const { cell } of finestCells) {
        const [lat, lng] = cellToLatLng(cell);
        const dLng = edgeDegrees / Math.max(0.1, Math.cos((lat * Math.PI) / 180));
        west = Math.min(west, lng - dLng);
        east = Math.max(east, lng + dLng);
        south = Math.min(south, lat - edgeDegrees);
        north = Math.max(north, lat + edgeDegrees);
      }
      return [west, south, east, north];
    },
  };
}

export type HexagonSources = ReturnType<typeof hexagonSources>;
