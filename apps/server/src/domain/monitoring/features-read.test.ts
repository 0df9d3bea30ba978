import { PORTFOLIO_PRODUCTS, type PortfolioProduct } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { AS_OF, makeBuilding, makeFeatures, makeHazard } from '../../../test/fixtures/features.js';
import type { BuildingFeatures, PropertyFeatures } from '../property/features.js';
import { scoreProduct } from '../risk/index.js';
import { FEATURES_READ, featuresReadBy } from './features-read.js';

// Each product's list of the world features its model reads, checked against the models: a feature
// left out of a product's list never moves its score; one in it moves it on some house.
type Vary = (f: PropertyFeatures) => PropertyFeatures[];
const main =
  (change: Partial<BuildingFeatures>): ((f: PropertyFeatures) => PropertyFeatures) =>
  (f) => ({
    ...f,
    buildings: f.buildings.map((b) => (b.rank === 1 ? { ...b, ...change } : b)),
  });
const VARIATIONS: Record<string, Vary> = {
  roof_material: (f) => (['wood_shake', 'metal', 'tile'] as const).map((m) => main({ roofMaterial: m })(f)),
  roof_shape: (f) => (['flat', 'hip', 'gable'] as const).map((s) => main({ roofShape: s })(f)),
  roof_condition: (f) => (['good', 'poor', 'fair'] as const).map((c) => main({ roofCondition: c })(f)),
  roof_install_year: (f) => [1975, 2025].map((y) => main({ roofInstallYear: y, roofEvidence: [] })(f)),
  footprint_sqft: (f) => [700, 6500].map((s) => main({ footprintSqft: s })(f)),
  height_ft: (f) => [10, 48].map((h) => main({ heightFt: h })(f)),
  stories: (f) => [1, 3].map((s) => main({ stories: s })(f)),
  has_solar: (f) => [true, false].map((s) => main({ hasSolar: s })(f)),
  vegetation_cover: (f) => [0.02, 0.9].map((v) => ({ ...f, vegetationCover: v })),
  vegetation_within_5ft: (f) => [0, 0.8].map((v) => ({ ...f, vegetationWithin5ft: v })),
  defensible_space: (f) => [0, 120].map((d) => ({ ...f, defensibleSpaceFt: d })),
};
const HOUSES = [
  makeFeatures(),
  makeFeatures({ buildings: [makeBuilding({ roofMaterial: 'wood_shake', roofInstallYear: 1990 })] }),
];
const HAZARDS = [makeHazard(), makeHazard({ wildfire: 0.8, hail: 0.8, wind: 0.8 })];

function moves(product: PortfolioProduct, feature: string): boolean {
  return HOUSES.some((house) =>
    HAZARDS.some((hazard) => {
      const base = scoreProduct(product, house, hazard, AS_OF).score;
      return VARIATIONS[feature]!(house).some((f) => scoreProduct(product, f, hazard, AS_OF).score !== base);
    }),
  );
}

describe('the features each product reads', () => {
  for (const product of PORTFOLIO_PRODUCTS)
    it(`${product}: its list is what moves its score`, () => {
      for (const feature of Object.keys(VARIATIONS))
        expect([feature, moves(product, feature)]).toEqual([feature, FEATURES_READ[product].includes(feature)]);
    });

  it('keeps a change’s features that the product reads, in order', () => {
    const moved = ['roof_install_year', 'roof_condition', 'vegetation_cover', 'vegetation_within_5ft'].map((name) => ({
      name,
      from: null,
      to: null,
    }));
    expect(featuresReadBy('zhail', moved).map((f) => f.name)).toEqual(['roof_install_year', 'roof_condition']);
    expect(featuresReadBy('zfire', moved).map((f) => f.name)).toEqual(['vegetation_cover', 'vegetation_within_5ft']);
  });
});
