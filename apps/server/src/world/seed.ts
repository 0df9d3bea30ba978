import pg from 'pg';
import { hazardForCell, HAZARD_RESOLUTION } from './hazard/climatology.js';
import { dropSecondaryIndexes, restoreSecondaryIndexes } from './bulk.js';
import { CopyWriter } from './copy.js';
import { generateWorld } from './generate/index.js';
import type { BuildingRow, HazardCellRow, ImageryCaptureRow, NeighbourhoodRow, PermitRow, PropertyRow, WeatherEventRow } from './rows.js';

export const DEFAULT_WORLD = { seed: 20_26, properties: 20_000 } as const;
const META_KEY = 'generated_world';
const WORLD_TABLES = ['neighbourhoods', 'properties', 'buildings', 'permits', 'weather_events', 'imagery_captures', 'hazard_cells'] as const;
const GENERATOR_VERSION = 1;

export const COLUMNS = {
  neighbourhoods: ['id', 'source', 'name', 'region', 'city', 'state', 'zip', 'center_lat', 'center_lng', 'west', 'south', 'east', 'north'],
  properties: [
    'id', 'source', 'neighbourhood_id', 'house_number', 'street', 'unit', 'city', 'state', 'zip', 'address_line', 'street_key',
    'normalized_address', 'lat', 'lng', 'h3_cell', 'parcel', 'year_built', 'vegetation_cover', 'vegetation_growth_per_year',
    'defensible_space_ft', 'vegetation_within_5ft', 'vegetation_cleared_on', 'slope_deg', 'elevation_ft', 'distance_to_water_ft',
    'distance_to_coast_mi', 'distance_to_fire_station_mi', 'has_pool', 'has_trampoline', 'has_debris', 'estimated',
  ],
  buildings: [
    'property_id', 'rank', 'label', 'outline', 'centroid_lat', 'centroid_lng', 'footprint_sqft', 'height_ft', 'stories', 'roof_material',
    'roof_shape', 'roof_condition', 'roof_install_year', 'fortified', 'fortified_on', 'has_solar', 'built_year',
  ],
  permits: ['id', 'property_id', 'kind', 'description', 'issued_on', 'completed_on', 'valuation_usd', 'contractor', 'building_rank', 'roof_material', 'replaced_roof_material'],
  weather_events: ['id', 'source', 'kind', 'name', 'occurred_on', 'ended_on', 'magnitude', 'magnitude_unit', 'geometry', 'west', 'south', 'east', 'north'],
  imagery_captures: ['id', 'source', 'neighbourhood_id', 'captured_on', 'kind', 'direction', 'provider', 'west', 'south', 'east', 'north', 'file_path', 'media_type', 'width', 'height'],
  hazard_cells: ['h3_index', 'resolution', 'wildfire', 'hail', 'wind', 'storm', 'flood', 'surge', 'hail_annual_probability', 'design_wind_mph'],
} as const satisfies {
  neighbourhoods: readonly (keyof NeighbourhoodRow)[];
  properties: readonly (keyof PropertyRow)[];
  buildings: readonly (keyof BuildingRow)[];
  permits: readonly (keyof PermitRow)[];
  weather_events: readonly (keyof WeatherEventRow)[];
  imagery_captures: readonly (keyof ImageryCaptureRow)[];
  hazard_cells: readonly (keyof HazardCellRow)[];
};

export interface SeedResult {
  skipped: boolean;
  properties: number;
  buildings: number;
  permits: number;
  events: number;
  captures: number;
  hazardCells: number;
  milliseconds: number;
}

export interface SeedOptions {
  seed?: number;
  properties?: number;
  log?: (line: string) => void;
}

/**
 * Seeds the generated world into the database at `url`, streaming every table with COPY.
 * Idempotent: a world generated with the same seed and size is left alone; a different one
 * replaces the generated rows (imported rows stay). Concurrent callers serialise on a lock.
 */
