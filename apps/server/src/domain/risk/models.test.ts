import { scoreResultSchema } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { AS_OF, makeBuilding, makeFeatures, makeHazard } from '../../../test/fixtures/features.js';
import { scoreProduct } from './index.js';

const byKey = (result: ReturnType<typeof scoreProduct>) => Object.fromEntries(result.factors.map((f) => [f.key, f]));
const sumOf = (result: ReturnType<typeof scoreProduct>) =>
  Math.round(result.factors.reduce((s, f) => s + f.contribution * 100, 0));

describe('zfire', () => {
  it('scores an ordinary suburban house low (hand-checked: 3.0 + 0.63 → 3.6)', () => {
    const result = scoreProduct('zfire', makeFeatures(), makeHazard(), AS_OF);
    expect(scoreResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      product: 'zfire',
      score: 3.6,
      riskLevel: 'low',
      baseScore: 3,
      modelVersion: 'zfire-2.4.0',
      asOf: '2026-07-01',
    });
    expect(result.confidence).toEqual({ value: 0.95, label: 'high' });
    const f = byKey(result);
    expect(f.wildfire_hazard!.contribution).toBe(0.15);
    expect(f.vegetation_cover).toMatchObject({ value: 30, unit: '%', contribution: 0 });
    expect(f.vegetation_within_5ft!.contribution).toBe(0.1);
    expect(f.slope!.contribution).toBe(0.02);
    expect(f.roof_material).toMatchObject({ value: 'asphalt_shingle', contribution: 0.2 });
    expect(f.fire_station_distance!.contribution).toBe(-0.12);
    // 0.28 defensible space absorbs the rounding remainder (0.63 → 0.60) as the largest factor.
    expect(f.defensible_space!.contribution).toBe(0.25);
    expect(sumOf(result)).toBe(60);
  });

  it('caps a wood-shake house on a steep, overgrown slope at 10 and shows the cap as a factor', () => {
    const features = makeFeatures({
      vegetationCover: 0.8,
      vegetationWithin5ft: 0.6,
      defensibleSpaceFt: 5,
      slopeDeg: 25,
      distanceToFireStationMi: 8,
      buildings: [makeBuilding({ roofMaterial: 'wood_shake' })],
    });
    const result = scoreProduct('zfire', features, makeHazard({ wildfire: 0.9 }), AS_OF);
    expect(result.score).toBe(10);
    expect(result.riskLevel).toBe('high');
    const f = byKey(result);
    expect(f.wildfire_hazard!.contribution).toBe(3.45);
    expect(f.scale_limit!.contribution).toBe(-3.13);
    expect(sumOf(result)).toBe(700);
  });

  it('is none without a structure or with missing data', () => {
    expect(scoreProduct('zfire', makeFeatures({ buildings: [] }), makeHazard(), AS_OF)).toMatchObject({
      score: null,
      riskLevel: 'none',
      factors: [],
      unavailableReason: 'No structure was detected on the parcel.',
    });
    expect(scoreProduct('zfire', makeFeatures({ slopeDeg: Number.NaN }), makeHazard(), AS_OF)).toMatchObject({
      riskLevel: 'none',
      unavailableReason: 'Missing data: features.slopeDeg.',
    });
  });

  it('zfire|prefill fills an unidentified roof with the regional default and says so', () => {
    const features = makeFeatures({ buildings: [makeBuilding({ roofMaterial: 'unknown' })] });
    const plain = scoreProduct('zfire', features, makeHazard(), AS_OF);
    const prefilled = scoreProduct('zfire|prefill', features, makeHazard(), AS_OF);
    expect(byKey(plain).roof_material).toMatchObject({ value: 'unknown', contribution: 0 });
    expect(byKey(prefilled).roof_material).toMatchObject({ value: 'asphalt_shingle', prefilled: true });
    expect(prefilled.product).toBe('zfire|prefill');
    expect(prefilled.confidence.value).toBeGreaterThan(plain.confidence.value);
  });

  it('loses confidence when the imagery is old', () => {
    const result = scoreProduct('zfire', makeFeatures({ asOf: '2020-07-01' }), makeHazard(), AS_OF);
    expect(result.confidence).toEqual({ value: 0.65, label: 'medium' });
  });
});

