import { fortifiedFactor, roofAgeFactor, roofConditionFactor, roofMaterialFactor } from './factors.js';
import { creditUnlessFortified, mitigationFactor } from './mitigation-factors.js';
import { firstMissing, ramp, type RiskModelDefinition } from './model.js';

export const ZHAIL_VERSION = 'zhail-1.5.0';

export const zhailModel: RiskModelDefinition = {
  product: 'zhail',
  modelVersion: ZHAIL_VERSION,
  description:
    'Hail damage risk to the roof from local hail frequency and the roof’s material, age, condition and FORTIFIED status.',
  baseScore: 3,
  factors: [
    {
      key: 'hail_frequency',
      name: 'Hail frequency',
      unit: '%/yr',
      range: { min: 0, max: 25 },
      contributionRange: { min: -1.5, max: 3.5 },
      description: 'Annual probability of hail of 1 inch or larger at the location.',
      evaluate(ctx) {
        const p = ctx.hazard.hailAnnualProbability;
        const perYear = Math.round(p * 1000) / 10;
        return {
          value: perYear,
          contribution: ramp(p, 0, 0.25, -1.5, 3.5),
          description:
            p > 0
              ? `Hail of 1 inch or more falls here in about ${perYear}% of years (about once every ${Math.max(1, Math.round(1 / p))} years).`
              : 'Damaging hail is not recorded here.',
        };
      },
    },
    roofMaterialFactor(
      { wood_shake: 1, asphalt_shingle: 0.8, membrane: 0.6, tile: 0.5, slate: 0.3, metal: -0.3, unknown: 0.4 },
      'Shingles and shakes bruise and crack under hail; metal mostly dents cosmetically.',
    ),
    roofAgeFactor({
      newest: -0.6,
      oldest: 1.6,
      fullAgeYears: 25,
      unknown: 0.5,
      why: 'Older shingles are brittle and lose granules, so hail breaks them more easily.',
    }),
    roofConditionFactor({ good: -0.3, fair: 0.3, poor: 1, unknown: 0.2 }, 'A worn roof fails at smaller hailstones.'),
    fortifiedFactor(
      { roof: -0.8, silver: -1, gold: -1.2 },
      'FORTIFIED roofs use impact-rated coverings and a sealed deck.',
    ),
    {
      key: 'solar_panels',
      name: 'Solar panels',
      unit: null,
      range: { values: ['true', 'false'] },
      contributionRange: { min: 0, max: 0.3 },
      description: 'Roof-mounted solar panels can crack under large hail.',
      evaluate(ctx) {
        const has = ctx.main?.hasSolar ?? false;
        return {
          value: has,
          contribution: has ? 0.3 : 0,
          description: has ? 'Solar panels on the roof are exposed to hail.' : 'No solar panels on the roof.',
        };
      },
    },
    mitigationFactor({
      key: 'hail_mitigation',
      name: 'Hail mitigation',
      hazard: 'hail',
      // Every FORTIFIED designation already requires an impact-rated covering.
      credits: { impact_rated_roof: creditUnlessFortified(-0.7, ['roof', 'silver', 'gold']) },
      minCredit: -0.7,
    }),
  ],
  unavailableReason(ctx) {
    if (!ctx.main) return 'No structure was detected on the parcel.';
    const missing = firstMissing(ctx, { hazard: ['hailAnnualProbability'] });
    return missing ? `Missing data: ${missing}.` : null;
  },
  confidence(ctx) {
    return 0.95 - (ctx.main?.roofMaterial === 'unknown' ? 0.15 : 0) - (ctx.main?.roofCondition === 'unknown' ? 0.1 : 0);
  },
};
