import {
  describeLevel,
  fortifiedFactor,
  hazardIndexFactor,
  roofAgeFactor,
  roofMaterialFactor,
  roofShapeFactor,
  yardProjectilesFactor,
} from './factors.js';
import { creditUnlessFortified, mitigationFactor } from './mitigation-factors.js';
import { firstMissing, ramp, type RiskModelDefinition } from './model.js';

export const ZWIND_VERSION = 'zwind-1.3.0';

export const zwindModel: RiskModelDefinition = {
  product: 'zwind',
  modelVersion: ZWIND_VERSION,
  description:
    'Hurricane and straight-line wind risk from design wind speed, coastal exposure and the building’s roof, height and FORTIFIED status.',
  baseScore: 3,
  factors: [
    {
      key: 'design_wind_speed',
      name: 'Design wind speed',
      unit: 'mph',
      range: { min: 90, max: 170 },
      contributionRange: { min: -1, max: 3 },
      description: '100-year 3-second gust at the location.',
      evaluate(ctx) {
        const mph = ctx.hazard.designWindMph;
        return {
          value: Math.round(mph),
          contribution: ramp(mph, 90, 170, -1, 3),
          description: `Buildings here should withstand ${Math.round(mph)} mph gusts (100-year event).`,
        };
      },
    },
    hazardIndexFactor({
      key: 'wind_exposure',
      name: 'Wind exposure',
      read: (ctx) => ctx.hazard.wind,
      low: -0.5,
      high: 1.5,
      description: 'Frequency of damaging hurricane and straight-line winds in the area.',
      explain: (v) =>
        `Damaging winds are ${v >= 0.66 ? 'frequent' : v >= 0.33 ? 'occasional' : 'rare'} here (${describeLevel(v)} exposure).`,
    }),
    {
      key: 'coast_distance',
      name: 'Distance to coast',
      unit: 'mi',
      range: { min: 0, max: 30 },
      contributionRange: { min: -0.3, max: 1.5 },
      description: 'Hurricane winds weaken quickly over land; the first miles inland take the strongest gusts.',
      evaluate(ctx) {
        const mi = ctx.features.distanceToCoastMi;
        return {
          value: Math.round(mi * 10) / 10,
          contribution: ramp(mi, 0, 30, 1.5, -0.3),
          description: mi < 30 ? `${Math.round(mi * 10) / 10} mi from the coast.` : 'More than 30 mi inland.',
        };
      },
    },
    roofShapeFactor(
      { hip: -0.5, mansard: 0.1, flat: 0.2, gable: 0.3, gambrel: 0.5, unknown: 0.1 },
      'Hip roofs shed wind uplift best; gable ends and gambrels catch it.',
    ),
    roofAgeFactor({
      newest: -0.4,
      oldest: 1,
      fullAgeYears: 25,
      unknown: 0.3,
      why: 'Sealant strips and fasteners weaken with age, so old shingles lift off.',
    }),
    roofMaterialFactor(
      { metal: -0.2, slate: 0, asphalt_shingle: 0.2, membrane: 0.3, tile: 0.3, wood_shake: 0.4, unknown: 0.2 },
      'Well-fastened metal resists uplift; loose tiles and shakes become projectiles.',
    ),
    fortifiedFactor(
      { roof: -0.8, silver: -1.3, gold: -1.8 },
      'FORTIFIED roofs have ring-shank nails, sealed decks and rated edges; Silver and Gold also protect openings and the load path.',
    ),
    {
      key: 'building_height',
      name: 'Building height',
      unit: 'ft',
      range: { min: 15, max: 45 },
      contributionRange: { min: -0.2, max: 0.6 },
      description: 'Wind speed grows with height above ground.',
      evaluate(ctx) {
        const ft = ctx.main?.heightFt ?? 15;
        return {
          value: Math.round(ft),
          contribution: ramp(ft, 15, 45, -0.2, 0.6),
          description: `The main building is about ${Math.round(ft)} ft tall.`,
        };
      },
    },
    yardProjectilesFactor(0.3),
    mitigationFactor({
      key: 'wind_mitigation',
      name: 'Wind mitigation',
      hazard: 'wind',
      credits: {
        // FORTIFIED Silver and Gold already protect openings and the load path; any FORTIFIED the deck.
        opening_protection: creditUnlessFortified(-0.5, ['silver', 'gold']),
        roof_to_wall_connections: creditUnlessFortified(-0.5, ['silver', 'gold']),
        sealed_roof_deck: creditUnlessFortified(-0.3, ['roof', 'silver', 'gold']),
      },
      minCredit: -1.3,
    }),
  ],
  unavailableReason(ctx) {
    if (!ctx.main) return 'No structure was detected on the parcel.';
    const missing = firstMissing(ctx, { features: ['distanceToCoastMi'], hazard: ['designWindMph', 'wind'] });
    return missing ? `Missing data: ${missing}.` : null;
  },
  confidence(ctx) {
    return 0.9 - (ctx.main?.roofShape === 'unknown' ? 0.15 : 0) - (ctx.main?.roofMaterial === 'unknown' ? 0.1 : 0);
  },
};
