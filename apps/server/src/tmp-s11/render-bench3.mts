import { createReadStream } from 'node:fs';
import { readCsvBatches, type CsvRecord } from '../domain/portfolio/csv-reader.js';
import { mapColumns, readRow, isDecimalText } from '../domain/portfolio/columns.js';
import { csvOriginals, copyText } from '../domain/portfolio/ingest-render.js';
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
const grid = { place: (lat: number, lng: number) => 'p' + ((lat * 1000) | 0), worldRevision: 1 } as any;
function plainCopyText(value: string | null): string { return value === null ? '\\N' : value; }
function coordinateText(values: readonly string[], index: number | undefined, value: number | null): string {
  if (value === null) return '\\N';
  const written = index === undefined ? undefined : values[index]?.trim();
  return written !== undefined && isDecimalText(written) ? written : String(value);
}
const V = process.env.V ?? '';
const FAKE = { ref: 'x', address: null, street: null, city: null, state: null, zip: null, country: null, latitude: 1, longitude: 2, attributes: {}, problem: null } as any;
function render(records: readonly CsvRecord[], portfolioId: number, counts: any): string {
  const columnCount = Array.isArray(mapping.header) ? mapping.header.length : null;
  let block = '';
  const pid = V.includes('p') ? String(portfolioId) : portfolioId;
  for (const record of records) {
    const row0 = V.includes('r') ? FAKE : readRow(mapping, record.values); const row = V.includes('d') ? (row0.latitude === 7 ? row0 : FAKE) : row0;
    const problem = record.problem ?? row.problem;
    const placed = !problem && row.latitude !== null && row.longitude !== null;
    if (problem) counts.unusable += 1;
    else if (placed) counts.coordinates += 1;
    const json = V.includes('j') ? '[]' : JSON.stringify(record.values);
    const text = json.includes('\\') ? copyText : plainCopyText;
    const lat = V.includes('k') ? '1.0' : coordinateText(record.values, mapping.fields.latitude, row.latitude);
    const lng = V.includes('k') ? '1.0' : coordinateText(record.values, mapping.fields.longitude, row.longitude);
    const parcel = placed ? (V.includes('g') ? plainCopyText(grid?.place(row.latitude!, row.longitude!) ?? null) : copyText(grid?.place(row.latitude!, row.longitude!) ?? null)) : '\\N';
    block +=
      `${pid}\t${record.rowNumber}\t${text(json)}\t${text(row.ref)}\t${text(row.address)}\t` +
      `${text(row.street)}\t${text(row.city)}\t${text(row.state)}\t${text(row.zip)}\t${text(row.country)}\t` +
      `${lat}\t${lng}\t${V.includes('a') ? '{}' : text(JSON.stringify(row.attributes))}\t${text(problem)}\t` +
      (placed ? `${lat}\t${lng}\tcoordinates\tnow\t` : '\\N\t\\N\t\\N\t\\N\t') +
      `${text(columnCount === null ? null : (V.includes('c') ? null : csvOriginals(record.values, columnCount)))}\t` +
      `${parcel}\n`;
  }
  return block;
}
time('copy of render ' + V, (r) => render(r, 1, { unusable: 0, coordinates: 0 }));
if (0) time('attr json', (r) => { for (const x of r) JSON.stringify({buildingTiv: x.values[3]}); });
if (0) time('coordText', (r) => { for (const x of r) { coordinateText(x.values, 1, 1); coordinateText(x.values, 2, 1); } });
