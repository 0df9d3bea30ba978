import { DEFAULT_WORLD, seedWorld } from './seed.js';

/**
 * Seeds the default sample world at start-up (skipped when already there). WORLD_PROPERTIES and
 * WORLD_SEED override its size and seed; WORLD_PROPERTIES=0 skips seeding altogether.
 */
export async function seedDefaultWorld(url: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const properties = env.WORLD_PROPERTIES === undefined ? DEFAULT_WORLD.properties : Number(env.WORLD_PROPERTIES);
  const seed = env.WORLD_SEED === undefined ? DEFAULT_WORLD.seed : Number(env.WORLD_SEED);
  if (!Number.isInteger(properties) || properties < 0) throw new Error('WORLD_PROPERTIES must be a whole number');
  if (!Number.isInteger(seed)) throw new Error('WORLD_SEED must be an integer');
  if (properties === 0) return;
  const result = await seedWorld(url, { seed, properties, log: (line) => process.stdout.write(line) });
  if (!result.skipped) {
    process.stdout.write(
      `Sample world ready: ${result.properties.toLocaleString('en-US')} properties in ${(result.milliseconds / 1000).toFixed(1)} s\n`,
    );
  }
}
