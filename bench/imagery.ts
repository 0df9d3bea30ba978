/**
 * Imagery benchmark: renders property images and tiles from the fixture street, cold (cache
 * miss: scene → SVG → librsvg → PNG → disk) and cached (disk read), and prints p50/p95 against
 * the targets (cold p50 ≤ 150 ms, cached p50 ≤ 5 ms). Run: npm run bench -- imagery
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImageCache } from '../apps/server/src/domain/imagery/cache.js';
import type { PropertyCapture } from '../apps/server/src/domain/imagery/capture.js';
import { lngLatToTile } from '../apps/server/src/domain/imagery/geo.js';
import { ImageryService } from '../apps/server/src/domain/imagery/service.js';
import { FIXTURE_CENTER, fixtureSceneProvider } from '../apps/server/test/fixtures/scene.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function report(name: string, samples: number[], target?: number) {
  const p50 = percentile(samples, 50);
  const verdict = target === undefined ? '' : p50 <= target ? `  ✓ target p50 ≤ ${target} ms` : `  ✗ target p50 ≤ ${target} ms`;
  console.log(`${name.padEnd(34)} p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms   n=${samples.length}${verdict}`);
  return target === undefined || p50 <= target;
}

export async function benchImagery(): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), 'zview-bench-imagery-'));
  const captures = new Map<string, PropertyCapture>();
  const service = new ImageryService({ scene: fixtureSceneProvider, capture: (id) => captures.get(id) ?? null }, new ImageCache(dir));
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
  for (const id of captures.keys()) cold.push(await time(() => service.propertyImage(id, 'prop-0004', 'png')));
  for (const id of captures.keys()) cached.push(await time(() => service.propertyImage(id, 'prop-0004', 'png')));

  const center = lngLatToTile(FIXTURE_CENTER, 19);
  const tileCold: number[] = [];
  const tileCached: number[] = [];
  const tiles = Array.from({ length: RUNS }, (_, i) => ({ x: center.x - 3 + (i % 7), y: center.y - 3 + Math.floor(i / 7) }));
  for (const t of tiles) tileCold.push(await time(() => service.tile(19, t.x, t.y, 'png', '2026-01-01')));
  for (const t of tiles) tileCached.push(await time(() => service.tile(19, t.x, t.y, 'png', '2026-01-01')));

  console.log('Imagery (fixture street, 512×512 ortho / 640×480 oblique PNG, 256 px tiles)');
  const ok = [
    report('property image, cold (render)', cold, 150),
    report('property image, cached (disk)', cached, 5),
    report('satellite tile z19, cold', tileCold),
    report('satellite tile z19, cached', tileCached),
  ].every(Boolean);
  rmSync(dir, { recursive: true, force: true });
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchImagery();
  process.exitCode = ok ? 0 : 1;
}
