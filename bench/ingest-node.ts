/**
 * The ingest's Node side alone (issue 22): a million coordinate rows read, parsed and rendered as
 * COPY text by ingestPortfolio, with a stand-in client whose COPY discards what it gets, so the
 * figure is the worker's own CPU (the database's share is in bench:portfolio-io). Run it under
 * `node --cpu-prof --import tsx ingest-node.ts` to profile the rendering.
 *   npm run -w bench bench:ingest-node
 */
import { Writable } from 'node:stream';
import { mkdirSync, existsSync } from 'node:fs';
import { mapColumns } from '../apps/server/src/domain/portfolio/columns.js';
import { ingestPortfolio } from '../apps/server/src/domain/portfolio/pipeline/ingest.js';
import { uploadBlobKey } from '../apps/server/src/domain/portfolio/uploads.js';
import { LocalBlobStore } from '../apps/server/src/storage/blob-store.js';
import { SAMPLE_HEADER, writeSamplePortfolioCsv } from './sample-portfolio-csv.js';
const blobs = new LocalBlobStore('/tmp/ingprof/blobs');
const name = 'bench-ingest-node';
const file = `/tmp/ingprof/blobs/${uploadBlobKey(name)}`;
mkdirSync(file.slice(0, file.lastIndexOf('/')), { recursive: true });
if (!existsSync(file)) await writeSamplePortfolioCsv(file, 1_000_000);
let bytes = 0;
const client = {
  escapeIdentifier: (s: string) => `"${s}"`,
  query(q: unknown) {
    if (typeof q === 'object' && q !== null && 'submit' in (q as object)) {
      return new Writable({ write: (c, _e, cb) => ((bytes += c.length), cb()) });
    }
    // beginIngest reads the portfolio (not ingested, no table left); the attach locks its row (one).
    return Promise.resolve({ rows: [{ ingested_at: null, partition: null }], rowCount: 1 });
  },
};
const t = performance.now();
const cpu = process.cpuUsage();
await ingestPortfolio(client as never, blobs, {
  id: 1,
  uploadName: name,
  delimiter: ',',
  mapping: mapColumns(SAMPLE_HEADER),
});
const c = process.cpuUsage(cpu);
console.log(
  `ingest Node side: ${(performance.now() - t).toFixed(0)} ms, CPU ${((c.user + c.system) / 1000).toFixed(0)} ms, ${bytes} bytes`,
);
