import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Db } from '../../db/database.js';
import { findPropertyRow, listBuildings, listCapturesAt, listEventsNear, listPermits } from '../../db/properties.js';
import { hazardAt } from '../hazard/climatology.js';
import type {
  BuildingFeatures,
  FortifiedDesignation,
  HazardProfile,
  PropertyFeatures,
  RoofCondition,
  RoofMaterial,
  RoofShape,
} from './features.js';

/** The property as the assessment API shows it: address, point, parcel and provenance. */
export interface PropertySummary {
  id: string;
  address: string;
  houseNumber: string;
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  h3Cell: string;
  parcel: GeoJSON.Polygon | GeoJSON.MultiPolygon | null;
  source: 'generated' | 'imported';
  neighbourhoodId: string | null;
  /** Feature names not observed but estimated with defaults (imported data). */
  estimated: string[];
}

export function summarizeProperty(row: PropertyRecord): PropertySummary {
  return {
    id: row.id,
    address: `${row.address_line}, ${row.city}, ${row.state} ${row.zip}`,
    houseNumber: row.house_number,
    street: row.street,
    unit: row.unit,
    city: row.city,
    state: row.state,
    zip: row.zip,
    lat: row.lat,
    lng: row.lng,
    h3Cell: row.h3_cell,
    parcel: row.parcel,
    source: row.source,
    neighbourhoodId: row.neighbourhood_id,
    estimated: row.estimated,
  };
}

export async function findPropertyById(db: Db, propertyId: string): Promise<PropertySummary | null> {
  const row = await findPropertyRow(db, propertyId);
  return row ? summarizeProperty(row) : null;
}

export function hazardOfProperty(property: Pick<PropertySummary, 'lat' | 'lng'>): HazardProfile {
  return hazardAt(property.lat, property.lng);
}

/** The imagery captures over a property, oldest first (ortho before its obliques on the same date). */
export async function findPropertyCaptures(db: Db, property: Pick<PropertySummary, 'lat' | 'lng' | 'neighbourhoodId'>) {
  return describeCaptures(await listCapturesAt(db, property, property.neighbourhoodId));
}

export function describeCaptures(captures: readonly CaptureRecord[]) {
  return captures.map((c) => ({
    id: c.id,
    capturedOn: isoDate(c.captured_on),
    kind: c.kind,
    direction: c.direction,
    provider: c.provider,
    bounds: { west: c.west, south: c.south, east: c.east, north: c.north },
    source: c.source,
    filePath: c.file_path,
    mediaType: c.media_type,
  }));
}

/** Building permits of a property, oldest first (the building_permits product). */
export async function findPropertyPermits(db: Db, propertyId: string) {
  const permits = await listPermits(db, propertyId);
  return permits.map((p) => ({
    id: p.id,
    kind: p.kind,
    description: p.description,
    issuedOn: isoDate(p.issued_on),
    completedOn: p.completed_on ? isoDate(p.completed_on) : null,
    valuationUsd: p.valuation_usd,
    contractor: p.contractor,
    roofMaterial: p.roof_material,
  }));
}

/** Weather events (hail swaths, wind tracks, wildfire perimeters, floods) that covered the property. */
export async function findPropertyEvents(db: Db, property: Pick<PropertySummary, 'lat' | 'lng'>) {
  const events = await listEventsNear(db, property);
  return events
    .filter((e) => booleanPointInPolygon([property.lng, property.lat], e.geometry))
    .map((e) => ({
      id: e.id,
      kind: e.kind,
      name: e.name,
      occurredOn: isoDate(e.occurred_on),
      endedOn: e.ended_on ? isoDate(e.ended_on) : null,
      magnitude: e.magnitude,
      magnitudeUnit: e.magnitude_unit,
      geometry: e.geometry,
    }));
}

