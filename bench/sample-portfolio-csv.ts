import { createWriteStream } from 'node:fs';

/** The columns of the synthetic portfolio file that bench/portfolio-io.ts and bench/csv-readers.ts read. */
export const SAMPLE_HEADER = ['policy_id', 'latitude', 'longitude', 'building_tiv', 'notes'];

/** Row `i` (from 1) of the synthetic portfolio: coordinates spread over the US, a quoted note with a comma. */
export function samplePortfolioLine(i: number): string {
  const lat = 25 + ((i * 7919) % 20000) / 1000;
  const lng = -124 + ((i * 104729) % 57000) / 1000;
  return `P${i},${lat.toFixed(6)},${lng.toFixed(6)},${100000 + (i % 900) * 1000},"note ${i}, block ${i % 97}"`;
}

/** Writes `rows` rows of the synthetic portfolio (samplePortfolioLine), 10,000 rows per write, waiting for the disk when it lags. */
export async function writeSamplePortfolioCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${SAMPLE_HEADER.join(',')}\n`);
  for (let i = 1; i <= rows;) {
    let block = '';
    for (const end = Math.min(rows, i + 9999); i <= end; i++) block += `${samplePortfolioLine(i)}\n`;
    if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}
