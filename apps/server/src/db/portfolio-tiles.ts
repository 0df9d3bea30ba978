import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Read-only queries behind the portfolio results map: one run's scored, placed rows inside one
 * web-mercator tile, projected to tile coordinates in SQL, either grouped into grid cells
 * (low zooms: one feature per cell, never a million points) or one by one (high zooms).
 */
export const TILE_EXTENT = 4096;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

export interface ClusterCell {
  /** Mean position of the cell's members, in tile units (0..TILE_EXTENT). */
  px: number;
  py: number;
  count: number;
  low: number;
  medium: number;
  high: number;
  none: number;
  /** The row number when the cell holds exactly one property (so a click can open it). */
  row: number | null;
}

export interface TilePoint {
  px: number;
  py: number;
  row: number;
  ref: string | null;
  riskLevel: 'low' | 'medium' | 'high' | 'none';
  score: number | null;
}

/** Longitude/latitude box of a tile (web mercator, XYZ scheme). */
export function tileBounds({ z, x, y }: TileAddress): { west: number; south: number; east: number; north: number } {
  const n = 2 ** z;
  const lng = (tx: number) => (tx / n) * 360 - 180;
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return { west: lng(x), east: lng(x + 1), north: lat(y), south: lat(y + 1) };
}

/** The run's placed rows in the tile, with their position in tile units. */
function placedRowsInTile(db: Db, portfolioId: number, runId: number, tile: TileAddress) {
  const b = tileBounds(tile);
  const n = 2 ** tile.z;
  // Mercator projection of the geocoded point, relative to the tile's top-left corner.
  const px = sql<number>`((w.geo_longitude + 180) / 360 * ${n} - ${tile.x}) * ${TILE_EXTENT}`;
  const py = sql<number>`((1 - ln(tan(radians(w.geo_latitude)) + 1 / cos(radians(w.geo_latitude))) / pi()) / 2 * ${n} - ${tile.y}) * ${TILE_EXTENT}`;
  return db
    .selectFrom('portfolio_results as r')
    .innerJoin('portfolio_rows as w', (join) =>
      join.on('w.portfolio_id', '=', portfolioId).onRef('w.row_number', '=', 'r.row_number'),
    )
    .where('r.run_id', '=', runId)
    .where('w.geo_latitude', 'is not', null)
    .where('w.geo_longitude', 'is not', null)
    .where('w.geo_latitude', '>=', b.south)
    .where('w.geo_latitude', '<', b.north)
    .where('w.geo_longitude', '>=', b.west)
    .where('w.geo_longitude', '<', b.east)
    .select(['r.row_number', 'r.risk_level', 'r.score', 'w.ref', px.as('px'), py.as('py')]);
}

/** Rows grouped into square cells of `cellSize` tile units. */
export async function clusterCells(
  db: Db,
  portfolioId: number,
  runId: number,
  tile: TileAddress,
  cellSize: number,
): Promise<ClusterCell[]> {
  const rows = await db
    .selectFrom(placedRowsInTile(db, portfolioId, runId, tile).as('p'))
    .select([
      sql<number>`avg(p.px)`.as('px'),
      sql<number>`avg(p.py)`.as('py'),
      sql<number>`count(*)`.as('count'),
      sql<number>`count(*) FILTER (WHERE p.risk_level = 'low')`.as('low'),
      sql<number>`count(*) FILTER (WHERE p.risk_level = 'medium')`.as('medium'),
      sql<number>`count(*) FILTER (WHERE p.risk_level = 'high')`.as('high'),
      sql<number>`count(*) FILTER (WHERE p.risk_level = 'none')`.as('none'),
      sql<number>`min(p.row_number)`.as('row'),
    ])
    .groupBy([sql`floor(p.px / ${cellSize})`, sql`floor(p.py / ${cellSize})`])
    .execute();
  return rows.map((r) => {
    const count = Number(r.count);
    return {
      px: Number(r.px),
      py: Number(r.py),
      count,
      low: Number(r.low),
      medium: Number(r.medium),
      high: Number(r.high),
      none: Number(r.none),
      row: count === 1 ? Number(r.row) : null,
    };
  });
}

/** Rows one by one (at most `limit`, the lowest row numbers first). */
export async function tilePoints(
  db: Db,
  portfolioId: number,
  runId: number,
  tile: TileAddress,
  limit: number,
): Promise<TilePoint[]> {
  const rows = await placedRowsInTile(db, portfolioId, runId, tile).orderBy('r.row_number').limit(limit).execute();
  return rows.map((r) => ({
    px: Number(r.px),
    py: Number(r.py),
    row: r.row_number,
    ref: r.ref,
    riskLevel: r.risk_level,
    score: r.score,
  }));
}

/** West, south, east, north of the portfolio's placed rows, or null when none is placed yet. */
export async function placedBounds(db: Db, portfolioId: number): Promise<[number, number, number, number] | null> {
  const row = await db
    .selectFrom('portfolio_rows')
    .select([
      sql<number | null>`min(geo_longitude)`.as('west'),
      sql<number | null>`min(geo_latitude)`.as('south'),
      sql<number | null>`max(geo_longitude)`.as('east'),
      sql<number | null>`max(geo_latitude)`.as('north'),
    ])
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirstOrThrow();
  if (row.west === null || row.south === null || row.east === null || row.north === null) return null;
  return [Number(row.west), Number(row.south), Number(row.east), Number(row.north)];
}