export async function seedWorld(url: string, options: SeedOptions = {}): Promise<SeedResult> {
  const seed = options.seed ?? DEFAULT_WORLD.seed;
  const size = options.properties ?? DEFAULT_WORLD.properties;
  const log = options.log ?? (() => {});
  const started = performance.now();
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on('error', () => {});
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(20260200)');
    await restoreSecondaryIndexes(pool);
    const { rows } = await lock.query<{ value: { seed: number; properties: number; version: number } }>(`SELECT value FROM world_meta WHERE key = $1`, [META_KEY]);
    const current = rows[0]?.value;
    if (current && current.seed === seed && current.properties === size && current.version === GENERATOR_VERSION) {
      return { skipped: true, properties: 0, buildings: 0, permits: 0, events: 0, captures: 0, hazardCells: 0, milliseconds: Math.round(performance.now() - started) };
    }
    if (current) {
      log(`Replacing the generated world (seed ${current.seed}, ${current.properties} properties)\n`);
      await removeGeneratedWorld(lock);
    }
    log(`Generating the sample world: seed ${seed}, ${size.toLocaleString('en-US')} properties…\n`);
    await dropSecondaryIndexes(lock, WORLD_TABLES);
    const result = await copyWorld(pool, seed, size, log);
    const copied = performance.now();
    log(`  streamed in ${((copied - started) / 1000).toFixed(1)} s; indexing…\n`);
    await restoreSecondaryIndexes(pool);
    log(`  indexed in ${((performance.now() - copied) / 1000).toFixed(1)} s\n`);
    await lock.query(`ANALYZE ${WORLD_TABLES.join(', ')}`);
    await lock.query(
      `INSERT INTO world_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`,
      [META_KEY, JSON.stringify({ seed, properties: size, version: GENERATOR_VERSION, seededProperties: result.properties })],
    );
    return { ...result, skipped: false, milliseconds: Math.round(performance.now() - started) };
  } finally {
    await lock.query('SELECT pg_advisory_unlock(20260200)').catch(() => {});
    lock.release();
    await pool.end();
  }
}

async function removeGeneratedWorld(client: pg.PoolClient) {
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM properties WHERE source = 'imported'`);
  if (rows[0]!.n === 0) {
    await client.query(`TRUNCATE ${WORLD_TABLES.join(', ')}`);
  } else {
    // Imported rows stay; buildings and permits go with their properties (ON DELETE CASCADE).
    await client.query(`DELETE FROM properties WHERE source = 'generated'`);
    await client.query(`DELETE FROM imagery_captures WHERE source = 'generated'`);
    await client.query(`DELETE FROM weather_events WHERE source = 'generated'`);
    await client.query(`DELETE FROM neighbourhoods WHERE source = 'generated'`);
  }
  await client.query(`DELETE FROM world_meta WHERE key = $1`, [META_KEY]);
}

async function copyWorld(pool: pg.Pool, seed: number, size: number, log: (line: string) => void) {
  const writers = {
    neighbourhoods: await CopyWriter.open<NeighbourhoodRow>(pool, 'neighbourhoods', COLUMNS.neighbourhoods),
    properties: await CopyWriter.open<PropertyRow>(pool, 'properties', COLUMNS.properties),
    buildings: await CopyWriter.open<BuildingRow>(pool, 'buildings', COLUMNS.buildings),
    permits: await CopyWriter.open<PermitRow>(pool, 'permits', COLUMNS.permits),
    events: await CopyWriter.open<WeatherEventRow>(pool, 'weather_events', COLUMNS.weather_events),
    captures: await CopyWriter.open<ImageryCaptureRow>(pool, 'imagery_captures', COLUMNS.imagery_captures),
  };
  const cells = new Set<string>();
  let nextReport = 100_000;
  try {
    for (const batch of generateWorld({ seed, properties: size })) {
      await writers.neighbourhoods.write(batch.neighbourhood);
      for (const row of batch.properties) {
        cells.add(row.h3_cell);
        await writers.properties.write(row);
      }
      for (const row of batch.buildings) await writers.buildings.write(row);
      for (const row of batch.permits) await writers.permits.write(row);
      for (const row of batch.events) await writers.events.write(row);
      for (const row of batch.captures) await writers.captures.write(row);
      if (writers.properties.rows >= nextReport) {
        log(`  ${writers.properties.rows.toLocaleString('en-US')} properties\n`);
        nextReport += 100_000;
      }
    }
    await Promise.all(Object.values(writers).map((w) => w.close()));
  } catch (error) {
    for (const writer of Object.values(writers)) writer.abort(error as Error);
    throw error;
  }
  const hazardCells = await storeHazardCells(pool, cells);
  return {
    properties: writers.properties.rows,
    buildings: writers.buildings.rows,
    permits: writers.permits.rows,
    events: writers.events.rows,
    captures: writers.captures.rows,
    hazardCells,
  };
}

/** Stores the climatology of the given cells (the ones properties sit in); existing cells are kept. */
export async function storeHazardCells(pool: pg.Pool, cells: Iterable<string>): Promise<number> {
  const rows: HazardCellRow[] = [];
  for (const cell of cells) {
    const h = hazardForCell(cell);
    rows.push({
      h3_index: cell, resolution: HAZARD_RESOLUTION, wildfire: h.wildfire, hail: h.hail, wind: h.wind, storm: h.storm,
      flood: h.flood, surge: h.surge, hail_annual_probability: h.hailAnnualProbability, design_wind_mph: h.designWindMph,
    });
  }
  let stored = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    const { rowCount } = await pool.query(
      `INSERT INTO hazard_cells SELECT * FROM json_populate_recordset(NULL::hazard_cells, $1) ON CONFLICT (h3_index) DO NOTHING`,
      [JSON.stringify(rows.slice(i, i + 5000))],
    );
    stored += rowCount ?? 0;
  }
  return stored;
}
