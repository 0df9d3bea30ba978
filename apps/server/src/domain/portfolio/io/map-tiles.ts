import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Db } from '../../../db/database.js';
import {
  clusterCells,
  TILE_EXTENT,
  tilePoints,
  type ClusterCell,
  type TileAddress,
} from '../../../db/portfolio-tiles.js';

/**
 * Mapbox Vector Tiles of a portfolio run's results, for the results map. Below
 * POINTS_MIN_ZOOM a tile holds grid clusters (count, counts per risk level, the majority and the
 * worst level); from it on, one point per property (row, ref, risk level, score). The browser
 * only ever decodes what is on screen, however large the portfolio.
 */
export const PORTFOLIO_TILE_LAYER = 'properties';
export const POINTS_MIN_ZOOM = 14;
export const MAX_TILE_ZOOM = 20;
/** Grid cell of the clusters: 256 of 4096 tile units, 32 screen pixels on a 512-pixel tile. */
const CLUSTER_CELL = 256;
/** A safety cap on the points of one high-zoom tile. */
const MAX_POINTS_PER_TILE = 20_000;

type Level = 'low' | 'medium' | 'high' | 'none';
const WORST_FIRST: Level[] = ['high', 'medium', 'low', 'none'];

/** The most frequent level of a cell; ties go to the worse level. */
export function majorityLevel(cell: Pick<ClusterCell, Level>): Level {
  return WORST_FIRST.reduce((best, level) => (cell[level] > cell[best] ? level : best), WORST_FIRST[0]!);
}

export function worstLevel(cell: Pick<ClusterCell, Level>): Level {
  return WORST_FIRST.find((level) => cell[level] > 0) ?? 'none';
}

interface TileFeature {
  type: 1;
  geometry: [number, number][];
  tags: Record<string, string | number | boolean>;
}

const point = (px: number, py: number): [number, number][] => [[Math.round(px), Math.round(py)]];

export async function renderPortfolioTile(
  db: Db,
  portfolioId: number,
  runId: number,
  tile: TileAddress,
): Promise<Uint8Array> {
  const features: TileFeature[] = [];
  if (tile.z >= POINTS_MIN_ZOOM) {
    for (const p of await tilePoints(db, portfolioId, runId, tile, MAX_POINTS_PER_TILE)) {
      features.push({
        type: 1,
        geometry: point(p.px, p.py),
        tags: {
          cluster: false,
          count: 1,
          row: p.row,
          risk: p.riskLevel,
          worst: p.riskLevel,
          ...(p.ref ? { ref: p.ref } : {}),
          ...(p.score !== null ? { score: p.score } : {}),
        },
      });
    }
  } else {
    for (const cell of await clusterCells(db, portfolioId, runId, tile, CLUSTER_CELL)) {
      features.push({
        type: 1,
        geometry: point(cell.px, cell.py),
        tags: {
          cluster: cell.count > 1,
          count: cell.count,
          risk: majorityLevel(cell),
          worst: worstLevel(cell),
          low: cell.low,
          medium: cell.medium,
          high: cell.high,
          none: cell.none,
          ...(cell.row !== null ? { row: cell.row } : {}),
        },
      });
    }
  }
  return fromGeojsonVt({ [PORTFOLIO_TILE_LAYER]: { features } as never }, { version: 2, extent: TILE_EXTENT });
}
