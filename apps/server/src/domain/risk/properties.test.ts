import { PRODUCT_KEYS, scoreResultSchema, SCORE_MAX, SCORE_MIN } from '@zview/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeBuilding, makeFeatures, makeHazard } from '../../../test/fixtures/features.js';
import type { BuildingFeatures, HazardProfile, PropertyFeatures } from '../property/features.js';
import { scoreProduct } from './index.js';

/** Property-based tests: the models must behave sensibly for every input, not only the examples. */

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const building: fc.Arbitrary<BuildingFeatures> = fc
  .record({
    roofMaterial: fc.constantFrom(
      'asphalt_shingle',
      'wood_shake',
      'metal',
      'tile',
      'slate',
      'membrane',
      'unknown' as const,
    ),
    roofShape: fc.constantFrom('gable', 'hip', 'flat', 'gambrel', 'mansard', 'unknown' as const),
    roofCondition: fc.constantFrom('good', 'fair', 'poor', 'unknown' as const),
    roofInstallYear: fc.option(fc.integer({ min: 1950, max: 2026 })),
    fortified: fc.constantFrom('none', 'roof', 'silver', 'gold' as const),
    hasSolar: fc.boolean(),
    heightFt: fc.double({ min: 8, max: 80, noNaN: true }),
    stories: fc.integer({ min: 1, max: 4 }),
  })
  .map((b) => makeBuilding(b));

const features: fc.Arbitrary<PropertyFeatures> = fc
  .record({
    yearBuilt: fc.option(fc.integer({ min: 1900, max: 2026 })),
    vegetationCover: unit,
    defensibleSpaceFt: fc.double({ min: 0, max: 300, noNaN: true }),
    vegetationWithin5ft: unit,
    slopeDeg: fc.double({ min: 0, max: 60, noNaN: true }),
    elevationFt: fc.double({ min: -10, max: 10_000, noNaN: true }),
    distanceToWaterFt: fc.double({ min: 0, max: 50_000, noNaN: true }),
    distanceToCoastMi: fc.double({ min: 0, max: 1000, noNaN: true }),
    distanceToFireStationMi: fc.double({ min: 0, max: 40, noNaN: true }),
    hasPool: fc.boolean(),
    hasTrampoline: fc.boolean(),
    hasDebris: fc.boolean(),
    buildings: fc
      .array(building, { minLength: 1, maxLength: 3 })
      .map((bs) => bs.map((b, i) => ({ ...b, rank: i + 1 }))),
  })
  .map((f) => makeFeatures(f));

const hazard: fc.Arbitrary<HazardProfile> = fc
  .record({
    wildfire: unit,
    hail: unit,
    wind: unit,
    storm: unit,
    flood: unit,
    surge: unit,
    hailAnnualProbability: fc.double({ min: 0, max: 0.4, noNaN: true }),
    designWindMph: fc.double({ min: 80, max: 200, noNaN: true }),
  })
  .map((h) => makeHazard(h));

const asOf = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2030-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const product = fc.constantFrom(...PRODUCT_KEYS);

const withMain = (f: PropertyFeatures, change: Partial<BuildingFeatures>): PropertyFeatures => ({
  ...f,
  buildings: f.buildings.map((b) => (b.rank === 1 ? { ...b, ...change } : b)),
});

const RUNS = { numRuns: 300 };

