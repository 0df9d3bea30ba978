import { describeLevel, hazardIndexFactor } from './factors.js';
import { firstMissing, pct, ramp, type RiskModelDefinition } from './model.js';

export const ZWATER_VERSION = 'zwater-1.0.0';

export const zwaterModel: RiskModelDefinition = {
  product: 'zwater',
  modelVersion: ZWATER_VERSION,
  description:
    'Flood and storm-surge risk from flood climatology, proximity to water and the coast, elevation and terrain.',
  baseScore: 3,
  factors: [
    hazardIndexFactor({
      key: 'flood_hazard',
      name: 'Flood hazard',
      read: (ctx) => ctx.hazard.flood,
      low: -1.2,
      high: 4,
      description: 'Riverine and pluvial flood hazard of the area.',
      explain: (v) => `The area has a ${describeLevel(v)} flood hazard.`,
    }),
    {
      key: 'storm_surge',
      name: 'Storm surge',
      unit: '%',
      range: { min: 0, max: 100 },
      contributionRange: { min: 0, max: 3 },
      description: 'Coastal storm-surge hazard, fading to nothing 20 mi inland.',
      evaluate(ctx) {
        const proximity = ramp(ctx.features.distanceToCoastMi, 0, 20, 1, 0);
        const surge = Math.min(1, Math.max(0, ctx.hazard.surge));
        return {
          value: pct(surge),
          contribution: ramp(surge, 0, 1, 0, 3) * proximity,
          description:
            proximity > 0 && surge > 0
              ? `${describeLevel(surge)[0]!.toUpperCase()}${describeLevel(surge).slice(1)} storm-surge hazard ${Math.round(ctx.features.distanceToCoastMi * 10) / 10} mi from the coast.`
              : 'Out of reach of storm surge.',
        };
      },
    },
    {
      key: 'distance_to_water',
      name: 'Distance to water',
      unit: 'ft',
      range: { min: 0, max: 2000 },
      contributionRange: { min: -0.5, max: 1.5 },
      description: 'Distance to the nearest river, lake or shoreline.',
      evaluate(ctx) {
        const ft = ctx.features.distanceToWaterFt;
        return {
          value: Math.round(ft),
          contribution: ramp(ft, 0, 2000, 1.5, -0.5),
          description: `The nearest body of water is ${Math.round(ft).toLocaleString('en-US')} ft away.`,
        };
      },
    },
    {
      key: 'elevation',
      name: 'Elevation',
      unit: 'ft',
      range: { min: 0, max: 100 },
      contributionRange: { min: -0.5, max: 1 },
      description: 'Ground elevation: low-lying ground floods first.',
      evaluate(ctx) {
        const ft = ctx.features.elevationFt;
        return {
          value: Math.round(ft),
          contribution: ramp(ft, 0, 100, 1, -0.5),
          description: `Ground elevation is ${Math.round(ft).toLocaleString('en-US')} ft.`,
        };
      },
    },
    {
      key: 'terrain_slope',
      name: 'Terrain slope',
      unit: 'deg',
      range: { min: 0, max: 10 },
      contributionRange: { min: -0.3, max: 0.4 },
      description: 'Flat ground ponds rainwater; sloped ground drains it away.',
      evaluate(ctx) {
        const deg = ctx.features.slopeDeg;
        return {
          value: Math.round(deg * 10) / 10,
          contribution: ramp(deg, 0, 10, 0.4, -0.3),
          description:
            deg < 2
              ? 'Flat ground where rainwater can pond.'
              : `Ground slopes ${Math.round(deg)}°, draining water away.`,
        };
      },
    },
  ],
  unavailableReason(ctx) {
    if (!ctx.main) return 'No structure was detected on the parcel.';
    const missing = firstMissing(ctx, {
      features: ['distanceToWaterFt', 'distanceToCoastMi', 'elevationFt', 'slopeDeg'],
      hazard: ['flood', 'surge'],
    });
    return missing ? `Missing data: ${missing}.` : null;
  },
  confidence() {
    return 0.85;
  },
};