describe('zhail', () => {
  it('hand-checked: 6%/yr hail, 14-year asphalt roof in fair condition → 4.4 medium', () => {
    const result = scoreProduct('zhail', makeFeatures(), makeHazard(), AS_OF);
    expect(result).toMatchObject({ score: 4.4, riskLevel: 'medium', modelVersion: 'zhail-1.5.0' });
    const f = byKey(result);
    expect(f.hail_frequency).toMatchObject({ value: 6, unit: '%/yr', contribution: -0.3 });
    expect(f.roof_age).toMatchObject({ value: 14, unit: 'years', contribution: 0.63 });
    expect(f.roof_condition!.contribution).toBe(0.3);
    expect(sumOf(result)).toBe(140);
  });

  it('a FORTIFIED Gold roof takes 1.2 points off', () => {
    const plain = scoreProduct('zhail', makeFeatures(), makeHazard(), AS_OF);
    const gold = scoreProduct(
      'zhail',
      makeFeatures({ buildings: [makeBuilding({ fortified: 'gold' })] }),
      makeHazard(),
      AS_OF,
    );
    expect(gold.score).toBe(3.2);
    expect(plain.score! - gold.score!).toBeCloseTo(1.2, 5);
  });
});

describe('zwind', () => {
  it('hand-checked: 115 mph inland gable house → 3.9 low; FORTIFIED Gold → 2.1', () => {
    expect(scoreProduct('zwind', makeFeatures(), makeHazard(), AS_OF)).toMatchObject({
      score: 3.9,
      riskLevel: 'low',
      modelVersion: 'zwind-1.3.0',
    });
    const gold = scoreProduct(
      'zwind',
      makeFeatures({ buildings: [makeBuilding({ fortified: 'gold' })] }),
      makeHazard(),
      AS_OF,
    );
    expect(gold.score).toBe(2.1);
  });

  it('a coastal house in hurricane country is high', () => {
    const result = scoreProduct(
      'zwind',
      makeFeatures({ distanceToCoastMi: 0.5, hasTrampoline: true }),
      makeHazard({ designWindMph: 160, wind: 0.9 }),
      AS_OF,
    );
    expect(result.riskLevel).toBe('high');
    expect(byKey(result).yard_projectiles).toMatchObject({ value: 1, contribution: 0.3 });
  });
});

describe('zstorm', () => {
  it('hand-checked: moderate storm climatology → 3.9 low', () => {
    expect(scoreProduct('zstorm', makeFeatures(), makeHazard(), AS_OF)).toMatchObject({
      score: 3.9,
      riskLevel: 'low',
      modelVersion: 'zstorm-1.2.0',
    });
  });
});

describe('zwater', () => {
  it('hand-checked: low flood hazard on high ground → 2.4 low', () => {
    expect(scoreProduct('zwater', makeFeatures(), makeHazard(), AS_OF)).toMatchObject({
      score: 2.4,
      riskLevel: 'low',
      modelVersion: 'zwater-1.0.0',
    });
  });

  it('surge only counts near the coast', () => {
    const inland = scoreProduct('zwater', makeFeatures({ distanceToCoastMi: 50 }), makeHazard({ surge: 1 }), AS_OF);
    const coastal = scoreProduct(
      'zwater',
      makeFeatures({ distanceToCoastMi: 0, elevationFt: 5, distanceToWaterFt: 100 }),
      makeHazard({ surge: 1, flood: 0.7 }),
      AS_OF,
    );
    expect(byKey(inland).storm_surge!.contribution).toBe(0);
    expect(byKey(coastal).storm_surge!.contribution).toBeGreaterThanOrEqual(2.9);
    expect(coastal.riskLevel).toBe('high');
  });
});

