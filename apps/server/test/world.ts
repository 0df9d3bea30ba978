import { seedWorld, type SeedResult } from '../src/world/seed.js';
import { useTestDatabase } from './database.js';

/**
 * This test file's own database with a small generated world in it (the twelve landmark
 * neighbourhoods, 288 properties, always come first; `properties` counts them).
 */
export async function useTestWorld(options: { properties?: number; seed?: number } = {}) {
  const database = await useTestDatabase();
  const seeded: SeedResult = await seedWorld(database.url, {
    seed: options.seed ?? 11,
    properties: options.properties ?? 400,
  });
  return { ...database, seeded };
}
