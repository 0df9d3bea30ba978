import { createReadStream } from 'node:fs';
import { readCsvBatches, type CsvRecord } from '../domain/portfolio/csv-reader.js';
import { mapColumns } from '../domain/portfolio/columns.js';
import { renderCopyRows } from '../domain/portfolio/ingest-render.js';
const batches: CsvRecord[][] = [];
let header: string[] = [];
for await (const b of readCsvBatches(createReadStream('/tmp/ingprof/blobs/uploads/bench-ingest-node'), ',')) {
  const recs = b.filter((i): i is CsvRecord => { if ('header' in i) { header = i.header; return false; } return true; });
  batches.push(recs);
}
const mapping = mapColumns(header);
const fakeGrid = { place: (lat: number, lng: number) => 'p' + ((lat * 1000) | 0), worldRevision: 1 } as any;
for (let rep = 0; rep < 4; rep++) {
  const counts = { unusable: 0, coordinates: 0 };
  const t = performance.now();
  let bytes = 0;
  for (const recs of batches) { const s = renderCopyRows(recs, { portfolioId: 1, mapping, grid: fakeGrid }, counts); bytes += Buffer.byteLength(s); }
  console.log(`render ${(performance.now() - t).toFixed(0)} ms (incl. utf8 encode) ${bytes}`);
}
