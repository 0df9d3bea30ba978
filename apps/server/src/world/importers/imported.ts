import { latLngToCell } from 'h3-js';
import type { Db } from '../../db/database.js';
import { addStreetNamesOf } from '../../db/street-names.js';
import { normalizeAddress, streetKeyOf } from '../../domain/geocoder/normalize.js';
import { displayCase } from '../../domain/geocoder/normalize.js';
import type { ParsedAddress } from '../../domain/geocoder/parse.js';
import { normalizeCity } from '../../domain/geocoder/vocabulary.js';
import { environmentOf } from '../generate/environment.js';
import { LocalFrame } from '../generate/shapes.js';
import { HAZARD_RESOLUTION } from '../../domain/hazard/climatology.js';
import { hashString, Random } from '../random.js';
import { STATE_REGION } from '../regions.js';
import { hazardCellRow, type BuildingRow, type PropertyRow } from '../rows.js';

/** Site features an import cannot observe; they get regional defaults and are listed in `estimated`. */
export const ESTIMATED_SITE_FEATURES = [
  'yearBuilt',
  'vegetationCover',
  'defensibleSpaceFt',
  'vegetationWithin5ft',
  'slopeDeg',
  'elevationFt',
  'distanceToWaterFt',
  'distanceToFireStationMi',
  'hasPool',
  'hasTrampoline',
  'hasDebris',
] as const;

export interface ImportedAddress {
  parsed: ParsedAddress;
  lat: number;
  lng: number;
  /** Stable id from the source (OpenAddresses HASH/ID, a parcel id…); hashed into the property id. */
  sourceId?: string;
}

/**
 * A property row for an imported address point, shaped exactly like a generated one: features
 * the source lacks are estimated (deterministically, from the location) and named in `estimated`;
 * distances to the coast are computed, not estimated.
 */
export function importedPropertyRow(input: ImportedAddress): PropertyRow | null {
  const p = input.parsed;
  const streetKey = streetKeyOf(p);
  if (!p.houseNumber || !streetKey || !p.city || !p.state || !p.zip) return null;
  const normalized = normalizeAddress(p);
  const id = `imp-${hashString(`${input.sourceId ?? ''}|${normalized.full}`).toString(36)}${hashString(normalized.full).toString(36)}`;
  const rng = new Random(hashString(id));
  const region = STATE_REGION[p.state] ?? 'southeast';
  const env = environmentOf(rng, p.state, region, input.lat, input.lng);
  const street = displayCase(streetKey);
  const unit = p.unit ? `${displayCase(p.unitType ?? 'Unit')} ${p.unit}` : null;
  return {
    id,
    source: 'imported',
    neighbourhood_id: null,
    house_number: p.houseNumber,
    street,
    unit,
    city: displayCase(p.city),
    state: p.state,
    zip: p.zip,
    address_line: `${p.houseNumber} ${street}${unit ? ` ${unit}` : ''}`,
    street_key: streetKey,
    normalized_address: `${p.houseNumber} ${streetKey}${unit ? ` ${unit.toUpperCase()}` : ''} ${normalizeCity(p.city)} ${p.state} ${p.zip}`,
    lat: input.lat,
    lng: input.lng,
    h3_cell: latLngToCell(input.lat, input.lng, HAZARD_RESOLUTION),
    parcel: null,
    year_built: null,
    vegetation_cover: Math.round(env.vegetation * 1000) / 1000,
    vegetation_growth_per_year: 0,
    defensible_space_ft: 30,
    vegetation_within_5ft: 0.2,
    vegetation_cleared_on: null,
    slope_deg: Math.round(env.slopeDeg * 10) / 10,
    elevation_ft: Math.round(env.elevationFt),
    distance_to_water_ft: Math.round(Math.min(env.riverFt, 2500)),
    distance_to_coast_mi: Math.round(env.coastMi * 100) / 100,
    distance_to_fire_station_mi: 2,
    has_pool: false,
    has_trampoline: false,
    has_debris: false,
    estimated: [...ESTIMATED_SITE_FEATURES, 'buildings'],
  };
}

/** Until footprints are imported, a property gets one estimated 40 × 40 ft main building on its point. */
export function estimatedBuilding(property: PropertyRow): BuildingRow {
  const frame = new LocalFrame(property.lat, property.lng, 0);
  const half = 6.1;
  return {
    property_id: property.id,
    rank: 1,
    label: 'Primary structure (estimated)',
    outline: frame.rectangle(-half, -half, half, half),
    centroid_lat: property.lat,
    centroid_lng: property.lng,
    footprint_sqft: 1600,
    height_ft: 15,
    stories: 1,
    roof_material: 'unknown',
    roof_shape: 'unknown',
    roof_condition: 'unknown',
    roof_install_year: null,
    fortified: 'none',
    fortified_on: null,
    has_solar: false,
    built_year: null,
  };
}

/** Inserts imported properties (and their estimated buildings) in batches; re-importing updates the address point. */
export async function upsertImportedProperties(db: Db, rows: PropertyRow[]): Promise<number> {
  if (!rows.length) return 0;
  const values = rows.map((row) => ({ ...row, parcel: row.parcel ? JSON.stringify(row.parcel) : null }));
  await db
    .insertInto('properties')
    .values(values)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        lat: eb.ref('excluded.lat'),
        lng: eb.ref('excluded.lng'),
        h3_cell: eb.ref('excluded.h3_cell'),
      })),
    )
    .execute();
  await addStreetNamesOf(
    db,
    rows.map((row) => row.id),
  );
  await db
    .insertInto('buildings')
    .values(
      rows.map((row) => {
        const b = estimatedBuilding(row);
        return { ...b, outline: JSON.stringify(b.outline) };
      }),
    )
    .onConflict((oc) => oc.columns(['property_id', 'rank']).doNothing())
    .execute();
  await storeCells(
    db,
    rows.map((r) => r.h3_cell),
  );
  return rows.length;
}

export async function storeCells(db: Db, cells: string[]) {
  const unique = [...new Set(cells)];
  if (!unique.length) return;
  await db
    .insertInto('hazard_cells')
    .values(unique.map(hazardCellRow))
    .onConflict((oc) => oc.column('h3_index').doNothing())
    .execute();
}
