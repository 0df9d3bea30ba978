/**
 * Imagery benchmark: renders property images and tiles from the fixture street, cold (cache
 * miss: scene → painted per pixel → PNG → disk) and cached (disk read), and prints p50/p95
 * against the targets (cold p50 ≤ 100 ms, issue 47; cached p50 ≤ 5 ms), with the CPU time of
 * the cold renders (what the machine's load does not inflate as much). Run: npm run bench -- imagery
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImageCache } from '../apps/server/src/domain/imagery/cache.js';
import type { PropertyCapture } from '../apps/server/src/domain/imagery/capture.js';
import { lngLatToTile } from '../apps/server/src/domain/imagery/geo.js';
import { ImageryService } from '../apps/server/src/domain/imagery/service.js';
import { emptyScene, type SceneFeatures } from '../apps/server/src/domain/imagery/scene.js';
import { propertySceneParts } from '../apps/server/src/domain/imagery/scene-builder.js';
import { makeBuilding, makeFeatures, squareOutline } from '../apps/server/test/fixtures/features.js';
import { FIXTURE_CENTER, fixtureSceneProvider } from '../apps/server/test/fixtures/scene.js';
import { percentile } from './support/figures.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

/** CPU milliseconds (all threads of the process) of each timed call, in order. */
const cpuSamples: number[] = [];

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(cpu);
  cpuSamples.push((used.user + used.system) / 1000);
  return performance.now() - start;
}

function report(name: string, samples: number[], target?: number) {
  const p50 = percentile(samples, 50);
  const verdict =
    target === undefined ? '' : p50 <= target ? `  ✓ target p50 ≤ ${target} ms` : `  ✗ target p50 ≤ ${target} ms`;
  console.log(
    `${name.padEnd(34)} p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms   n=${samples.length}${verdict}`,
  );
  return target === undefined || p50 <= target;
}

export async function benchImagery(): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), 'zview-bench-imagery-'));
  const captures = new Map<string, PropertyCapture>();
  const service = new ImageryService(
    { scene: fixtureSceneProvider, capture: (id) => captures.get(id) ?? null },
    new ImageCache(dir),
  );
  const hail = { id: 'bench-hail', kind: 'hail' as const, date: '2025-05-01', severity: 0.6 };
  for (let i = 0; i < RUNS; i++) {
    const oblique = i % 5 === 4;
    captures.set(`cap-${i}`, {
      captureId: `cap-${i}`,
      propertyId: 'prop-0004',
      capturedOn: `2025-0${1 + (i % 9)}-15`,
      provider: 'bench',
      view: oblique ? 'oblique' : 'ortho',
      direction: (['north', 'east', 'south', 'west'] as const)[i % 4],
      center: FIXTURE_CENTER,
      events: [hail],
    });
  }
  // Warm up the libraries (first sharp call loads libvips and fonts), not the cache.
  await service.renderCapture({ ...captures.get('cap-0')!, captureId: 'warm-up' }, 'png');

  const cold: number[] = [];
  const cached: number[] = [];
  cpuSamples.length = 0;
  for (const id of captures.keys()) cold.push(await time(() => service.propertyImage(id, 'prop-0004', 'png')));
  const coldCpu = [...cpuSamples];
  for (const id of captures.keys()) cached.push(await time(() => service.propertyImage(id, 'prop-0004', 'png')));

  const center = lngLatToTile(FIXTURE_CENTER, 19);
  const tileCold: number[] = [];
  const tileCached: number[] = [];
  const tiles = Array.from({ length: RUNS }, (_, i) => ({
    x: center.x - 3 + (i % 7),
    y: center.y - 3 + Math.floor(i / 7),
  }));
  for (const t of tiles) tileCold.push(await time(() => service.tile(19, t.x, t.y, 'png', '2026-01-01')));
  for (const t of tiles) tileCached.push(await time(() => service.tile(19, t.x, t.y, 'png', '2026-01-01')));

  // A dense suburb (≈ 600 houses with canopy) under one z16 tile: the worst case of the tile range.
  const dense = denseSuburb();
  const denseService = new ImageryService({ scene: () => dense, capture: () => null }, new ImageCache(dir));
  const z16 = lngLatToTile(FIXTURE_CENTER, 16);
  const denseCold: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 10); i++)
    denseCold.push(
      await time(() => denseService.tile(16, z16.x, z16.y, 'png', `2026-01-${String(i + 1).padStart(2, '0')}`)),
    );

  console.log('Imagery (fixture street, 512×512 ortho / 640×480 oblique PNG, 256 px tiles)');
  const ok = [
    report('property image, cold (render)', cold, 100),
    report('property image, cold, CPU time', coldCpu),
    report('property image, cached (disk)', cached, 5),
    report('satellite tile z19, cold', tileCold),
    report('satellite tile z19, cached', tileCached),
    report('satellite tile z16 dense, cold', denseCold),
  ].every(Boolean);
  rmSync(dir, { recursive: true, force: true });
  return ok;
}

function denseSuburb(): SceneFeatures {
  const scene: SceneFeatures = { ...emptyScene(), yardObjects: [] };
  const [lng0, lat0] = FIXTURE_CENTER;
  const mLng = 1 / (111_320 * Math.cos((lat0 * Math.PI) / 180));
  const mLat = 1 / 111_320;
  for (let row = -12; row <= 12; row++) {
    scene.roads.push({
      id: `r${row}`,
      widthM: 9,
      line: {
        type: 'LineString',
        coordinates: [
          [lng0 - 400 * mLng, lat0 + row * 64 * mLat],
          [lng0 + 400 * mLng, lat0 + row * 64 * mLat],
        ],
      },
    });
    for (let col = -13; col <= 13; col++) {
      const id = `d${row}_${col}`;
      const [cx, cy] = [lng0 + col * 30 * mLng, lat0 + (row * 64 + 22) * mLat];
      const parcel = squareOutline(cx, cy, 28);
      const building = makeBuilding({
        outline: squareOutline(cx, cy, 13),
        hasSolar: (row + col) % 5 === 0,
        roofShape: col % 2 ? 'hip' : 'gable',
      });
      const parts = propertySceneParts({
        propertyId: id,
        parcel,
        features: makeFeatures({
          propertyId: id,
          buildings: [building],
          hasPool: col % 4 === 0,
          vegetationCover: 0.25,
        }),
      });
      scene.parcels.push(...parts.parcels);
      scene.buildings.push(...parts.buildings);
      scene.trees.push(...parts.trees);
      scene.pools.push(...parts.pools);
    }
  }
  return scene;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchImagery();
  process.exitCode = ok ? 0 : 1;
}
