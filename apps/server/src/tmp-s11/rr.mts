import { createReadStream } from 'node:fs';
import { readCsvBatches, type CsvRecord } from '../domain/portfolio/csv-reader.js';
import { mapColumns, readRow } from '../domain/portfolio/columns.js';
const batches: CsvRecord[][] = [];
let header: string[] = [];
let n = 0;
for await (const b of readCsvBatches(createReadStream('/tmp/ingprof/blobs/uploads/bench-ingest-node'), ',')) {
  const recs = b.filter((i): i is CsvRecord => { if ('header' in i) { header = i.header; return false; } return true; });
  batches.push(recs); n += recs.length; if (n >= 300000) break;
}
const mapping = mapColumns(header);
console.log(JSON.stringify(mapping));
const sink: unknown[] = [];
let best = 1e9;
for (let rep = 0; rep < 6; rep++) {
  const t = performance.now();
  for (const recs of batches) for (const x of recs) { const r = readRow(mapping, x.values); if (r.latitude === 7) sink.push(r); }
  best = Math.min(best, performance.now() - t);
}
console.log(`readRow ${(best * 1e6 / n).toFixed(0)} ns/row`);
