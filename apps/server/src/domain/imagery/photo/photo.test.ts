import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CENTER, fixtureScene } from '../../../../test/fixtures/scene.js';
import { roofDamage, type WeatherEvent } from '../capture.js';
import { bboxAround, lngLatToTile, pixelProjector, tileToBBox, type BBox, type LngLat } from '../geo.js';
import type { SceneFeatures } from '../scene.js';
import type { SceneView } from '../view.js';
import type { Canvas } from './canvas.js';
import { obliquePhoto } from './oblique.js';
import { orthoPhoto } from './ortho.js';
import { climateAt, siteDetails, solarPosition, speciesOf } from './site.js';

const sha = (c: Canvas) => createHash('sha256').update(c.bytes()).digest('hex');
const BBOX = bboxAround(FIXTURE_CENTER, 60);
const view = (overrides: Partial<SceneView> = {}): SceneView => ({
  bbox: BBOX,
  width: 256,
  height: 256,
  capturedOn: '2025-06-20',
  events: [],
  seed: 'test',
  ...overrides,
});
/** The fixture without pools (their water is blue like a tarp). */
const street = (): SceneFeatures => ({ ...fixtureScene(), pools: [] });

/** Pixels of the canvas inside each building's footprint box (inset by a share of it), for the buildings in view. */
function footprintPixels(canvas: Canvas, scene: SceneFeatures, bbox: BBox, inset = 0.25) {
  const { project } = pixelProjector(bbox, canvas.width, canvas.height);
  return scene.buildings
    .map((b) => {
      const pts = (b.outline.coordinates[0] ?? []).map((c) => project(c as LngLat));
      const xs = pts.map((p) => p[0]);
      const ys = pts.map((p) => p[1]);
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      const px: [number, number, number][] = [];
      for (let y = Math.ceil(y0 + (y1 - y0) * inset); y < y1 - (y1 - y0) * inset; y++)
        for (let x = Math.ceil(x0 + (x1 - x0) * inset); x < x1 - (x1 - x0) * inset; x++) {
          if (x < 0 || y < 0 || x >= canvas.width || y >= canvas.height) continue;
          const i = (y * canvas.width + x) * 3;
          px.push([canvas.rgb[i]!, canvas.rgb[i + 1]!, canvas.rgb[i + 2]!]);
        }
      return { building: b, px };
    })
    .filter(({ px }) => px.length >= 60); // buildings in view
}
const isTarp = ([r, g, b]: [number, number, number]) => b > 0.4 && b - r > 0.25 && b - g > 0.1;
const luminance = ([r, g, b]: [number, number, number]) => 0.3 * r + 0.59 * g + 0.11 * b;
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
function countAll(canvas: Canvas, test: (p: [number, number, number]) => boolean) {
  let n = 0;
  for (let i = 0; i < canvas.rgb.length; i += 3)
    if (test([canvas.rgb[i]!, canvas.rgb[i + 1]!, canvas.rgb[i + 2]!])) n++;
  return n;
}

const hurricane: WeatherEvent = { id: 'h', kind: 'hurricane', date: '2025-09-01', severity: 0.9 };
const wildfire: WeatherEvent = { id: 'fire', kind: 'wildfire', date: '2025-08-02', severity: 0.9 };
const hail: WeatherEvent = { id: 'hail', kind: 'hail', date: '2025-05-10', severity: 0.8 };

