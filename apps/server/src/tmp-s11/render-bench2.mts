import { createReadStream } from 'node:fs';
import { readCsvBatches, type CsvRecord } from '../domain/portfolio/csv-reader.js';
import { mapColumns, readRow, isDecimalText } from '../domain/portfolio/columns.js';
import { csvOriginals, copyText, renderCopyRows } from '../domain/portfolio/ingest-render.js';
const batches: CsvRecord[][] = [];
let header: string[] = [];
let n = 0;
for await (const b of readCsvBatches(createReadStream('/tmp/ingprof/blobs/uploads/bench-ingest-node'), ',')) {
  const recs = b.filter((i): i is CsvRecord => { if ('header' in i) { header = i.header; return false; } return true; });
  batches.push(recs); n += recs.length; if (n >= 300000) break;
}
const mapping = mapColumns(header);
function time(name: string, f: (r: CsvRecord[]) => unknown) {
  let best = 1e9;
  for (let rep = 0; rep < 5; rep++) {
    const t = performance.now();
    for (const recs of batches) f(recs);
    best = Math.min(best, performance.now() - t);
  }
  console.log(`${name.padEnd(20)} ${(best * 1e6 / n).toFixed(0)} ns/row`);
}
const fakeGrid = { place: (lat: number, lng: number) => 'p' + ((lat * 1000) | 0), worldRevision: 1 } as any;
time('full', (r) => renderCopyRows(r, { portfolioId: 1, mapping, grid: fakeGrid }, { unusable: 0, coordinates: 0 }));
time('full+flatten', (r) => renderCopyRows(r, { portfolioId: 1, mapping, grid: fakeGrid }, { unusable: 0, coordinates: 0 }).charCodeAt(5));
time('readRow', (r) => { for (const x of r) readRow(mapping, x.values); });
time('json', (r) => { for (const x of r) JSON.stringify(x.values).includes('\\'); });
time('csvOriginals', (r) => { for (const x of r) csvOriginals(x.values, 5); });
time('isDecimal x2', (r) => { for (const x of r) { isDecimalText(x.values[1]!.trim()); isDecimalText(x.values[2]!.trim()); } });
time('concat only', (r) => { let b = ''; for (const x of r) { const v = x.values; b += `1\t${x.rowNumber}\t${v[0]}\t${v[0]}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t${v[1]}\t${v[2]}\t${v[3]}\t\\N\t${v[1]}\t${v[2]}\tcoordinates\tnow\t${v[4]}\t${v[0]}\n`; } return b; });
time('concat+flatten', (r) => { let b = ''; for (const x of r) { const v = x.values; b += `1\t${x.rowNumber}\t${v[0]}\t${v[0]}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t${v[1]}\t${v[2]}\t${v[3]}\t\\N\t${v[1]}\t${v[2]}\tcoordinates\tnow\t${v[4]}\t${v[0]}\n`; } return b.charCodeAt(3); });