/**
 * The features of a property as seen on the orthophoto captured on or before `asOfDate` (the
 * latest capture when omitted). Stored values describe the latest capture; earlier ones are
 * reconstructed from the permits (a roof replaced in 2022 is the old roof on a 2021 capture;
 * solar panels and pools appear when their permit completed; FORTIFIED from its date) and the
 * vegetation trend (growth per year, and the date it was cleared). Returns null for an unknown id.
 */
export async function loadPropertyFeatures(
  db: Db,
  propertyId: string,
  asOfDate?: string | Date,
): Promise<PropertyFeatures | null> {
  const row = await findPropertyRow(db, propertyId);
  if (!row) return null;
  return loadFeaturesOfRow(db, row, asOfDate);
}

/** loadPropertyFeatures for a property row already in hand (one round trip fewer). */
export async function loadFeaturesOfRow(
  db: Db,
  row: PropertyRecord,
  asOfDate?: string | Date,
  captures?: CaptureRecord[],
): Promise<PropertyFeatures> {
  const [buildings, permits, capturesHere] = await Promise.all([
    listBuildings(db, row.id),
    listPermits(db, row.id),
    captures ?? listCapturesAt(db, row, row.neighbourhood_id),
  ]);
  return deriveFeatures(row, buildings, permits, capturesHere, asOfDate);
}

export type PropertyRecord = NonNullable<Awaited<ReturnType<typeof findPropertyRow>>>;
export type BuildingRecord = Awaited<ReturnType<typeof listBuildings>>[number];
export type PermitRecord = Awaited<ReturnType<typeof listPermits>>[number];
export type CaptureRecord = Awaited<ReturnType<typeof listCapturesAt>>[number];

/**
 * The features as of a date from the stored rows (pure): `buildings` by rank, `permits` by
 * issue date, `captures` of the property's point. Set-wise loaders call this per property.
 */
