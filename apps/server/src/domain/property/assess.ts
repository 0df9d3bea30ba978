import { type AssessmentResponse, type Building, type ImageItem, type ProductKey } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { hazardAt } from '../../world/hazard/climatology.js';
import { latLngToCell } from 'h3-js';
import { OBLIQUE_DIRECTIONS } from '../imagery/capture.js';
import type { UrlSigner } from '../imagery/signing.js';
import { propertyImageItem } from '../imagery/urls.js';
import { scoreProduct, unavailableScore } from '../risk/index.js';
import { geocode } from '../geocoder/match.js';
import { findPropertyRow, listBuildings, listCapturesOfProperty, listPermits } from '../../db/properties.js';
import { deriveFeatures, describeCaptures, findPropertyEvents, hazardOfProperty, isoDate, summarizeProperty, type PropertySummary } from './load.js';
import type { PropertyReadCache, PropertyReads } from './read-cache.js';

export interface AssessInput {
  location: string;
  locationType: 'address' | 'coordinates';
  /** Products to score, already checked against the organisation's enabled products. */
  products: ProductKey[];
  /** Historical look-back: features of the capture on or before this date. */
  asOf?: string;
  /** True while the data is the generated sample world. */
  sampleData: boolean;
  /** Reads of recently looked-up properties; only when the caller knows it is fresh (see PropertyReadCache). */
  cache?: PropertyReadCache;
}

type Capture = ReturnType<typeof describeCaptures>[number];

const NO_PROPERTY_REASON = 'No property was found at this location, so there is nothing to score.';

function imageItem(signer: UrlSigner, capture: Capture, property: { id: string; lat: number; lng: number }): ImageItem {
  return propertyImageItem(signer, capture, { id: property.id, center: [property.lng, property.lat] });
}

/**
 * Orthophotos newest first, the obliques of the newest oblique capture date, and a before/after
 * pair around the most recent weather event that has a capture on each side.
 */
export function selectImagery(
  signer: UrlSigner,
  property: { id: string; lat: number; lng: number },
  captures: Capture[],
  events: { id: string; kind: string; name: string; occurredOn: string }[],
  asOf: string,
): AssessmentResponse['imagery'] {
  const ortho = captures.filter((c) => c.kind === 'ortho' && c.capturedOn <= asOf).sort((a, b) => b.capturedOn.localeCompare(a.capturedOn));
  const obliques = captures.filter((c) => c.kind === 'oblique' && c.capturedOn <= asOf);
  const newestOblique = obliques.reduce<string | null>((latest, c) => (latest === null || c.capturedOn > latest ? c.capturedOn : latest), null);
  const oblique = obliques
    .filter((c) => c.capturedOn === newestOblique)
    .sort((a, b) => OBLIQUE_DIRECTIONS.indexOf(a.direction ?? 'north') - OBLIQUE_DIRECTIONS.indexOf(b.direction ?? 'north'));

  let comparison: AssessmentResponse['imagery']['comparison'] = null;
  for (const event of [...events].sort((a, b) => b.occurredOn.localeCompare(a.occurredOn))) {
    const before = ortho.find((c) => c.capturedOn < event.occurredOn);
    const after = [...ortho].reverse().find((c) => c.capturedOn >= event.occurredOn);
    if (before && after) {
      comparison = {
        event: { id: event.id, kind: event.kind, date: event.occurredOn, description: event.name },
        before: imageItem(signer, before, property),
        after: imageItem(signer, after, property),
      };
      break;
    }
  }
  return {
    ortho: ortho.map((c) => imageItem(signer, c, property)),
    oblique: oblique.map((c) => imageItem(signer, c, property)),
    comparison,
  };
}

function addressOf(property: PropertySummary) {
  const line1 = property.unit ? `${property.houseNumber} ${property.street} ${property.unit}` : `${property.houseNumber} ${property.street}`;
  return { line1, unit: property.unit, city: property.city, state: property.state, zip: property.zip, formatted: property.address };
}

/**
 * The property view's answer for one location: where it is, its scores for the requested
 * products as of the chosen imagery date, and its imagery. Null when the location cannot be
 * resolved at all.
 */
export async function assessProperty(db: Db, signer: UrlSigner, input: AssessInput): Promise<AssessmentResponse | null> {
  const match = await geocode(db, input.location, input.locationType);
  if (!match) return null;
  const today = isoDate(new Date());
  // The match already names the property and its point.
  const reads = match.propertyId ? await readProperty(db, match.propertyId, match, input.cache) : undefined;
  if (!reads) {
    const asOf = input.asOf ?? today;
    return {
      location: {
        locationType: input.locationType,
        input: input.location,
        propertyId: null,
        address: null,
        point: { lat: match.lat, lng: match.lng },
        precision: match.precision,
        confidence: match.confidence,
        h3Index: latLngToCell(match.lat, match.lng, 7),
        parcel: null,
        buildings: [],
      },
      asOf,
      availableDates: [],
      products: Object.fromEntries(input.products.map((p) => [p, unavailableScore(p, asOf, NO_PROPERTY_REASON)])),
      imagery: { ortho: [], oblique: [], comparison: null },
      sampleData: input.sampleData,
    };
  }

  const { row, buildings: buildingRows, permits: permitRows, captures: captureRows, events } = reads;
  const property = summarizeProperty(row);
  const features = deriveFeatures(row, buildingRows, permitRows, captureRows, input.asOf);
  const captures = describeCaptures(captureRows);
  const hazard = hazardOfProperty(property);
  const asOfDate = new Date(`${features.asOf}T00:00:00Z`);
  const products = Object.fromEntries(input.products.map((p) => [p, scoreProduct(p, features, hazard, asOfDate)]));
  const buildings: Building[] = features.buildings.map((b) => ({ label: b.label, rank: b.rank, outline: b.outline, centroid: b.centroid }));
  const availableDates = [...new Set(captures.filter((c) => c.kind === 'ortho').map((c) => c.capturedOn))].sort().reverse();

  return {
    location: {
      locationType: input.locationType,
      input: input.location,
      propertyId: property.id,
      address: addressOf(property),
      point: { lat: property.lat, lng: property.lng },
      precision: match.precision,
      confidence: match.confidence,
      h3Index: hazard.h3Index || property.h3Cell,
      parcel: property.parcel?.type === 'Polygon' ? property.parcel : null,
      buildings,
    },
    asOf: features.asOf,
    availableDates,
    products,
    imagery: selectImagery(signer, property, captures, events, features.asOf),
    sampleData: input.sampleData,
  };
}

/** Every read of a property at once, each once (the features and the imagery share the captures); undefined when it no longer exists. */
async function readProperty(db: Db, propertyId: string, point: { lat: number; lng: number }, cache: PropertyReadCache | undefined): Promise<PropertyReads | undefined> {
  const cached = cache?.get(propertyId);
  if (cached) return cached;
  const generation = cache?.generation;
  const [row, buildings, permits, captures, events] = await Promise.all([
    findPropertyRow(db, propertyId),
    listBuildings(db, propertyId),
    listPermits(db, propertyId),
    listCapturesOfProperty(db, propertyId, point),
    findPropertyEvents(db, point),
  ]);
  if (!row) return undefined;
  const reads = { row, buildings, permits, captures, events };
  if (cache && generation !== undefined) cache.set(propertyId, reads, generation);
  return reads;
}

export { hazardAt };
