import os from 'node:os';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { rebuildStreetNames } from '../db/street-names.js';
import { dropSecondaryIndexes, restoreSecondaryIndexes } from './bulk.js';
import { CopyWriter } from './copy.js';
import { encodeBatches, STREAMED_TABLES, type EncodedChunk, type StreamedTable } from './encode.js';
import { generateNeighbourhood } from './generate/neighbourhood.js';
import { planWorld, type NeighbourhoodPlan } from './generate/plan.js';
import { COLUMNS } from './columns.js';
import {
  hazardCellRow,
  type BuildingRow,
  type ImageryCaptureRow,
  type NeighbourhoodRow,
  type PermitRow,
  type PropertyRow,
  type WeatherEventRow,
} from './rows.js';

export const DEFAULT_WORLD = { seed: 20_26, properties: 20_000 } as const;
const META_KEY = 'generated_world';
const WORLD_TABLES = [...STREAMED_TABLES, 'hazard_cells', 'street_names'] as const;
const GENERATOR_VERSION = 1;

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
    const { rows } = await lock.query<{ value: { seed: number; properties: number; version: number } }>(
      `SELECT value FROM world_meta WHERE key = $1`,
      [META_KEY],
    );
    const current = rows[0]?.value;
    if (current && current.seed === seed && current.properties === size && current.version === GENERATOR_VERSION) {
      return {
        skipped: true,
        properties: 0,
        buildings: 0,
        permits: 0,
        events: 0,
        captures: 0,
        hazardCells: 0,
        milliseconds: Math.round(performance.now() - started),
      };
    }
    if (current) {
      log(`Replacing the generated world (seed ${current.seed}, ${current.properties} properties)\n`);
      await removeGeneratedWorld(lock);
    }
    log(`Generating the sample world: seed ${seed}, ${size.toLocaleString('en-US')} properties…\n`);
    await dropSecondaryIndexes(lock, WORLD_TABLES, { primaryKeysOf: STREAMED_TABLES });
    const result = await copyWorld(pool, seed, size, log);
    const copied = performance.now();
    log(`  streamed in ${((copied - started) / 1000).toFixed(1)} s\n`);
    // Derived from the properties just stored (imported ones included), before its index is rebuilt.
    const streets = await rebuildStreetNames(lock);
    const listed = performance.now();
    log(
      `  ${streets.toLocaleString('en-US')} streets listed in ${((listed - copied) / 1000).toFixed(1)} s; indexing…\n`,
    );
    await restoreSecondaryIndexes(pool);
    log(`  indexed in ${((performance.now() - listed) / 1000).toFixed(1)} s\n`);
    await lock.query(`ANALYZE ${WORLD_TABLES.join(', ')}`);
    await lock.query(
      `INSERT INTO world_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`,
      [
        META_KEY,
        JSON.stringify({ seed, properties: size, version: GENERATOR_VERSION, seededProperties: result.properties }),
      ],
    );
    return { ...result, skipped: false, milliseconds: Math.round(performance.now() - started) };
  } finally {
    await lock.query('SELECT pg_advisory_unlock(20260200)').catch(() => {});
    lock.release();
    await pool.end();
  }
}