export function deriveFeatures(
  row: PropertyRecord,
  buildings: readonly BuildingRecord[],
  permits: readonly PermitRecord[],
  captures: readonly Pick<CaptureRecord, 'kind' | 'captured_on'>[],
  asOfDate?: string | Date,
): PropertyFeatures {
  const orthoDates = [...new Set(captures.filter((c) => c.kind === 'ortho').map((c) => isoDate(c.captured_on)))].sort();
  const latest = orthoDates[orthoDates.length - 1] ?? isoDate(new Date());
  const wanted = asOfDate === undefined ? latest : isoDate(asOfDate);
  // Features are read from an image: the latest capture on or before the date asked for.
  const asOf = [...orthoDates].reverse().find((d) => d <= wanted) ?? wanted;
  const isLatest = asOf >= latest;
  const asOfYear = Number(asOf.slice(0, 4));
  const doneAfter = (date: Date | null) => date !== null && isoDate(date) > asOf;
  // A permit is a record, not an image: one completed by the date asked for (today when none is)
  // counts even when it completed after the image the features are read from (a permit filed since
  // the last capture, issue 41).
  const recordsBy = asOfDate === undefined ? isoDate(new Date()) : wanted;
  const permitDoneBy = (date: Date | null) => date !== null && isoDate(date) <= recordsBy;
  const permitDoneAfter = (date: Date | null) => date !== null && isoDate(date) > recordsBy;

  const roofPermits = permits.filter((p) => p.kind === 'roof_replacement');
  const buildingFeatures: BuildingFeatures[] = [];
  for (const b of buildings) {
    if (b.built_year !== null && b.built_year > asOfYear) continue;
    const mine = roofPermits.filter((p) => (p.building_rank ?? 1) === b.rank);
    const done = mine.filter((p) => permitDoneBy(p.completed_on ?? p.issued_on));
    const later = mine.filter((p) => permitDoneAfter(p.completed_on ?? p.issued_on));
    let roofMaterial = b.roof_material;
    let roofInstallYear = b.roof_install_year;
    let roofCondition = b.roof_condition;
    if (later.length) {
      const last = done[done.length - 1];
      roofMaterial = last?.roof_material ?? later[0]!.replaced_roof_material ?? b.roof_material;
      roofInstallYear = last ? yearOf(last.completed_on ?? last.issued_on) : b.built_year;
      const age = roofInstallYear === null ? null : asOfYear - roofInstallYear;
      roofCondition = age === null ? 'unknown' : age < 10 ? 'good' : age < 22 ? 'fair' : 'poor';
    }
    // What dates the roof seen then: the roofing permits completed by that date (none after it).
    const roofEvidence = done.flatMap((p) => {
      const year = yearOf(p.completed_on ?? p.issued_on);
      return year === null ? [] : [{ source: 'permit' as const, year, reference: p.id, description: p.description }];
    });
    const solarLater = permits.some(
      (p) => p.kind === 'solar' && (p.building_rank ?? 1) === b.rank && permitDoneAfter(p.completed_on ?? p.issued_on),
    );
    buildingFeatures.push({
      rank: b.rank,
      label: b.label,
      outline: b.outline,
      centroid: { type: 'Point', coordinates: [b.centroid_lng, b.centroid_lat] },
      footprintSqft: b.footprint_sqft,
      heightFt: b.height_ft,
      stories: b.stories,
      roofMaterial: roofMaterial as RoofMaterial,
      roofShape: b.roof_shape as RoofShape,
      roofCondition: roofCondition as RoofCondition,
      roofInstallYear,
      ...(roofEvidence.length ? { roofEvidence } : {}),
      fortified: (b.fortified_on && doneAfter(b.fortified_on) ? 'none' : b.fortified) as FortifiedDesignation,
      hasSolar: b.has_solar && !solarLater,
    });
  }

  // Vegetation grows (or thins) along its trend; before a clearing it was denser and closer.
  const yearsBack = isLatest ? 0 : (Date.parse(latest) - Date.parse(asOf)) / (365.25 * 86_400_000);
  let vegetationCover = clamp01(row.vegetation_cover - row.vegetation_growth_per_year * yearsBack);
  let vegetationWithin5ft = row.vegetation_within_5ft;
  let defensibleSpaceFt = row.defensible_space_ft;
  if (row.vegetation_cleared_on && doneAfter(row.vegetation_cleared_on)) {
    vegetationCover = clamp01(vegetationCover + 0.12);
    vegetationWithin5ft = Math.max(vegetationWithin5ft, 0.35);
    defensibleSpaceFt = Math.min(defensibleSpaceFt, 15);
  }
  const poolLater = permits.some((p) => p.kind === 'pool' && permitDoneAfter(p.completed_on ?? p.issued_on));

  return {
    propertyId: row.id,
    yearBuilt: row.year_built,
    vegetationCover: round3(vegetationCover),
    defensibleSpaceFt,
    vegetationWithin5ft: round3(vegetationWithin5ft),
    slopeDeg: row.slope_deg,
    elevationFt: row.elevation_ft,
    distanceToWaterFt: row.distance_to_water_ft,
    distanceToCoastMi: row.distance_to_coast_mi,
    distanceToFireStationMi: row.distance_to_fire_station_mi,
    hasPool: row.has_pool && !poolLater,
    hasTrampoline: row.has_trampoline,
    hasDebris: row.has_debris,
    buildings: buildingFeatures,
    asOf,
  };
}

/** 'YYYY-MM-DD' of a date column (pg returns local-midnight Dates) or of a string/Date argument. */
export function isoDate(value: Date | string): string {
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    const parsed = new Date(value);
    if (Number.isNaN(parsed.getTime())) throw new RangeError(`Not a date: ${value}`);
    return parsed.toISOString().slice(0, 10);
  }
  const y = value.getFullYear();
  const m = String(value.getMonth() + 1).padStart(2, '0');
  const d = String(value.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

function yearOf(date: Date | null): number | null {
  return date ? Number(isoDate(date).slice(0, 4)) : null;
}

function clamp01(x: number) {
  return Math.min(1, Math.max(0, x));
}

function round3(x: number) {
  return Math.round(x * 1000) / 1000;
}
