import { describe, expect, it } from 'vitest';
import { clampToBounds, commonBounds } from './geometry';

describe('commonBounds (#21.8: only the area both pictures cover)', () => {
  it('is the overlap of every valid bounds', () => {
    const before = { west: -89.1, south: 30.3, east: -89.0, north: 30.4 };
    const after = { west: -89.05, south: 30.32, east: -88.95, north: 30.45 };
    expect(commonBounds([before, after])).toEqual({ west: -89.05, south: 30.32, east: -89.0, north: 30.4 });
  });

  it('ignores missing or invalid bounds, and is null when nothing overlaps', () => {
    const a = { west: 0, south: 0, east: 1, north: 1 };
    expect(commonBounds([a, undefined, { west: 2, south: 2, east: 1, north: 1 }])).toEqual(a);
    expect(commonBounds([a, { west: 2, south: 2, east: 3, north: 3 }])).toBeNull();
    expect(commonBounds([])).toBeNull();
  });

  it('clamps a point into bounds', () => {
    const b = { west: 0, south: 0, east: 1, north: 1 };
    expect(clampToBounds({ lng: 2, lat: -1 }, b)).toEqual({ lng: 1, lat: 0 });
    expect(clampToBounds({ lng: 0.5, lat: 0.5 }, b)).toEqual({ lng: 0.5, lat: 0.5 });
  });
});
