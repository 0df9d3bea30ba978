import type { LocationHazard, LocationHazards, RiskLevel } from '@zview/contracts';
import { hazardAt } from './climatology.js';

/** Exposure bands of the location-level hazards (0–1): medium from 0.33, high from 0.6. */
export const LOCATION_HAZARD_BANDS = { medium: 0.33, high: 0.6 } as const;

export const NO_BUILDING_NOTE =
  'No building was found at this location. These are the hazards of the location itself; the structure-level products (fire, property, hail, storm, wind, water and roof age scores) need a building.';

function level(exposure: number): RiskLevel {
  return exposure >= LOCATION_HAZARD_BANDS.high ? 'high' : exposure >= LOCATION_HAZARD_BANDS.medium ? 'medium' : 'low';
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

/**
 * The hazards of a point whatever stands on it (wind, flood, wildfire, hail), read from the
 * hazard climatology of its H3 cell: what the property view shows for a location with no building.
 */
export function locationHazardsAt(lat: number, lng: number): LocationHazards {
  const h = hazardAt(lat, lng);
  const flood = Math.max(h.flood, h.surge);
  const hazards: LocationHazard[] = [
    {
      hazard: 'wind',
      exposure: h.wind,
      riskLevel: level(h.wind),
      description: `100-year gust about ${h.designWindMph} mph`,
    },
    {
      hazard: 'flood',
      exposure: flood,
      riskLevel: level(flood),
      description:
        h.surge > h.flood
          ? `Coastal storm surge exposure ${percent(h.surge)}`
          : `Riverine and coastal flood exposure ${percent(h.flood)}`,
    },
    {
      hazard: 'wildfire',
      exposure: h.wildfire,
      riskLevel: level(h.wildfire),
      description: `Wildfire exposure ${percent(h.wildfire)}`,
    },
    {
      hazard: 'hail',
      exposure: h.hail,
      riskLevel: level(h.hail),
      description: `${percent(h.hailAnnualProbability)} a year chance of hail of 1 inch or more`,
    },
  ];
  return { hazards, note: NO_BUILDING_NOTE };
}
