/**
 * The portfolio CSV reader against csv-parse on the file of bench/portfolio-io.ts (ROWS rows of
 * policy_id, latitude, longitude, building_tiv, "notes, with a comma"): time to read every record,
 * nothing else. csv-parse is consumed in batches (its 'readable' event and a read() loop), never
 * with one await per record.
 *
 *   ROWS=1000000 npx tsx bench/csv-readers.ts
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse';
import { readCsvBatches } from '../apps/server/src/domain/portfolio/io/csv-reader.js';
import { writeSamplePortfolioCsv } from './sample-portfolio-csv.js';
import { loadavg } from './support/figures.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

async function handWritten(file: string) {
  let records = 0;
  for await (const batch of readCsvBatches(createReadStream(file), ',')) records += batch.length;
  return records;
}

function csvParse(file: string) {
  return new Promise<number>((resolve, reject) => {
    let records = 0;
    const parser = createReadStream(file).pipe(
      parse({
        bom: true,
        delimiter: ',',
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        skip_records_with_error: true,
        max_record_size: 8 * 1024 * 1024,
      }),
    );
    parser.on('readable', () => {
      while (parser.read() !== null) records += 1;
    });
    parser.on('end', () => resolve(records));
    parser.on('error', reject);
  });
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-csv-'));
  const file = path.join(work, 'portfolio.csv');
  await writeSamplePortfolioCsv(file, ROWS);
  console.log(`CSV readers on ${ROWS.toLocaleString('en-US')} rows; load average ${loadavg()}`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, read] of [
      ['hand-written reader', handWritten],
      ['csv-parse (readable + read())', csvParse],
    ] as const) {
      const started = performance.now();
      const records = await read(file);
      console.log(
        `  ${name}: ${((performance.now() - started) / 1000).toFixed(2)} s for ${records} records  load ${loadavg()}`,
      );
    }
  }
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
