import { DEFAULT_FILINGS, seedFilings } from './seed.js';

/**
 * Seeds the sample corpus of filings at start-up (skipped when already there). ZORRO_FILINGS
 * (default 3000; 0 removes the generated ones) and WORLD_SEED change it.
 */
export async function seedDefaultFilings(url: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const filings = env.ZORRO_FILINGS === undefined ? DEFAULT_FILINGS.filings : Number(env.ZORRO_FILINGS);
  const seed = env.WORLD_SEED === undefined ? DEFAULT_FILINGS.seed : Number(env.WORLD_SEED);
  if (!Number.isInteger(filings) || filings < 0 || filings > 2_000_000)
    throw new Error('ZORRO_FILINGS must be a whole number up to 2,000,000');
  if (!Number.isInteger(seed)) throw new Error('WORLD_SEED must be an integer');
  const result = await seedFilings(url, { seed, filings, log: (line) => process.stdout.write(line) });
  if (!result.skipped && filings > 0) {
    process.stdout.write(
      `Sample filings ready: ${result.filings.toLocaleString('en-US')} filings, ${result.pages.toLocaleString('en-US')} pages in ${(result.milliseconds / 1000).toFixed(1)} s\n`,
    );
  }
}
