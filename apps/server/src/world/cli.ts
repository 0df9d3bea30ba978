import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { DEFAULT_WORLD, seedWorld } from './seed.js';

/**
 * `npm run world -- --properties 1000000 [--seed 7]`: (re)generates the sample world in the
 * database of DATABASE_URL, or in the embedded PostgreSQL under DATA_DIR (default ./data).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      properties: { type: 'string', default: String(DEFAULT_WORLD.properties) },
      seed: { type: 'string', default: String(DEFAULT_WORLD.seed) },
    },
  });
  const properties = Number(values.properties);
  const seed = Number(values.seed);
  if (!Number.isInteger(properties) || properties < 1 || properties > 50_000_000) throw new Error('--properties must be an integer between 1 and 50,000,000');
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');
  const config = loadConfig();
  const database = await openDatabase(config, { log: (line) => process.stdout.write(line) });
  try {
    const result = await seedWorld(database.url, { seed, properties, log: (line) => process.stdout.write(line) });
    if (result.skipped) {
      console.log(`A world with seed ${seed} and ${properties.toLocaleString('en-US')} properties is already there (${path.resolve(config.dataDir)}).`);
    } else {
      const seconds = result.milliseconds / 1000;
      console.log(
        `Seeded ${result.properties.toLocaleString('en-US')} properties, ${result.buildings.toLocaleString('en-US')} buildings, ` +
          `${result.permits.toLocaleString('en-US')} permits, ${result.events.toLocaleString('en-US')} weather events, ` +
          `${result.captures.toLocaleString('en-US')} imagery captures, ${result.hazardCells.toLocaleString('en-US')} hazard cells ` +
          `in ${seconds.toFixed(1)} s (${Math.round(result.properties / seconds).toLocaleString('en-US')} properties/s).`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