async function removeGeneratedWorld(client: pg.PoolClient) {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM properties WHERE source = 'imported'`,
  );
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

const PLANS_PER_CHUNK = 40;
/** Below this many properties, starting worker threads costs more than it saves. */
const WORKERS_FROM = 100_000;

async function copyWorld(pool: pg.Pool, seed: number, size: number, log: (line: string) => void) {
  const writers = {
    neighbourhoods: await CopyWriter.open<NeighbourhoodRow>(pool, 'neighbourhoods', COLUMNS.neighbourhoods),
    properties: await CopyWriter.open<PropertyRow>(pool, 'properties', COLUMNS.properties),
    buildings: await CopyWriter.open<BuildingRow>(pool, 'buildings', COLUMNS.buildings),
    permits: await CopyWriter.open<PermitRow>(pool, 'permits', COLUMNS.permits),
    weather_events: await CopyWriter.open<WeatherEventRow>(pool, 'weather_events', COLUMNS.weather_events),
    imagery_captures: await CopyWriter.open<ImageryCaptureRow>(pool, 'imagery_captures', COLUMNS.imagery_captures),
  } satisfies Record<StreamedTable, unknown>;
  const cells = new Set<string>();
  let nextReport = 100_000;
  const write = async (chunk: EncodedChunk) => {
    for (const table of STREAMED_TABLES) await writers[table].writeText(chunk.text[table], chunk.rows[table]);
    for (const cell of chunk.cells) cells.add(cell);
    if (writers.properties.rows >= nextReport) {
      log(`  ${writers.properties.rows.toLocaleString('en-US')} properties\n`);
      nextReport += 100_000;
    }
  };
  try {
    const plans = planWorld({ seed, properties: size });
    const chunks: NeighbourhoodPlan[][] = [];
    for (let i = 0; i < plans.length; i += PLANS_PER_CHUNK) chunks.push(plans.slice(i, i + PLANS_PER_CHUNK));
    // Generating and encoding a property costs about as much CPU as PostgreSQL spends storing it:
    // big worlds generate on one worker thread per core while PostgreSQL's COPY backends (one
    // per table) store the previous chunks. WORLD_WORKERS=N overrides (0: on this thread).
    const defaultWorkers = size >= WORKERS_FROM ? os.availableParallelism() : 0;
    const workers = Math.min(Number(process.env.WORLD_WORKERS ?? defaultWorkers) || 0, os.availableParallelism() * 2);
    if (workers > 0) await generateOnWorkers(chunks, workers, write);
    else for (const chunk of chunks) await write(encodeBatches(chunk.map(generateNeighbourhood)));
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
    events: writers.weather_events.rows,
    captures: writers.imagery_captures.rows,
    hazardCells,
  };
}

/**
 * Generates and encodes chunks on worker threads (one per core) while this thread streams the
 * results to PostgreSQL, in chunk order so the tables fill in the same order every time.
 */
async function generateOnWorkers(
  chunks: NeighbourhoodPlan[][],
  count: number,
  write: (chunk: EncodedChunk) => Promise<void>,
) {
  // The worker is TypeScript: it registers the same loader as this process (tsx) before loading it.
  const script = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./seed-worker.ts', import.meta.url).href)}); })`;
  // A larger young generation: generation makes short-lived objects by the million.
  const workers = Array.from(
    { length: count },
    () => new Worker(script, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 64 } }),
  );
  const done = new Map<number, EncodedChunk>();
  let next = 0;
  let written = 0;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const dispatch = (worker: Worker) => {
    // Bounded read-ahead keeps memory flat while PostgreSQL catches up.
    if (next < chunks.length && done.size < count * 3) {
      worker.postMessage({ id: next, plans: chunks[next] });
      next++;
      return true;
    }
    return false;
  };
  const idle: Worker[] = [];
  for (const worker of workers) {
    worker.on('message', (message: { id: number; chunk: EncodedChunk }) => {
      done.set(message.id, message.chunk);
      if (!dispatch(worker)) idle.push(worker);
      wake?.();
    });
    worker.on('error', (error) => {
      failure = error;
      wake?.();
    });
    if (!dispatch(worker)) idle.push(worker);
  }
  try {
    while (written < chunks.length) {
      if (failure) throw failure;
      const chunk = done.get(written);
      if (!chunk) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      done.delete(written);
      written++;
      await write(chunk);
      while (idle.length && dispatch(idle[0]!)) idle.shift();
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** Stores the climatology of the given cells (the ones properties sit in); existing cells are kept. */
export async function storeHazardCells(pool: pg.Pool, cells: Iterable<string>): Promise<number> {
  const rows = [...cells].map(hazardCellRow);
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