describe('zproperty', () => {
  it('hand-checked: fair 14-year roof → 4.2 medium, condition 6.3 fair, attributes listed', () => {
    const result = scoreProduct('zproperty', makeFeatures({ hasPool: true }), makeHazard(), AS_OF);
    expect(result).toMatchObject({
      score: 4.8,
      riskLevel: 'medium',
      modelVersion: 'zproperty-3.1.0',
      condition: { score: 6.3, label: 'fair' },
    });
    const attributes = Object.fromEntries(
      result.attributes!.map((a) => [`${a.building ?? 'parcel'}:${a.key}`, a.value]),
    );
    expect(attributes).toMatchObject({
      'parcel:pool': true,
      'parcel:trampoline': false,
      'Main house:roof_material': 'asphalt_shingle',
      'Main house:roof_shape': 'gable',
      'Main house:roof_condition': 'fair',
      'Main house:stories': 2,
      'Main house:footprint': 2100,
      'Main house:solar': false,
    });
  });

  it('a neglected property scores high with poor condition', () => {
    const features = makeFeatures({
      hasDebris: true,
      hasTrampoline: true,
      vegetationWithin5ft: 0.8,
      buildings: [makeBuilding({ roofCondition: 'poor', roofInstallYear: 1990 })],
    });
    const result = scoreProduct('zproperty', features, makeHazard(), AS_OF);
    expect(result.riskLevel).toBe('high');
    expect(result.condition).toEqual({ score: 1, label: 'poor' });
  });
});

describe('roof_age', () => {
  it('recorded install year without provenance: 14 years → 5.2 medium, confidence 0.6', () => {
    const result = scoreProduct('roof_age', makeFeatures(), makeHazard(), AS_OF);
    expect(result).toMatchObject({
      score: 5.2,
      riskLevel: 'medium',
      modelVersion: 'roof_age-1.2.0',
      roofAge: { installYear: 2012, ageYears: 14 },
    });
    expect(result.confidence).toEqual({ value: 0.6, label: 'medium' });
    expect(result.roofAge!.evidence).toEqual([
      { source: 'record', year: 2012, reference: null, description: 'Recorded roof install year (source not given)' },
    ]);
  });

  it('a permit corroborated by imagery dates the roof with high confidence', () => {
    const building = makeBuilding({
      roofInstallYear: 2020,
      roofEvidence: [
        { source: 'imagery', year: 2020, reference: 'cap-2020-09', description: 'New roof colour between captures' },
        { source: 'permit', year: 2020, reference: 'BLD-2020-0113' },
      ],
    });
    const result = scoreProduct('roof_age', makeFeatures({ buildings: [building] }), makeHazard(), AS_OF);
    expect(result).toMatchObject({ score: 2.8, riskLevel: 'low', roofAge: { installYear: 2020, ageYears: 6 } });
    expect(result.confidence.label).toBe('high');
    expect(result.roofAge!.evidence.map((e) => e.source)).toEqual(['permit', 'imagery']);
  });

  it('a look-back before the re-roof sees the original roof', () => {
    const building = makeBuilding({ roofInstallYear: 2020, roofEvidence: [{ source: 'permit', year: 2020 }] });
    const result = scoreProduct(
      'roof_age',
      makeFeatures({ buildings: [building] }),
      makeHazard(),
      new Date('2018-05-01T00:00:00Z'),
    );
    expect(result).toMatchObject({ score: 7, riskLevel: 'high', roofAge: { installYear: 1998, ageYears: 20 } });
    expect(result.roofAge!.evidence[0]!.source).toBe('year_built');
  });

  it('is none when nothing dates the roof', () => {
    const result = scoreProduct(
      'roof_age',
      makeFeatures({ yearBuilt: null, buildings: [makeBuilding({ roofInstallYear: null })] }),
      makeHazard(),
      AS_OF,
    );
    expect(result).toMatchObject({ score: null, riskLevel: 'none' });
  });
});
