import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COVERAGE_METRES } from '../../geocoder/index.js';
import { haversineMetres } from '../../hazard/geo.js';
import { OCCUPIED_CELL_DEG, ParcelGridBuilder } from './parcel-grid.js';

// The grid tells a point far from every property (isFarFromEveryProperty) from the cells the
// properties occupy, as the ingest and the runs rely on: never when a property is within 3 km (the
// exact rule would find it), and always when the nearest is clearly further than that.
const FAR_METRES = COVERAGE_METRES + 1000;
/** FAR_METRES with the grid's 1% margin on metres per degree, plus an occupied cell's diagonal (~0.8 km). */
const SURELY_FAR_METRES = FAR_METRES / 0.99 + 850;

/** A grid of these property points (no parcels), their cells read as the database reads them. */
function gridOf(points: readonly { lat: number; lng: number }[]) {
  const builder = new ParcelGridBuilder('1');
  const seen = new Set<string>();
  for (const p of points) {
    const cell: [number, number] = [Math.floor(p.lat / OCCUPIED_CELL_DEG), Math.floor(p.lng / OCCUPIED_CELL_DEG)];
    if (!seen.has(String(cell))) builder.occupy(cell);
    seen.add(String(cell));
  }
  return builder.build();
}

/** A town: properties scattered within a few kilometres of its centre. */
const town = fc
  .record({
    lat: fc.double({ min: -70, max: 70, noNaN: true }),
    lng: fc.double({ min: -170, max: 170, noNaN: true }),
    offsets: fc.array(fc.tuple(fc.double({ min: -0.03, max: 0.03 }), fc.double({ min: -0.03, max: 0.03 })), {
      minLength: 1,
      maxLength: 40,
    }),
  })
  .map(({ lat, lng, offsets }) => offsets.map(([dLat, dLng]) => ({ lat: lat + dLat, lng: lng + dLng })));

/** Points around the town, from beside it to tens of kilometres away. */
const around = fc.array(
  fc.record({ metres: fc.integer({ min: 0, max: 30_000 }), degrees: fc.integer({ min: 0, max: 359 }) }),
  { minLength: 20, maxLength: 60 },
);

describe('a point far from every property', () => {
  it('is never one with a property within 3 km, and always one whose nearest property is clearly further', () => {
    let far = 0;
    let near = 0;
    fc.assert(
      fc.property(town, around, (properties, queries) => {
        const grid = gridOf(properties);
        const centre = properties[0]!;
        for (const { metres, degrees } of queries) {
          const [km, angle] = [metres / 1000, (degrees * Math.PI) / 180];
          const lat = centre.lat + (km / 111) * Math.sin(angle);
          const lng = centre.lng + (km / (111 * Math.cos((centre.lat * Math.PI) / 180))) * Math.cos(angle);
          const nearest = Math.min(...properties.map((p) => haversineMetres(lat, lng, p.lat, p.lng)));
          const isFar = grid.isFarFromEveryProperty(lat, lng);
          if (nearest <= FAR_METRES) expect(isFar, `${lat},${lng}: a property ${nearest} m away`).toBe(false);
          if (nearest > SURELY_FAR_METRES) expect(isFar, `${lat},${lng}: nearest ${nearest} m away`).toBe(true);
          if (isFar) far += 1;
          else near += 1;
        }
      }),
      { numRuns: 300 },
    );
    // Both answers occur in numbers: the comparison is not one-sided.
    expect(far).toBeGreaterThan(1000);
    expect(near).toBeGreaterThan(500);
  });

  it('is told apart from a property 4 km away in the same coarse cells (what a dense world has everywhere)', () => {
    const grid = gridOf([{ lat: 35.02, lng: -97.02 }]);
    // 4 km north: the 0.05° cells around it hold the property, the fine cells within 3 km do not.
    expect(grid.isFarFromEveryProperty(35.02 + 4 / 111, -97.02)).toBe(true);
    expect(grid.isFarFromEveryProperty(35.02 + 2.9 / 111, -97.02)).toBe(false);
    // Near the poles and the antimeridian the database decides.
    expect(gridOf([]).isFarFromEveryProperty(85, 0)).toBe(false);
    expect(gridOf([]).isFarFromEveryProperty(0, 179.5)).toBe(false);
    expect(gridOf([]).isFarFromEveryProperty(35, -97)).toBe(true);
  });
});
