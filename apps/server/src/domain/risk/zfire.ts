import type { ProductKey } from '@zview/contracts';
import { describeLevel, hazardIndexFactor, roofMaterialFactor } from './factors.js';
import { classARoofCredit, fixedCredit, mitigationFactor } from './mitigation-factors.js';
import {
  firstMissing,
  pct,
  ramp,
  type FactorDefinition,
  type RiskModelDefinition,
  type ScoringContext,
} from './model.js';

export const ZFIRE_VERSION = 'zfire-2.4.0';

/**
 * Fuel near the house matters more where fires are likely: fuel factors are multiplied by an
 * exposure between 0.5 (no regional wildfire hazard) and 1.5 (extreme). The multiplier is
 * positive, so more vegetation or a steeper slope can never lower the score.
 */
const exposure = (ctx: ScoringContext) => 0.5 + Math.min(1, Math.max(0, ctx.hazard.wildfire));

const ROOF_TABLE = {
  wood_shake: 1.5,
  asphalt_shingle: 0.2,
  membrane: 0.2,
  metal: -0.6,
  tile: -0.6,
  slate: -0.6,
  unknown: 0,
};

const factors: FactorDefinition[] = [
  hazardIndexFactor({
    key: 'wildfire_hazard',
    name: 'Regional wildfire hazard',
    read: (ctx) => ctx.hazard.wildfire,
    low: -1.5,
    high: 4,
    description: 'Likelihood and intensity of wildfire in the surrounding area (fuel, climate, fire history).',
    explain: (v) => `The area around the property has a ${describeLevel(v)} wildfire hazard.`,
  }),
  {
    key: 'vegetation_cover',
    name: 'Vegetation cover',
    unit: '%',
    range: { min: 0, max: 100 },
    contributionRange: { min: -0.9, max: 2.1 },
    description: 'Share of the parcel covered by trees and shrubs: fuel that carries fire to the house.',
    evaluate(ctx) {
      const v = ctx.features.vegetationCover;
      return {
        value: pct(v),
        contribution: ramp(v, 0, 1, -0.6, 1.4) * exposure(ctx),
        description: `${pct(v)}% of the parcel is covered by vegetation${v > 0.5 ? ', giving a fire plenty of fuel' : v < 0.2 ? ', leaving little fuel' : ''}.`,
      };
    },
  },
  {
    key: 'vegetation_within_5ft',
    name: 'Vegetation within 5 ft',
    unit: '%',
    range: { min: 0, max: 100 },
    contributionRange: { min: 0, max: 1.8 },
    description: 'Vegetation touching or overhanging the house (the ember-ignition zone).',
    evaluate(ctx) {
      const v = ctx.features.vegetationWithin5ft;
      return {
        value: pct(v),
        contribution: ramp(v, 0, 1, 0, 1.2) * exposure(ctx),
        description:
          v > 0
            ? `${pct(v)}% of the 5 ft zone around the house is vegetated; embers can ignite it next to the walls.`
            : 'The 5 ft zone around the house is clear.',
      };
    },
  },
  {
    key: 'defensible_space',
    name: 'Defensible space',
    unit: 'ft',
    range: { min: 0, max: 100 },
    contributionRange: { min: -0.8, max: 1 },
    description: 'Vegetation-free distance around the main building; 100 ft or more is the recommended standard.',
    evaluate(ctx) {
      const ft = ctx.features.defensibleSpaceFt;
      return {
        value: Math.round(ft),
        contribution: ramp(ft, 0, 100, 1, -0.8),
        description:
          ft >= 100
            ? 'At least 100 ft of defensible space around the house.'
            : `Only ${Math.round(ft)} ft of defensible space (100 ft recommended).`,
      };
    },
  },
  {
    key: 'slope',
    name: 'Slope',
    unit: 'deg',
    range: { min: 0, max: 40 },
    contributionRange: { min: -0.3, max: 2.4 },
    description: 'Terrain slope: fire runs uphill faster and with longer flames.',
    evaluate(ctx) {
      const deg = ctx.features.slopeDeg;
      return {
        value: Math.round(deg * 10) / 10,
        contribution: ramp(deg, 0, 40, -0.2, 1.6) * exposure(ctx),
        description:
          deg >= 20
            ? `Steep terrain (${Math.round(deg)}°) speeds a fire's approach.`
            : `Gentle terrain (${Math.round(deg)}°).`,
      };
    },
  },
  roofMaterialFactor(ROOF_TABLE, 'Wood shake ignites from embers; metal, tile and slate are class A fire-resistant.', {
    prefillAs: 'asphalt_shingle',
  }),
  {
    key: 'fire_station_distance',
    name: 'Distance to fire station',
    unit: 'mi',
    range: { min: 1, max: 10 },
    contributionRange: { min: -0.3, max: 0.8 },
    description: 'Road distance to the nearest fire station: response time.',
    evaluate(ctx) {
      const mi = ctx.features.distanceToFireStationMi;
      return {
        value: Math.round(mi * 10) / 10,
        contribution: ramp(mi, 1, 10, -0.3, 0.8),
        description: `The nearest fire station is ${Math.round(mi * 10) / 10} mi away.`,
      };
    },
  },
  // California 10 CCR 2644.9 structure and community mitigations (issue 42).
  mitigationFactor({
    key: 'wildfire_mitigation',
    name: 'Wildfire mitigation',
    hazard: 'wildfire',
    credits: {
      class_a_roof: classARoofCredit(ROOF_TABLE, -0.6, 'asphalt_shingle'),
      enclosed_eaves: fixedCredit(-0.3),
      ember_resistant_vents: fixedCredit(-0.4),
      multi_pane_windows: fixedCredit(-0.2),
      noncombustible_base: fixedCredit(-0.2),
      outbuildings_30ft: fixedCredit(-0.2),
      firewise_community: fixedCredit(-0.3),
      fire_risk_reduction_community: fixedCredit(-0.3),
    },
    exclusiveGroups: [['firewise_community', 'fire_risk_reduction_community']],
    minCredit: -3.7,
  }),
];

function fireModel(product: ProductKey, prefill: boolean): RiskModelDefinition {
  return {
    product,
    modelVersion: ZFIRE_VERSION,
    description: prefill
      ? 'Wildfire risk to the main structure, with attributes not visible on imagery prefilled from regional defaults.'
      : 'Wildfire risk to the main structure from regional hazard, fuel around the house, terrain, roof and response distance.',
    baseScore: 3,
    factors,
    unavailableReason(ctx) {
      if (!ctx.main) return 'No structure was detected on the parcel.';
      const missing = firstMissing(ctx, {
        features: [
          'vegetationCover',
          'vegetationWithin5ft',
          'defensibleSpaceFt',
          'slopeDeg',
          'distanceToFireStationMi',
        ],
        hazard: ['wildfire'],
      });
      return missing ? `Missing data: ${missing}.` : null;
    },
    confidence(ctx) {
      const material = ctx.main?.roofMaterial ?? 'unknown';
      return 0.95 - (material === 'unknown' ? (prefill ? 0.1 : 0.2) : 0);
    },
  };
}

export const zfireModel = fireModel('zfire', false);
/** `zfire|prefill`: the same model; an unidentified roof is taken as the regional default. */
export const zfirePrefillModel = fireModel('zfire|prefill', true);
