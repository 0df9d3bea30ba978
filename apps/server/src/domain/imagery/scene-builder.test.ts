import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeFeatures, squareOutline } from '../../../test/fixtures/features.js';
import { bboxAround } from './geo.js';
import { orthoPhoto } from './photo/ortho.js';
import { propertySceneParts } from './scene-builder.js';

const parcel = squareOutline(-104.99, 39.74, 40);

describe('propertySceneParts', () => {
  it('places canopy matching the vegetation cover, outside the house, deterministically', () => {
    const features = makeFeatures({ vegetationCover: 0.3, vegetationWithin5ft: 0, defensibleSpaceFt: 0 });
    const parts = propertySceneParts({ propertyId: 'p1', parcel, features });
    const canopy = parts.trees.reduce((sum, t) => sum + Math.PI * t.radiusM ** 2, 0);
    expect(canopy / 1600).toBeGreaterThanOrEqual(0.3);
    expect(canopy / 1600).toBeLessThan(0.3 + (Math.PI * 5.5 ** 2) / 1600 + 1e-9);
    expect(propertySceneParts({ propertyId: 'p1', parcel, features })).toEqual(parts);
    expect(propertySceneParts({ propertyId: 'p2', parcel, features }).trees).not.toEqual(parts.trees);
  });

  it('adds a pool, a trampoline and debris when the features say so', async () => {
    const features = makeFeatures({ hasPool: true, hasTrampoline: true, hasDebris: true, vegetationWithin5ft: 0.5 });
    const parts = propertySceneParts({ propertyId: 'p3', parcel, features });
    expect(parts.pools).toHaveLength(1);
    expect(parts.yardObjects!.map((o) => o.kind).sort()).toEqual(['debris', 'trampoline']);
    expect(parts.trees.some((t) => t.id.includes('near'))).toBe(true);
    expect(parts.buildings[0]).toMatchObject({
      propertyId: 'p3',
      roofMaterial: 'asphalt_shingle',
      roofInstallYear: 2012,
    });
    const view = {
      bbox: bboxAround([-104.99, 39.74], 25),
      width: 256,
      height: 256,
      capturedOn: '2026-06-01',
      events: [],
      seed: 'p3',
    };
    const digest = () =>
      createHash('sha1')
        .update(orthoPhoto({ ...parts, roads: [] }, view).bytes())
        .digest('hex');
    expect(digest()).toBe(digest());
  });
});
