import {
  describeLevel,
  fortifiedFactor,
  hazardIndexFactor,
  roofAgeFactor,
  roofConditionFactor,
  yardProjectilesFactor,
} from './factors.js';
import { creditUnlessFortified, mitigationFactor } from './mitigation-factors.js';
import { firstMissing, pct, ramp, type RiskModelDefinition } from './model.js';

export const ZSTORM_VERSION = 'zstorm-1.2.0';

export const zstormModel: RiskModelDefinition = {
  product: 'zstorm',
  modelVersion: ZSTORM_VERSION,
  description:
    'Severe convective storm risk (tornado, thunderstorm wind, hail) from storm climatology, trees over the house and the roof.',
  baseScore: 3,
  factors: [
    hazardIndexFactor({
      key: 'storm_hazard',
      name: 'Severe storm hazard',
      read: (ctx) => ctx.hazard.storm,
      low: -1.2,
      high: 3.5,
      description: 'Frequency of tornadoes and damaging thunderstorm winds in the area.',
      explain: (v) => `Severe thunderstorms and tornadoes: ${describeLevel(v)} frequency here.`,
    }),
    {
      key: 'hail_frequency',
      name: 'Hail frequency',
      unit: '%/yr',
      range: { min: 0, max: 25 },
      contributionRange: { min: -0.3, max: 1 },
      description: 'Annual probability of hail of 1 inch or larger: storms that bring wind often bring hail.',
      evaluate(ctx) {
        const p = ctx.hazard.hailAnnualProbability;
        return {
          value: Math.round(p * 1000) / 10,
          contribution: ramp(p, 0, 0.25, -0.3, 1),
          description: `Damaging hail in about ${Math.round(p * 1000) / 10}% of years.`,
        };
      },
    },
    {
      key: 'tree_overhang',
      name: 'Tree overhang',
      unit: '%',
      range: { min: 0, max: 100 },
      contributionRange: { min: 0, max: 1.2 },
      description: 'Trees within 5 ft of the house: limbs break and fall on the roof in storms.',
      evaluate(ctx) {
        const v = ctx.features.vegetationWithin5ft;
        return {
          value: pct(v),
          contribution: ramp(v, 0, 1, 0, 1.2),
          description:
            v > 0 ? `Vegetation covers ${pct(v)}% of the 5 ft zone around the house.` : 'No trees overhang the house.',
        };
      },
    },
    roofAgeFactor({
      newest: -0.4,
      oldest: 1,
      fullAgeYears: 25,
      unknown: 0.3,
      why: 'Old roofs lose shingles in storm gusts.',
    }),
    roofConditionFactor(
      { good: -0.2, fair: 0.2, poor: 0.8, unknown: 0.1 },
      'Damaged or patched roofs let wind and water in.',
    ),
    fortifiedFactor(
      { roof: -0.6, silver: -0.9, gold: -1.2 },
      'FORTIFIED construction keeps the roof on in thunderstorm gusts.',
    ),
    yardProjectilesFactor(0.25),
    mitigationFactor({
      key: 'storm_mitigation',
      name: 'Storm mitigation',
      hazard: 'storm',
      credits: {
        roof_to_wall_connections: creditUnlessFortified(-0.3, ['silver', 'gold']),
        impact_rated_roof: creditUnlessFortified(-0.3, ['roof', 'silver', 'gold']),
      },
      minCredit: -0.6,
    }),
  ],
  unavailableReason(ctx) {
    if (!ctx.main) return 'No structure was detected on the parcel.';
    const missing = firstMissing(ctx, {
      features: ['vegetationWithin5ft'],
      hazard: ['storm', 'hailAnnualProbability'],
    });
    return missing ? `Missing data: ${missing}.` : null;
  },
  confidence(ctx) {
    return 0.9 - (ctx.main?.roofCondition === 'unknown' ? 0.1 : 0);
  },
};
