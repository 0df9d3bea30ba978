import type { ImageItem } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { assessmentJson, type AskedLocation } from './assessment-json.js';
import type { PropertyAssessment } from './read-cache.js';

const image = (captureId: string, imageProvider: string): ImageItem => ({
  imageUrl: `/api/caribou/imagery/${captureId}/p-1.png?exp=1&sig=x`,
  imageBounds: { west: -97.41, south: 35.54, east: -97.4, north: 35.55 },
  imageDateLabel: 'March 23, 2026',
  imageProvider,
});

/** A small assessment whose zfire score counts how often it is serialised. */
function assessment(score: number, serialised = { count: 0 }): PropertyAssessment {
  const zfire = {
    product: 'zfire',
    score,
    riskLevel: 'low',
    factors: [{ key: 'slope', name: 'Slope "grade"', value: 1 }],
  };
  return {
    location: {
      propertyId: 'p-1',
      address: null,
      point: { lat: 35.5, lng: -97.4 },
      h3Index: '8726c1803ffffff',
      parcel: null,
      buildings: [],
    },
    asOf: '2026-03-23',
    availableDates: ['2026-03-23', '2024-05-01'],
    products: {
      zfire: { ...zfire, toJSON: () => ((serialised.count += 1), zfire) },
    } as unknown as PropertyAssessment['products'],
    imagery: {
      ortho: [image('o1', 'Skyline Survey'), image('o2', 'Aerial Co')],
      oblique: [image('b1', 'Skyline Survey')],
      comparison: null,
    },
    sampleData: true,
  };
}
const asked = (input: string): AskedLocation => ({
  locationType: 'address',
  input,
  precision: 'rooftop',
  confidence: 1,
});
const expected = (a: AskedLocation, shared: PropertyAssessment, imagery = shared.imagery) =>
  JSON.parse(JSON.stringify({ ...shared, location: { ...a, ...shared.location }, imagery }));

describe('assessmentJson', () => {
  it('writes the same answer as the merged object, with each request’s own location text', () => {
    const shared = assessment(3.1);
    for (const input of ['1 Main St, Wichita, KS', '1 MAIN ST wichita ks "quoted"']) {
      expect(JSON.parse(assessmentJson({ asked: asked(input), assessment: shared }))).toEqual(
        expected(asked(input), shared),
      );
    }
  });

  it('writes imagery the request narrowed, and the full imagery again for the next request', () => {
    const shared = assessment(3.1);
    const narrowed = {
      ...shared.imagery,
      ortho: shared.imagery.ortho.filter((i) => i.imageProvider === 'Aerial Co'),
      oblique: [],
    };
    const body = JSON.parse(assessmentJson({ asked: asked('a'), assessment: shared }, narrowed));
    expect(body).toEqual(expected(asked('a'), shared, narrowed));
    expect(body.imagery.ortho.map((i: ImageItem) => i.imageProvider)).toEqual(['Aerial Co']);
    expect(JSON.parse(assessmentJson({ asked: asked('a'), assessment: shared })).imagery.ortho).toHaveLength(2);
  });

  it('serialises a shared assessment once, and a new one (after the world changed) afresh', () => {
    const serialised = { count: 0 };
    const before = assessment(3.1, serialised);
    assessmentJson({ asked: asked('a'), assessment: before });
    assessmentJson({ asked: asked('b'), assessment: before });
    expect(serialised.count).toBe(1);
    const after = assessment(7.9, serialised);
    expect(JSON.parse(assessmentJson({ asked: asked('a'), assessment: after })).products.zfire.score).toBe(7.9);
    expect(serialised.count).toBe(2);
  });
});
