import type { DetectedAttribute } from '@zview/contracts';
import { roofAgeFactor, roofConditionFactor } from './factors.js';
import {
  clamp,
  pct,
  ramp,
  round1,
  type FactorDefinition,
  type RiskModelDefinition,
  type ScoringContext,
} from './model.js';

export const ZPROPERTY_VERSION = 'zproperty-3.1.0';

function flag(
  key: string,
  name: string,
  points: number,
  seen: string,
  unseen: string,
  read: (ctx: ScoringContext) => boolean,
): FactorDefinition {
  return {
    key,
    name,
    unit: null,
    range: { values: ['true', 'false'] },
    contributionRange: { min: 0, max: points },
    description: seen,
    evaluate(ctx) {
      const has = read(ctx);
      return { value: has, contribution: has ? points : 0, description: has ? seen : unseen };
    },
  };
}

const roofCondition = roofConditionFactor(
  { good: -0.8, fair: 0.6, poor: 2.2, unknown: 0.3 },
  'Roof wear is the strongest sign of deferred maintenance.',
);
const roofAge = roofAgeFactor({
  newest: -0.5,
  oldest: 1.5,
  fullAgeYears: 30,
  unknown: 0.5,
  why: 'Roofs near the end of their life leak and fail in storms.',
});
const debris = flag(
  'yard_debris',
  'Yard debris',
  1,
  'Debris or stored material is visible in the yard.',
  'No debris visible in the yard.',
  (ctx) => ctx.features.hasDebris,
);
const overhang: FactorDefinition = {
  key: 'vegetation_overhang',
  name: 'Vegetation overhang',
  unit: '%',
  range: { min: 0, max: 100 },
  contributionRange: { min: 0, max: 1 },
  description: 'Vegetation touching the house traps moisture and drops limbs on the roof.',
  evaluate(ctx) {
    const v = ctx.features.vegetationWithin5ft;
    return {
      value: pct(v),
      contribution: ramp(v, 0, 1, 0, 1),
      description:
        v > 0 ? `Vegetation covers ${pct(v)}% of the 5 ft zone around the house.` : 'Nothing overhangs the house.',
    };
  },
};

/** The factors that describe upkeep (not liabilities): they make the property condition score. */
const CONDITION_FACTORS = [roofCondition, roofAge, debris, overhang];

/**
 * Property condition 1–10 (10 = excellent): 8 minus 1.5× the upkeep factors' points. Higher
 * upkeep points (worse) always lower it.
 */
function propertyCondition(ctx: ScoringContext) {
  const points = CONDITION_FACTORS.reduce((sum, f) => sum + f.evaluate(ctx).contribution, 0);
  const score = round1(clamp(8 - 1.5 * points, 1, 10));
  return { score, label: score >= 7 ? ('good' as const) : score >= 4 ? ('fair' as const) : ('poor' as const) };
}

function detectedAttributes(ctx: ScoringContext): DetectedAttribute[] {
  const f = ctx.features;
  const parcel: DetectedAttribute[] = [
    { key: 'building_count', name: 'Buildings', value: f.buildings.length, unit: null, building: null },
    { key: 'pool', name: 'Swimming pool', value: f.hasPool, unit: null, building: null },
    { key: 'trampoline', name: 'Trampoline', value: f.hasTrampoline, unit: null, building: null },
    { key: 'yard_debris', name: 'Yard debris', value: f.hasDebris, unit: null, building: null },
    { key: 'vegetation_cover', name: 'Vegetation cover', value: pct(f.vegetationCover), unit: '%', building: null },
    { key: 'year_built', name: 'Year built', value: f.yearBuilt, unit: null, building: null },
  ];
  const buildings = [...f.buildings]
    .sort((a, b) => a.rank - b.rank)
    .flatMap((b): DetectedAttribute[] => [
      { key: 'roof_material', name: 'Roof material', value: b.roofMaterial, unit: null, building: b.label },
      { key: 'roof_shape', name: 'Roof shape', value: b.roofShape, unit: null, building: b.label },
      { key: 'roof_condition', name: 'Roof condition', value: b.roofCondition, unit: null, building: b.label },
      { key: 'solar', name: 'Solar panels', value: b.hasSolar, unit: null, building: b.label },
      { key: 'stories', name: 'Stories', value: b.stories, unit: null, building: b.label },
      { key: 'footprint', name: 'Footprint', value: Math.round(b.footprintSqft), unit: 'sqft', building: b.label },
      { key: 'height', name: 'Height', value: Math.round(b.heightFt), unit: 'ft', building: b.label },
      { key: 'fortified', name: 'FORTIFIED designation', value: b.fortified, unit: null, building: b.label },
    ]);
  return [...parcel, ...buildings];
}

export const zpropertyModel: RiskModelDefinition = {
  product: 'zproperty',
  modelVersion: ZPROPERTY_VERSION,
  description:
    'Property condition and liability risk from roof condition and age, yard debris, vegetation overhang and liability features (pool, trampoline), with every attribute detected on imagery.',
  baseScore: 3,
  factors: [
    roofCondition,
    roofAge,
    debris,
    overhang,
    flag(
      'trampoline',
      'Trampoline',
      0.8,
      'A trampoline is visible in the yard (injury liability).',
      'No trampoline visible.',
      (ctx) => ctx.features.hasTrampoline,
    ),
    flag(
      'pool',
      'Swimming pool',
      0.6,
      'A swimming pool is on the parcel (drowning liability).',
      'No swimming pool on the parcel.',
      (ctx) => ctx.features.hasPool,
    ),
    {
      key: 'building_age',
      name: 'Building age',
      unit: 'years',
      range: { min: 0, max: 100 },
      contributionRange: { min: -0.3, max: 0.9 },
      description: 'Older buildings have older plumbing, wiring and structure.',
      evaluate(ctx) {
        const built = ctx.features.yearBuilt;
        if (built === null || !Number.isFinite(built))
          return { value: null, contribution: 0.3, description: 'The year built is not known.' };
        const age = Math.max(0, ctx.asOfYear - built);
        return {
          value: age,
          contribution: ramp(age, 0, 100, -0.3, 0.9),
          description: `Built in ${built} (${age} years old).`,
        };
      },
    },
  ],
  unavailableReason(ctx) {
    return ctx.main ? null : 'No structure was detected on the parcel.';
  },
  confidence(ctx) {
    return 0.9 - (ctx.main?.roofCondition === 'unknown' ? 0.2 : 0);
  },
  extras(ctx) {
    return { attributes: detectedAttributes(ctx), condition: propertyCondition(ctx) };
  },
};
