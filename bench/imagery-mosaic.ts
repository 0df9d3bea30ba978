/**
 * Imported imagery at provider scale (issue 47), three steps:
 *  1. generate: a COG-layout mosaic (default 40,000² px, ~2.8 GB, UTM 13N, 0.3 m), streaming;
 *  2. import: into s3rver in a child process; its peak RSS is reported (target ≤ 1 GiB);
 *  3. tiles: read from s3rver at 50 tiles/s, open loop: cold (never read by this process) then
 *     warm (the same tiles again, from the in-process LRU): p95 targets ≤ 200 ms cold, ≤ 50 ms
 *     warm. Also the store reads per cold tile and their bytes (load-independent).
 * Run: npm run bench:imagery-mosaic -w bench  (BENCH_MOSAIC_PX=8192 for a quick run)
 *
 * MOSAIC_KEEP=DIR keeps the generated mosaic and the imported pyramid (s3rver's folder) in DIR
 * between runs: a step whose output is already there is skipped, so a 40,000² mosaic is made
 * and imported once (long) and its tiles measured again later, on a quiet machine, alone.
 * MOSAIC_STEPS=generate,import (default: all three) stops before the tiles.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lngLatToTileFraction } from '../apps/server/src/domain/imagery/geo.js';
import { MosaicTiles } from '../apps/server/src/domain/imagery/mosaic/tiles.js';
import { S3BlobStore } from '../apps/server/src/storage/s3-blob-store.js';
import { CountingBlobStore } from './support/counting-blob-store.js';
import { generateCog } from './support/generate-cog.js';
import { loadavg, mark, mb, percentile, secs, sleep } from './support/figures.js';

const SIZE = Number(process.env.BENCH_MOSAIC_PX ?? 40_000);
const RATE = 50;
const SAMPLES = Number(process.env.BENCH_MOSAIC_TILES ?? 1000);
const CENTRE: [number, number] = [-104.99, 39.74];
const STEPS = new Set((process.env.MOSAIC_STEPS ?? 'generate,import,tiles').split(','));
const KEEP = process.env.MOSAIC_KEEP;

interface Imported {
  result: { maxZoom: number; minZoom: number; tiles: number; bytes: number; bounds: Record<string, number> };
  ms: number;
  maxRssBytes: number;
}

const dir = KEEP
  ? path.resolve(KEEP)
  : mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'zview-bench-mosaic-'));
mkdirSync(dir, { recursive: true });
const file = path.join(dir, 'mosaic.tif');
// Written last by each step, so an interrupted step is redone rather than half-trusted.
const generatedMark = path.join(dir, 'generated.json');
const importedMark = path.join(dir, 'imported.json');

const s3rver = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'support/s3rver-child.ts'), path.join(dir, 's3')],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
try {
  const port = await new Promise<number>((resolve, reject) => {
    s3rver.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
    s3rver.once('exit', (code) => reject(new Error(`s3rver exited ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  if (STEPS.has('generate')) await generate();
  const imported = STEPS.has('import') ? await runImport(endpoint) : kept<Imported>(importedMark, 'import');
  if (STEPS.has('tiles')) await measureTiles(endpoint, imported);
} finally {
  s3rver.kill();
  if (!KEEP) rmSync(dir, { recursive: true, force: true });
}

function kept<T>(markFile: string, step: string): T {
  if (!existsSync(markFile)) throw new Error(`no kept ${step} in ${dir}: run that step first`);
  return JSON.parse(readFileSync(markFile, 'utf8')) as T;
}

async function generate() {
  if (existsSync(generatedMark)) {
    const was = kept<{ size: number; bytes: number }>(generatedMark, 'mosaic');
    if (was.size !== SIZE) throw new Error(`${dir} keeps a ${was.size}² mosaic, not ${SIZE}²`);
    console.log(`kept ${SIZE}² px mosaic (${mb(was.bytes)}) in ${dir}`);
    return;
  }
  console.log(`load ${loadavg()}  generating ${SIZE}² px mosaic in ${dir}…`);
  const t = performance.now();
  await generateCog(file, { size: SIZE, metresPerPixel: 0.3, lng: CENTRE[0], lat: CENTRE[1] });
  const bytes = statSync(file).size;
  console.log(`generated ${mb(bytes)} in ${secs(performance.now() - t)}  load ${loadavg()}`);
  writeFileSync(generatedMark, JSON.stringify({ size: SIZE, bytes, ms: performance.now() - t }));
}

async function runImport(endpoint: string): Promise<Imported> {
  if (existsSync(importedMark)) {
    const was = kept<Imported>(importedMark, 'import');
    console.log(
      `kept import: ${was.result.tiles} tiles, took ${secs(was.ms)}, peak RSS ${mb(was.maxRssBytes)} (not re-measured)`,
    );
    return was;
  }
  kept(generatedMark, 'mosaic');
  const t = performance.now();
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
  const imported = JSON.parse(out.trim().split('\n').pop()!) as Imported;
  const rssOk = imported.maxRssBytes <= 1024 ** 3;
  console.log(
    `import: ${imported.result.tiles} tiles (z${imported.result.minZoom}–${imported.result.maxZoom}, ${mb(imported.result.bytes)}) in ${secs(performance.now() - t)}; ` +
      `peak RSS ${mb(imported.maxRssBytes)} ${mark(rssOk)} ≤ 1 GiB  load ${loadavg()}`,
  );
  writeFileSync(importedMark, JSON.stringify(imported));
  return imported;
}

async function measureTiles(endpoint: string, imported: Imported) {
  const { west, south, east, north } = imported.result.bounds as Record<'west' | 'south' | 'east' | 'north', number>;
  const s3 = new S3BlobStore({
    bucket: 'bench',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  const store = new CountingBlobStore(s3);
  const tiles = new MosaicTiles(store, 256 * 1024 * 1024);
  const ref = {
    id: 'bench',
    tilesKey: 'imagery/bench',
    minZoom: imported.result.minZoom,
    maxZoom: imported.result.maxZoom,
  };
  // Tiles well inside the mosaic at the native zoom and the one above (what a map shows); the
  // same seed each run, so a kept pyramid is asked for the same tiles.
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
  async function atRate(): Promise<{
    samples: number[];
    missing: number;
    reads: number;
    bytes: number;
    cpuMs: number;
  }> {
    const samples: number[] = [];
    let missing = 0;
    const before = { ...store.counts };
    const cpu = process.cpuUsage();
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
    const used = process.cpuUsage(cpu);
    return {
      samples,
      missing,
      reads: store.counts.reads - before.reads,
      bytes: store.counts.bytes - before.bytes,
      cpuMs: (used.user + used.system) / 1000,
    };
  }
  const cold = await atRate();
  const warm = await atRate();
  const line = (name: string, r: Awaited<ReturnType<typeof atRate>>, target: number) => {
    const p95 = percentile(r.samples, 95);
    const n = r.samples.length;
    console.log(
      `${name} at ${RATE} tiles/s: p50 ${percentile(r.samples, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ${mark(p95 <= target)} ≤ ${target} ms, ` +
        `n=${n}, missing ${r.missing}; store reads ${(r.reads / n).toFixed(2)}/tile, ${(r.bytes / n / 1024).toFixed(1)} KiB/tile, reader CPU ${(r.cpuMs / n).toFixed(2)} ms/tile  load ${loadavg()}`,
    );
  };
  line('cold (s3rver)', cold, 200);
  line('warm (LRU)   ', warm, 50);
  s3.close();
}
