/**
 * Imported imagery at provider scale (issue 47), one run:
 *  1. generates a COG-layout mosaic (default 40,000² px, ~2.8 GB, UTM 13N, 0.3 m) streaming;
 *  2. imports it into s3rver in a child process and reports its peak RSS (target ≤ 1 GiB);
 *  3. reads tiles from s3rver at 50 tiles/s, open loop: cold (never read) then warm (the same
 *     tiles again, from the in-process LRU): p95 targets ≤ 200 ms cold, ≤ 50 ms warm.
 * Run: npm run bench:imagery-mosaic -w bench  (BENCH_MOSAIC_PX=8192 for a quick run)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { lngLatToTileFraction } from '../apps/server/src/domain/imagery/geo.js';
import { MosaicTiles } from '../apps/server/src/domain/imagery/mosaic/tiles.js';
import { S3BlobStore } from '../apps/server/src/storage/s3-blob-store.js';
import { generateCog } from './support/generate-cog.js';
import { loadavg, mark, mb, percentile, secs, sleep } from './support/figures.js';

const SIZE = Number(process.env.BENCH_MOSAIC_PX ?? 40_000);
const RATE = 50;
const SAMPLES = Number(process.env.BENCH_MOSAIC_TILES ?? 1000);
const CENTRE: [number, number] = [-104.99, 39.74];

const dir = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'zview-bench-mosaic-'));
try {
  const file = path.join(dir, 'mosaic.tif');
  console.log(`load ${loadavg()}  generating ${SIZE}² px mosaic…`);
  let t = performance.now();
  await generateCog(file, { size: SIZE, metresPerPixel: 0.3, lng: CENTRE[0], lat: CENTRE[1] });
  console.log(`generated ${mb(statSync(file).size)} in ${secs(performance.now() - t)}  load ${loadavg()}`);

  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'bench' }],
  });
  const { port } = (await (server as { run(): Promise<{ port: number }> }).run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  t = performance.now();
  const child = execFile(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'support/mosaic-import-child.ts'),
      file,
      endpoint,
      'bench',
      '32613',
    ],
    { maxBuffer: 1 << 20 },
  );
  child.stderr?.pipe(process.stderr);
  const out = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (d: Buffer) => (text += d));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`import exited ${code}`))));
  });
  const imported = JSON.parse(out.trim().split('\n').pop()!) as {
    result: { maxZoom: number; minZoom: number; tiles: number; bytes: number; bounds: Record<string, number> };
    ms: number;
    maxRssBytes: number;
  };
  const rssOk = imported.maxRssBytes <= 1024 ** 3;
  console.log(
    `import: ${imported.result.tiles} tiles (z${imported.result.minZoom}–${imported.result.maxZoom}, ${mb(imported.result.bytes)}) in ${secs(imported.ms)}; ` +
      `peak RSS ${mb(imported.maxRssBytes)} ${mark(rssOk)} ≤ 1 GiB  load ${loadavg()}`,
  );

  // Tiles well inside the mosaic at the native zoom and the one above (what a map shows).
  const { west, south, east, north } = imported.result.bounds as {
    west: number;
    south: number;
    east: number;
    north: number;
  };
  const store = new S3BlobStore({
    bucket: 'bench',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  const tiles = new MosaicTiles(store, 256 * 1024 * 1024);
  const ref = {
    id: 'bench',
    tilesKey: 'imagery/bench',
    minZoom: imported.result.minZoom,
    maxZoom: imported.result.maxZoom,
  };
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff;
  const picks = new Map<string, [number, number, number]>();
  while (picks.size < SAMPLES) {
    const z = random() < 0.75 ? ref.maxZoom : ref.maxZoom - 1;
    const lng = west + (0.1 + 0.8 * random()) * (east - west);
    const lat = south + (0.1 + 0.8 * random()) * (north - south);
    const [fx, fy] = lngLatToTileFraction([lng, lat], z);
    picks.set(`${z}/${Math.floor(fx)}/${Math.floor(fy)}`, [z, Math.floor(fx), Math.floor(fy)]);
  }
  const list = [...picks.values()];
  async function atRate(): Promise<{ samples: number[]; missing: number }> {
    const samples: number[] = [];
    let missing = 0;
    const start = performance.now();
    await Promise.all(
      list.map(async ([z, x, y], i) => {
        await sleep(Math.max(0, start + (i * 1000) / RATE - performance.now()));
        const began = performance.now();
        const tile = await tiles.tile(ref, z, x, y);
        samples.push(performance.now() - began);
        if (!tile) missing++;
      }),
    );
    return { samples, missing };
  }
  const cold = await atRate();
  const warm = await atRate();
  const line = (name: string, r: { samples: number[]; missing: number }, target: number) => {
    const p95 = percentile(r.samples, 95);
    console.log(
      `${name} at ${RATE} tiles/s: p50 ${percentile(r.samples, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ${mark(p95 <= target)} ≤ ${target} ms, ` +
        `n=${r.samples.length}, missing ${r.missing}  load ${loadavg()}`,
    );
  };
  line('cold (s3rver)', cold, 200);
  line('warm (LRU)   ', warm, 50);
  store.close();
  await (server as { close(): Promise<void> }).close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