describe('risk model properties', () => {
  it('scores are within 1–10 with one decimal, levels follow the score, and the waterfall adds up', () => {
    fc.assert(
      fc.property(product, features, hazard, asOf, (p, f, h, d) => {
        const result = scoreProduct(p, f, h, d);
        scoreResultSchema.parse(result);
        if (result.riskLevel === 'none') return;
        const score = result.score!;
        expect(score).toBeGreaterThanOrEqual(SCORE_MIN);
        expect(score).toBeLessThanOrEqual(SCORE_MAX);
        expect(Math.round(score * 10)).toBeCloseTo(score * 10, 9);
        expect(result.riskLevel).toBe(score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low');
        const cents = result.factors.reduce((sum, factor) => sum + Math.round(factor.contribution * 100), 0);
        expect(cents).toBe(Math.round((score - result.baseScore) * 100));
      }),
      RUNS,
    );
  });

  it('is stable: the same inputs give identical results', () => {
    fc.assert(
      fc.property(product, features, hazard, asOf, (p, f, h, d) => {
        const copy = structuredClone(f);
        expect(scoreProduct(p, copy, structuredClone(h), new Date(d.getTime()))).toEqual(scoreProduct(p, f, h, d));
      }),
      RUNS,
    );
  });

  it('more vegetation (cover or within 5 ft) never lowers fire risk', () => {
    fc.assert(
      fc.property(
        features,
        hazard,
        asOf,
        unit,
        unit,
        fc.constantFrom('zfire', 'zfire|prefill' as const),
        (f, h, d, moreCover, moreNear, p) => {
          const before = scoreProduct(p, f, h, d).score!;
          const denser = {
            ...f,
            vegetationCover: Math.max(f.vegetationCover, moreCover),
            vegetationWithin5ft: Math.max(f.vegetationWithin5ft, moreNear),
          };
          expect(scoreProduct(p, denser, h, d).score!).toBeGreaterThanOrEqual(before);
        },
      ),
      RUNS,
    );
  });

  it('a steeper slope never lowers fire risk', () => {
    fc.assert(
      fc.property(features, hazard, asOf, fc.double({ min: 0, max: 30, noNaN: true }), (f, h, d, extra) => {
        const before = scoreProduct('zfire', f, h, d).score!;
        expect(scoreProduct('zfire', { ...f, slopeDeg: f.slopeDeg + extra }, h, d).score!).toBeGreaterThanOrEqual(
          before,
        );
      }),
      RUNS,
    );
  });

  it('a new roof (installed on the score date, permitted, good condition) never raises hail risk', () => {
    fc.assert(
      fc.property(features, hazard, asOf, (f, h, d) => {
        const year = d.getUTCFullYear();
        const renewed = withMain(f, {
          roofInstallYear: year,
          roofCondition: 'good',
          roofEvidence: [{ source: 'permit', year }],
        });
        expect(scoreProduct('zhail', renewed, h, d).score!).toBeLessThanOrEqual(scoreProduct('zhail', f, h, d).score!);
      }),
      RUNS,
    );
  });

  it('a FORTIFIED roof never raises wind, hail or storm risk, and a higher designation never raises it further', () => {
    const order = ['none', 'roof', 'silver', 'gold'] as const;
    fc.assert(
      fc.property(features, hazard, asOf, fc.constantFrom('zwind', 'zhail', 'zstorm' as const), (f, h, d, p) => {
        const scores = order.map((level) => scoreProduct(p, withMain(f, { fortified: level }), h, d).score!);
        for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThanOrEqual(scores[i - 1]!);
      }),
      RUNS,
    );
  });

  it("is 'none' without a structure or when a hazard value is missing", () => {
    fc.assert(
      fc.property(product, features, hazard, asOf, (p, f, h, d) => {
        expect(scoreProduct(p, { ...f, buildings: [] }, h, d)).toMatchObject({
          riskLevel: 'none',
          score: null,
          factors: [],
        });
      }),
      { numRuns: 50 },
    );
    const f = makeFeatures();
    expect(scoreProduct('zfire', f, makeHazard({ wildfire: Number.NaN }), new Date()).riskLevel).toBe('none');
    expect(scoreProduct('zhail', f, makeHazard({ hailAnnualProbability: Number.NaN }), new Date()).riskLevel).toBe(
      'none',
    );
    expect(
      scoreProduct('zwind', f, makeHazard({ designWindMph: Number.POSITIVE_INFINITY }), new Date()).riskLevel,
    ).toBe('none');
    expect(scoreProduct('zstorm', f, makeHazard({ storm: Number.NaN }), new Date()).riskLevel).toBe('none');
    expect(scoreProduct('zwater', f, makeHazard({ flood: Number.NaN }), new Date()).riskLevel).toBe('none');
  });
});