describe('photographic renderer', () => {
  it('paints the same bytes for the same scene and capture, other bytes for another capture', () => {
    const a = orthoPhoto(fixtureScene(), view());
    expect(sha(orthoPhoto(fixtureScene(), view()))).toBe(sha(a));
    expect(sha(orthoPhoto(fixtureScene(), view({ seed: 'other flight' })))).not.toBe(sha(a));
    const oblique = { center: FIXTURE_CENTER, spanM: 90, direction: 'east' as const, width: 200, height: 150 };
    const o = obliquePhoto(fixtureScene(), { ...oblique, capturedOn: '2025-06-20', events: [], seed: 's' });
    expect(sha(obliquePhoto(fixtureScene(), { ...oblique, capturedOn: '2025-06-20', events: [], seed: 's' }))).toBe(
      sha(o),
    );
  });

  it('is textured like a photograph: a lawn is not one flat colour', () => {
    const canvas = orthoPhoto({ ...fixtureScene(), buildings: [], trees: [], roads: [], pools: [] }, view());
    const lum: number[] = [];
    for (let i = 0; i < canvas.rgb.length; i += 3)
      lum.push(luminance([canvas.rgb[i]!, canvas.rgb[i + 1]!, canvas.rgb[i + 2]!]));
    const m = mean(lum);
    const sd = Math.sqrt(mean(lum.map((v) => (v - m) ** 2)));
    expect(sd).toBeGreaterThan(0.02);
  });

  it('shows blue tarps on the hit roofs after a hurricane, none before or once repaired', () => {
    const scene = street();
    const after = footprintPixels(
      orthoPhoto(scene, view({ capturedOn: '2025-10-01', events: [hurricane] })),
      scene,
      BBOX,
      0,
    );
    const hit = after
      .map(({ building }) => building)
      .filter((b) => roofDamage(b, '2025-10-01', [hurricane]) === 'tarp');
    expect(hit.length).toBeGreaterThan(0);
    for (const { building, px } of after) {
      const tarp = px.filter(isTarp).length;
      if (hit.includes(building)) expect(tarp).toBeGreaterThan(px.length * 0.05);
      else expect(tarp).toBe(0);
    }
    expect(countAll(orthoPhoto(scene, view({ capturedOn: '2025-08-01', events: [hurricane] })), isTarp)).toBe(0);
    expect(countAll(orthoPhoto(scene, view({ capturedOn: '2026-08-01', events: [hurricane] })), isTarp)).toBe(0);
  });

  it('shows burned roofs and scorched ground after a wildfire', () => {
    const scene = street();
    const before = orthoPhoto(scene, view({ capturedOn: '2025-07-01', events: [wildfire] }));
    const after = orthoPhoto(scene, view({ capturedOn: '2025-09-01', events: [wildfire] }));
    const inView = footprintPixels(after, scene, BBOX);
    const burned = inView.filter(({ building }) => roofDamage(building, '2025-09-01', [wildfire]) === 'burned');
    expect(burned.length).toBeGreaterThan(0);
    for (const { px } of burned) expect(mean(px.map(luminance))).toBeLessThan(0.2);
    const meanLum = (c: Canvas) =>
      mean(
        Array.from({ length: c.rgb.length / 3 }, (_, i) =>
          luminance([c.rgb[i * 3]!, c.rgb[i * 3 + 1]!, c.rgb[i * 3 + 2]!]),
        ),
      );
    expect(meanLum(after)).toBeLessThan(meanLum(before) * 0.75);
  });

  it('parks no cars at the houses a wildfire burned, the same cars as before elsewhere', () => {
    const scene = street();
    const day = '2025-09-01';
    const burned = new Set(scene.buildings.filter((b) => roofDamage(b, day, [wildfire]) === 'burned').map((b) => b.id));
    const atBurned = (car: { id: string }) => burned.has(car.id.replace(/-car-\d+$/, ''));
    const unburnt = siteDetails(scene, day).cars;
    const afterFire = siteDetails(scene, day, [wildfire]).cars;
    // The same day without the fire has cars at those houses: the rule, not chance, removes them.
    expect(unburnt.filter(atBurned).length).toBeGreaterThan(2);
    expect(afterFire.filter(atBurned)).toEqual([]);
    expect(afterFire).toEqual(unburnt.filter((car) => !atBurned(car)));

    // In the picture: painting the car tops changes nothing where a burned house's cars stood.
    const bbox = bboxAround(FIXTURE_CENTER, 80);
    const v = view({ bbox, width: 512, height: 512, capturedOn: day, events: [wildfire] });
    const withCars = orthoPhoto(scene, v).rgb.slice();
    const noCars = orthoPhoto(scene, v, { roofs: true, trees: true, haze: true, cars: false }).rgb;
    const { project, metresPerPx } = pixelProjector(bbox, 512, 512);
    const changedNear = (cars: { center: LngLat }[]) => {
      let changed = 0;
      const r = 2 / metresPerPx;
      for (const [cx, cy] of cars.map((car) => project(car.center)))
        for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(512, cy + r); y++)
          for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(512, cx + r); x++)
            if (Math.abs(withCars[(y * 512 + x) * 3]! - noCars[(y * 512 + x) * 3]!) > 0.02) changed++;
      return changed;
    };
    expect(changedNear(unburnt.filter((car) => !atBurned(car)))).toBeGreaterThan(50);
    expect(changedNear(unburnt.filter(atBurned))).toBe(0);
  });

  it('marks hail-hit roofs with pale bruises while the damage is visible', () => {
    const scene = street();
    const brightness = (capturedOn: string, events: WeatherEvent[]) =>
      footprintPixels(orthoPhoto(scene, view({ capturedOn, events })), scene, BBOX)
        .filter(({ building }) => roofDamage(building, '2025-06-15', [hail]) === 'hail')
        .map(({ px }) => mean(px.map(luminance)));
    // Same date with and without the storm: only the bruises differ.
    const hit = brightness('2025-06-15', [hail]);
    const unhurt = brightness('2025-06-15', []);
    expect(hit.length).toBeGreaterThan(0);
    hit.forEach((l, i) => expect(l).toBeGreaterThan(unhurt[i]! + 0.02));
    const gone = brightness('2025-12-15', [hail]);
    expect(gone).toEqual(brightness('2025-12-15', []));
  });

  it('browns the ground with silt after a flood, for 90 days', () => {
    const flood: WeatherEvent = { id: 'fl', kind: 'flood', date: '2025-03-01', severity: 0.6 };
    const scene = street();
    const redness = (c: Canvas) =>
      mean(Array.from({ length: c.rgb.length / 3 }, (_, i) => c.rgb[i * 3]! - c.rgb[i * 3 + 1]!));
    const during = redness(orthoPhoto(scene, view({ capturedOn: '2025-03-20', events: [flood] })));
    const without = redness(orthoPhoto(scene, view({ capturedOn: '2025-03-20', events: [] })));
    expect(during).toBeGreaterThan(without + 0.01);
    expect(sha(orthoPhoto(scene, view({ capturedOn: '2025-09-20', events: [flood] })))).toBe(
      sha(orthoPhoto(scene, view({ capturedOn: '2025-09-20', events: [] }))),
    );
  });

  it('shows the previous roof before a replacement and the new one after', () => {
    const scene = street();
    const building = { ...scene.buildings[3]!, roofInstallYear: 2022 };
    const only = { ...scene, buildings: [building], trees: [] };
    const roofColour = (capturedOn: string) => {
      const { px } = footprintPixels(orthoPhoto(only, view({ capturedOn })), only, BBOX)[0]!;
      return [0, 1, 2].map((c) => mean(px.map((p) => p[c]!)));
    };
    const old = roofColour('2021-06-20');
    const renewed = roofColour('2023-06-20');
    expect(Math.max(...old.map((v, c) => Math.abs(v - renewed[c]!)))).toBeGreaterThan(0.02);
  });

  it('greens lawns in summer and browns them in winter', () => {
    const scene = { ...street(), buildings: [], trees: [] };
    const green = (c: Canvas) =>
      mean(Array.from({ length: c.rgb.length / 3 }, (_, i) => c.rgb[i * 3 + 1]! - c.rgb[i * 3]!));
    expect(green(orthoPhoto(scene, view({ capturedOn: '2025-06-20' })))).toBeGreaterThan(
      green(orthoPhoto(scene, view({ capturedOn: '2025-01-20' }))) + 0.02,
    );
  });

  it('continues textures, shadows and shapes across neighbouring tiles', () => {
    const { x, y } = lngLatToTile(FIXTURE_CENTER, 19);
    const [w, s] = tileToBBox(19, x, y);
    const [, , e, n] = tileToBBox(19, x + 1, y);
    const tile = (bbox: BBox, width: number) =>
      orthoPhoto(fixtureScene(), view({ bbox, width, height: 256, seed: 'tile' }));
    const left = tile(tileToBBox(19, x, y), 256);
    const right = tile(tileToBBox(19, x + 1, y), 256);
    const both = tile([w, s, e, n], 512);
    let diff = 0;
    for (let row = 0; row < 256; row++)
      for (let col = 0; col < 240; col++) {
        for (let c = 0; c < 3; c++) {
          diff = Math.max(diff, Math.abs(left.rgb[(row * 256 + col) * 3 + c]! - both.rgb[(row * 512 + col) * 3 + c]!));
          diff = Math.max(
            diff,
            Math.abs(right.rgb[(row * 256 + 255 - col) * 3 + c]! - both.rgb[(row * 512 + 511 - col) * 3 + c]!),
          );
        }
      }
    expect(diff).toBeLessThan(0.03);
  });

  it('shows the same damage from every oblique direction', () => {
    const scene = street();
    for (const direction of ['north', 'east', 'south', 'west'] as const) {
      const base = { center: FIXTURE_CENTER, spanM: 90, direction, width: 320, height: 240, seed: 'o' };
      expect(
        countAll(obliquePhoto(scene, { ...base, capturedOn: '2025-10-01', events: [hurricane] }), isTarp),
      ).toBeGreaterThan(20);
      expect(countAll(obliquePhoto(scene, { ...base, capturedOn: '2025-08-01', events: [hurricane] }), isTarp)).toBe(0);
    }
  });

  it('puts the sun where it is on the capture date: shadows north at midday, longer in winter', () => {
    const june = solarPosition('2025-06-21', 39.74, 'a');
    const december = solarPosition('2025-12-21', 39.74, 'a');
    expect(june.shadow.dy).toBeLessThan(0);
    expect(june.elevation).toBeGreaterThan(Math.PI / 4);
    expect(Math.hypot(december.shadow.dx, december.shadow.dy)).toBeGreaterThan(
      2 * Math.hypot(june.shadow.dx, june.shadow.dy),
    );
  });

  it('grows conifers in the West and palms on the Gulf coast', () => {
    const trees = fixtureScene().trees;
    expect(climateAt([-104.99, 39.74])).toBe('west');
    expect(climateAt([-90.07, 29.95])).toBe('gulf');
    expect(climateAt([-84.39, 33.75])).toBe('east');
    expect(trees.some((t) => speciesOf(t, 'west') === 'conifer')).toBe(true);
    expect(trees.some((t) => speciesOf(t, 'gulf') === 'palm')).toBe(true);
    expect(trees.some((t) => speciesOf(t, 'east') === 'palm')).toBe(false);
  });
});
