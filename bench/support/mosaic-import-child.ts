/**
 * The import of the imagery-mosaic benchmark, alone in its process so its peak RSS
 * (process.resourceUsage().maxRSS) is the importer's. Args: FILE ENDPOINT BUCKET EPSG.
 */
import { importMosaic } from '../../apps/server/src/domain/imagery/mosaic/importer.js';
import { S3BlobStore } from '../../apps/server/src/storage/s3-blob-store.js';

const [file, endpoint, bucket, epsg] = process.argv.slice(2) as [string, string, string, string];
const store = new S3BlobStore({
  bucket,
  endpoint,
  forcePathStyle: true,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
});
const started = performance.now();
let last = 0;
const result = await importMosaic(file, store, {
  keyPrefix: 'imagery/bench',
  epsg: Number(epsg),
  concurrency: 16,
  onProgress: ({ blocks, totalBlocks, tiles }) => {
    if (performance.now() - last < 15_000) return;
    last = performance.now();
    const rss = process.memoryUsage().rss / 1024 / 1024;
    process.stderr.write(`  ${blocks}/${totalBlocks} blocks, ${tiles} tiles, rss ${rss.toFixed(0)} MB\n`);
  },
});
store.close();
process.stdout.write(
  JSON.stringify({ result, ms: performance.now() - started, maxRssBytes: process.resourceUsage().maxRSS * 1024 }) +
    '\n',
);
