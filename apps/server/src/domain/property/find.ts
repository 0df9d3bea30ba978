import type { Db } from '../../db/database.js';
import { geocode, type GeocodeResult } from '../geocoder/match.js';
import { findPropertyById, type PropertySummary } from './load.js';

export interface FoundProperty {
  /** How the location was resolved (precision, confidence). */
  match: GeocodeResult;
  /** The property, or null when the location resolved only to a street, ZIP, city or bare point. */
  property: PropertySummary | null;
}

/**
 * What the assessment API calls with its `location` and `location_type` query parameters:
 * an address (free text) or 'lat,lng' coordinates → the property there. Null when nothing at
 * all could be resolved (unparseable text, unknown place).
 */
export async function findPropertyByLocation(
  db: Db,
  location: string,
  locationType: 'address' | 'coordinates' = 'address',
): Promise<FoundProperty | null> {
  const match = await geocode(db, location, locationType);
  if (!match) return null;
  const property = match.propertyId ? await findPropertyById(db, match.propertyId) : null;
  return { match, property };
}
