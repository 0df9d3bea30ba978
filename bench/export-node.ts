/**
 * The CSV export's Node side alone (issue 22): a million rows of the export's two binary COPYs,
 * as bench:portfolio-io's run sends them (each row's csv_line and precision; its result's score,
 * level, confidence, factor names and model version), joined and written as CSV by csvRows, with
 * no database: the figure is
 * the API's own CPU for the formatting (the COPY's, and what receiving it costs, are in
 * bench:portfolio-io). Run it under `node --cpu-prof --import tsx export-node.ts` to profile.
 *   npm run -w bench bench:export-node
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { csvRows } from '../apps/server/src/domain/portfolio/io/export-csv.js';
import { exportLayout } from '../apps/server/src/domain/portfolio/io/export.js';
import { binaryCopyAround, binaryCopyTuples, type BinaryField } from '../apps/server/test/fixtures/binary-copy.js';
import { SAMPLE_HEADER, samplePortfolioLine } from './sample-portfolio-csv.js';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 5);
/** About what a socket read hands copyOut. */
const CHUNK = 64 * 1024;

const int4 = (n: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(n);
  return bytes;
};

// The rows in blocks of 10,000 (a million tuples' fields at once would be gigabytes of garbage).
const rowBlocks: Buffer[] = [];
const resultBlocks: Buffer[] = [];
for (let from = 1; from <= ROWS; from += 10_000) {
  const rows: BinaryField[][] = [];
  const results: BinaryField[][] = [];
  for (let n = from; n < Math.min(ROWS + 1, from + 10_000); n++) {
    rows.push([int4(n), null, 'coordinates', null, samplePortfolioLine(n)]);
    results.push([
      int4(n),
      (n % 1001) / 10,
      ['low', 'medium', 'high'][n % 3]!,
      (n % 101) / 100,
      `Vegetation; ${['Slope', 'Roof', 'Wildland distance'][n % 3]}; Construction`,
      'zfire-1.0',
      null,
    ]);
  }
  rowBlocks.push(binaryCopyTuples(rows));
  resultBlocks.push(binaryCopyTuples(results));
}
const chunksOf = (copy: Buffer) => {
  const chunks: Buffer[] = [];
  for (let at = 0; at < copy.length; at += CHUNK) chunks.push(copy.subarray(at, at + CHUNK));
  return chunks;
};
const rowsCopy = binaryCopyAround(rowBlocks);
const resultsCopy = binaryCopyAround(resultBlocks);

const layout = exportLayout(SAMPLE_HEADER, null);
if ('error' in layout) throw new Error(layout.error);
console.log(
  `CSV export, Node side: ${ROWS.toLocaleString('en-US')} rows, ${((rowsCopy.length + resultsCopy.length) / 1e6).toFixed(0)} MB of COPY`,
);
for (let run = 1; run <= RUNS; run++) {
  let bytes = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await pipeline(
    csvRows(layout, true, Readable.from(chunksOf(rowsCopy)), Readable.from(chunksOf(resultsCopy))),
    new Writable({ write: (block: Buffer, _encoding, callback) => ((bytes += block.length), callback()) }),
  );
  const used = process.cpuUsage(cpu);
  console.log(
    `  run ${run}: ${(performance.now() - started).toFixed(0)} ms, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms, ${(bytes / 1e6).toFixed(0)} MB of CSV`,
  );
}
