import { round1, type RiskModelDefinition } from './model.js';
import { estimateRoofAge } from './roof-age-estimate.js';

export const ROOF_AGE_VERSION = 'roof_age-1.2.0';

/**
 * Roof age: the score is 1 + 0.3 points per year (10 years → 4.0 medium, 20 years → 7.0 high,
 * capped at 10 from 30 years), so the risk bands read as roof-life stages.
 */
export const roofAgeModel: RiskModelDefinition = {
  product: 'roof_age',
  modelVersion: ROOF_AGE_VERSION,
  description:
    'Estimated install year and age of the main roof, from roofing permits, roof changes between imagery captures and the year built.',
  baseScore: 1,
  factors: [
    {
      key: 'roof_age',
      name: 'Roof age',
      unit: 'years',
      range: { min: 0, max: 30 },
      contributionRange: { min: 0, max: 9 },
      description: 'Years since the main roof was installed; 0.3 points per year.',
      evaluate(ctx) {
        const estimate = estimateRoofAge(ctx.features, ctx.main, ctx.asOfYear)!;
        const source = estimate.evidence[0]?.source;
        const basis =
          source === 'permit'
            ? 'a roofing permit'
            : source === 'imagery'
              ? 'a roof change seen on imagery'
              : source === 'record'
                ? 'the recorded install year'
                : 'the year the house was built';
        return {
          value: estimate.ageYears,
          contribution: Math.min(9, round1(estimate.ageYears * 0.3)),
          description: `Roof installed around ${estimate.installYear}, based on ${basis}: ${estimate.ageYears} years old.`,
        };
      },
    },
  ],
  unavailableReason(ctx) {
    if (!ctx.main) return 'No structure was detected on the parcel.';
    return estimateRoofAge(ctx.features, ctx.main, ctx.asOfYear)
      ? null
      : 'Nothing dates the roof: no roofing permit, no roof change on imagery and no year built.';
  },
  confidence(ctx) {
    return estimateRoofAge(ctx.features, ctx.main, ctx.asOfYear)?.confidence ?? 0;
  },
  extras(ctx) {
    const estimate = estimateRoofAge(ctx.features, ctx.main, ctx.asOfYear)!;
    return { roofAge: { installYear: estimate.installYear, ageYears: estimate.ageYears, evidence: estimate.evidence } };
  },
};
