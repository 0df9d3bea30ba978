import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bboxContains, isValidTile, lngLatToTile, parseBBox, pixelProjector, tileToBBox } from './geo.js';

describe('tile math', () => {
  it('finds the known tile of a point (Denver, z16)', () => {
    // Reference computed independently: x = floor((lng+180)/360·2^z), y = floor((1 − asinh(tan φ)/π)/2·2^z).
    expect(lngLatToTile([-104.99, 39.74], 16)).toEqual({ z: 16, x: 13655, y: 24872 });
    expect(lngLatToTile([0, 0], 1)).toEqual({ z: 1, x: 1, y: 1 });
  });

  it('gives the bbox of a tile, edges shared with its neighbours', () => {
    const [w, s, e, n] = tileToBBox(0, 0, 0);
    expect(w).toBe(-180);
    expect(e).toBe(180);
    expect(n).toBeCloseTo(85.0511287798, 8);
    expect(s).toBeCloseTo(-85.0511287798, 8);
    const a = tileToBBox(18, 54612, 99380);
    const right = tileToBBox(18, 54613, 99380);
    const below = tileToBBox(18, 54612, 99381);
    expect(right[0]).toBe(a[2]);
    expect(below[3]).toBe(a[1]);
  });

  it('round-trips: a point lies in the bbox of its tile at every zoom 16–21', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -179.9, max: 179.9, noNaN: true }),
        fc.double({ min: -84, max: 84, noNaN: true }),
        fc.integer({ min: 16, max: 21 }),
        (lng, lat, z) => {
          const { x, y } = lngLatToTile([lng, lat], z);
          const [w, s, e, n] = tileToBBox(z, x, y);
          expect(lng).toBeGreaterThanOrEqual(w - 1e-9);
          expect(lng).toBeLessThanOrEqual(e + 1e-9);
          expect(lat).toBeGreaterThanOrEqual(s - 1e-9);
          expect(lat).toBeLessThanOrEqual(n + 1e-9);
          expect(lngLatToTile([(w + e) / 2, (s + n) / 2], z)).toEqual({ z, x, y });
        },
      ),
    );
  });

  it('validates z/x/y against the map zoom range and the grid', () => {
    expect(isValidTile(16, 0, 0)).toBe(true);
    expect(isValidTile(21, 2 ** 21 - 1, 2 ** 21 - 1)).toBe(true);
    expect(isValidTile(15, 0, 0)).toBe(false);
    expect(isValidTile(22, 0, 0)).toBe(false);
    expect(isValidTile(16, 2 ** 16, 0)).toBe(false);
    expect(isValidTile(16, -1, 0)).toBe(false);
    expect(isValidTile(16, 1.5, 0)).toBe(false);
  });

  it('projects a tile bbox onto exactly its pixel square', () => {
    const bbox = tileToBBox(17, 27306, 49690);
    const { project } = pixelProjector(bbox, 256, 256);
    const [x0, y0] = project([bbox[0], bbox[3]]);
    const [x1, y1] = project([bbox[2], bbox[1]]);
    expect([x0, y0]).toEqual([expect.closeTo(0, 6), expect.closeTo(0, 6)]);
    expect([x1, y1]).toEqual([expect.closeTo(256, 6), expect.closeTo(256, 6)]);
  });

  it('parses bbox text', () => {
    expect(parseBBox('-105,39,-104,40')).toEqual([-105, 39, -104, 40]);
    expect(parseBBox('1,2,3')).toBeNull();
    expect(parseBBox('-104,39,-105,40')).toBeNull();
    expect(bboxContains([-105, 39, -104, 40], [-104.5, 39.5, -104.4, 39.6])).toBe(true);
  });
});
