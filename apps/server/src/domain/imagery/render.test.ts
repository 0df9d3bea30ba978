import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CENTER, fixtureScene, fixtureSceneProvider } from '../../../test/fixtures/scene.js';
import { ImageCache } from './cache.js';
import { roofDamage, type PropertyCapture, type WeatherEvent } from './capture.js';
import { bboxAround, lngLatToTile } from './geo.js';
import { cropRaster } from './render.js';
import { ImageryService, type ImagerySources } from './service.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const hail: WeatherEvent = { id: 'hail-2025-05', kind: 'hail', date: '2025-05-10', severity: 0.8 };

function capture(overrides: Partial<PropertyCapture> = {}): PropertyCapture {
  return {
    captureId: 'cap-2025-04',
    propertyId: 'prop-0004',
    capturedOn: '2025-04-20',
    provider: 'Z-VIEW sample',
    view: 'ortho',
    center: FIXTURE_CENTER,
    events: [hail],
    ...overrides,
  };
}

function service(captures: PropertyCapture[] = []) {
  const sources: ImagerySources = {
    scene: fixtureSceneProvider,
    capture: (captureId, propertyId) =>
      captures.find((c) => c.captureId === captureId && c.propertyId === propertyId) ?? null,
  };
  return new ImageryService(sources, new ImageCache(mkdtempSync(path.join(tmpdir(), 'zview-imagery-'))));
}

describe('imagery renderer', () => {
  it('is deterministic: the same scene and capture give the same bytes', async () => {
    const a = await service().renderCapture(capture(), 'png');
    const b = await service().renderCapture(capture(), 'png');
    expect(sha(a)).toBe(sha(b));
    const meta = await sharp(a).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 512 });
  });

  it('shows the difference around a hail storm: before ≠ after, damaged roofs after', async () => {
    const before = await service().renderCapture(capture({ captureId: 'before', capturedOn: '2025-04-20' }), 'png');
    const after = await service().renderCapture(capture({ captureId: 'after', capturedOn: '2025-06-15' }), 'png');
    expect(sha(before)).not.toBe(sha(after));
    const damaged = fixtureScene().buildings.map((b) => roofDamage(b, '2025-06-15', [hail]));
    expect(damaged.filter((d) => d === 'hail').length).toBeGreaterThan(0);
    expect(fixtureScene().buildings.every((b) => roofDamage(b, '2025-04-20', [hail]) === 'none')).toBe(true);
    // Long after the storm, roofs have been repaired.
    expect(fixtureScene().buildings.every((b) => roofDamage(b, '2026-06-01', [hail]) === 'none')).toBe(true);
  });

  it('renders obliques from four directions as different projected views', async () => {
    const hashes = new Set<string>();
    for (const direction of ['north', 'east', 'south', 'west'] as const) {
      const image = await service().renderCapture(capture({ view: 'oblique', direction }), 'jpg');
      expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
      hashes.add(sha(image));
    }
    expect(hashes.size).toBe(4);
  });

  it('caches: the second request is a hit with the same bytes; unknown captures are null', async () => {
    const svc = service([capture()]);
    const first = await svc.propertyImage('cap-2025-04', 'prop-0004', 'webp');
    const second = await svc.propertyImage('cap-2025-04', 'prop-0004', 'webp');
    expect(first).toMatchObject({ hit: false });
    expect(second).toMatchObject({ hit: true, etag: first!.etag });
    expect(sha(second!.data)).toBe(sha(first!.data));
    expect(await svc.propertyImage('cap-2025-04', 'prop-9999', 'webp')).toBeNull();
  });

  it('renders a tile of the fixture street and re-renders when the scene under it changes', async () => {
    const { x, y } = lngLatToTile(FIXTURE_CENTER, 18);
    const dir = mkdtempSync(path.join(tmpdir(), 'zview-tiles-'));
    let scene = fixtureScene();
    const svc = new ImageryService({ scene: () => scene, capture: () => null }, new ImageCache(dir));
    const first = await svc.tile(18, x, y, 'png', '2026-01-01');
    expect(await sharp(first.data).metadata()).toMatchObject({ width: 256, height: 256 });
    expect((await svc.tile(18, x, y, 'png', '2026-01-01')).hit).toBe(true);
    scene = { ...scene, buildings: [] };
    const changed = await svc.tile(18, x, y, 'png', '2026-01-01');
    expect(changed.hit).toBe(false);
    expect(changed.etag).not.toBe(first.etag);
  });

  it('crops imported raster imagery with bounds instead of drawing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zview-raster-'));
    const file = path.join(dir, 'ortho.png');
    // Left half red, right half blue, covering 200 m around the fixture centre.
    const half = await sharp({ create: { width: 200, height: 400, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0000ff' } })
      .composite([{ input: half, left: 0, top: 0 }])
      .png()
      .toFile(file);
    const bounds = bboxAround(FIXTURE_CENTER, 200);
    const svc = new ImageryService(
      {
        scene: (bbox) =>
          ({ ...fixtureSceneProvider(bbox), rasters: [{ id: 'r1', path: file, bounds }] }) as ReturnType<
            typeof fixtureScene
          >,
        capture: () => capture(),
      },
      new ImageCache(dir),
    );
    const image = await svc.renderCapture(capture(), 'png');
    const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) =>
      Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    expect(px(10, 256)).toEqual([255, 0, 0]);
    expect(px(500, 256)).toEqual([0, 0, 255]);
    // The same file given on the capture itself (an imported capture) is cropped the same way.
    const direct = await service().renderCapture(capture({ raster: { id: 'r1', path: file, bounds } }), 'png');
    expect(sha(direct)).toBe(sha(image));
  });

  it('crops Web Mercator rasters by Mercator rows', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zview-raster-3857-'));
    const file = path.join(dir, 'mercator.png');
    // Top half red, bottom half blue: in Mercator rows the split is at 40.75°N, in linear rows at 40°N.
    const top = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0000ff' } })
      .composite([{ input: top, left: 0, top: 0 }])
      .png()
      .toFile(file);
    const bounds: [number, number, number, number] = [-110, 30, -90, 50];
    const bbox: [number, number, number, number] = [-100.5, 40.27, -99.5, 40.47];
    const centre = async (crs?: 'EPSG:3857') => {
      const png = await cropRaster({ id: 'm', path: file, bounds, ...(crs ? { crs } : {}) }, bbox, 16, 16, 'png');
      const { data } = await sharp(png!).raw().toBuffer({ resolveWithObject: true });
      return Array.from(data.subarray((8 * 16 + 8) * 3, (8 * 16 + 8) * 3 + 3));
    };
    expect(await centre('EPSG:3857')).toEqual([0, 0, 255]);
    expect(await centre()).toEqual([255, 0, 0]);
  });
});
