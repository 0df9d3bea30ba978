import { type AssessmentResponse, type Building, type ImageItem, type ProductKey } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { hazardAt } from '../hazard/climatology.js';
import { locationHazardsAt } from '../hazard/location-hazards.js';
import { latLngToCell } from 'h3-js';
import { OBLIQUE_DIRECTIONS } from '../imagery/capture.js';
import type { UrlSigner } from '../imagery/signing.js';
import { propertyImageItem } from '../imagery/urls.js';
import { scoreProduct, unavailableScore } from '../risk/index.js';
import { scoreInstant } from '../risk/model.js';
import { geocode, OUTSIDE_COVERAGE_AREA, type GeocodeResult } from '../geocoder/match.js';
import { findPropertyRow, listBuildings, listCapturesOfProperty, listPermits } from '../../db/properties.js';
import {
  deriveFeatures,
  describeCaptures,
  findPropertyEvents,
  hazardOfProperty,
  isoDate,
  summarizeProperty,
  type PropertySummary,
} from './load.js';
import type { LocationAssessment } from './assessment-json.js';
import type { LookupCaches, PropertyAssessment, PropertyReads } from './read-cache.js';

export interface AssessInput {
  location: string;
  locationType: 'address' | 'coordinates';
  /** Products to score, already checked against the organisation's enabled products. */
  products: ProductKey[];
  /** Historical look-back: features of the capture on or before this date. */
  asOf?: string;
  /** True while the data is the generated sample world. */
  sampleData: boolean;
  /** What recent lookups learnt of the world; only when the caller knows it is fresh (see LookupCaches). */
  cache?: LookupCaches;
}

type Capture = ReturnType<typeof describeCaptures>[number];

const NO_PROPERTY_REASON = 'No property was found at this location, so there is nothing to score.';

function imageItem(
  signer: UrlSigner,
  capture: Capture,
  property: { id: string; lat: number; lng: number },
  nowMs: number,
): ImageItem {
  return propertyImageItem(signer, capture, { id: property.id, center: [property.lng, property.lat] }, 'png', nowMs);
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
  nowMs = Date.now(),
): AssessmentResponse['imagery'] {
  const ortho = captures
    .filter((c) => c.kind === 'ortho' && c.capturedOn <= asOf)
    .sort((a, b) => b.capturedOn.localeCompare(a.capturedOn));
  const obliques = captures.filter((c) => c.kind === 'oblique' && c.capturedOn <= asOf);
  const newestOblique = obliques.reduce<string | null>(
    (latest, c) => (latest === null || c.capturedOn > latest ? c.capturedOn : latest),
    null,
  );
  const oblique = obliques
    .filter((c) => c.capturedOn === newestOblique)
    .sort(
      (a, b) => OBLIQUE_DIRECTIONS.indexOf(a.direction ?? 'north') - OBLIQUE_DIRECTIONS.indexOf(b.direction ?? 'north'),
    );

  let comparison: AssessmentResponse['imagery']['comparison'] = null;
  for (const event of [...events].sort((a, b) => b.occurredOn.localeCompare(a.occurredOn))) {
    const before = ortho.find((c) => c.capturedOn < event.occurredOn);
    const after = [...ortho].reverse().find((c) => c.capturedOn >= event.occurredOn);
    if (before && after) {
      comparison = {
        event: { id: event.id, kind: event.kind, date: event.occurredOn, description: event.name },
        before: imageItem(signer, before, property, nowMs),
        after: imageItem(signer, after, property, nowMs),
      };
      break;
    }
  }
  return {
    ortho: ortho.map((c) => imageItem(signer, c, property, nowMs)),
    oblique: oblique.map((c) => imageItem(signer, c, property, nowMs)),
    comparison,
  };
}

function addressOf(property: PropertySummary) {
  const line1 = property.unit
    ? `${property.houseNumber} ${property.street} ${property.unit}`
    : `${property.houseNumber} ${property.street}`;
  return {
    line1,
    unit: property.unit,
    city: property.city,
    state: property.state,
    zip: property.zip,
    formatted: property.address,
  };
}

/**
 * The property view's answer for one location: where it is, its scores for the requested
 * products as of the chosen imagery date, and its imagery. Null when the location cannot be
 * resolved at all. The property's part may be shared with other lookups (see LocationAssessment);
 * assessmentJson (assessment-json.ts) writes the answer.
 */
export async function assessLocation(
  db: Db,
  signer: UrlSigner,
  input: AssessInput,
): Promise<LocationAssessment | null> {
  const match = await locate(db, input);
  if (!match) return null;
  const asked = {
    locationType: input.locationType,
    input: input.location,
    precision: match.precision,
    confidence: match.confidence,
  };
  const assessment = match.propertyId
    ? await assessKnownProperty(db, signer, match.propertyId, match, input)
    : undefined;
  if (assessment) return { asked, assessment };
  const asOf = input.asOf ?? isoDate(new Date());
  return {
    asked,
    assessment: {
      location: {
        propertyId: null,
        address: null,
        point: { lat: match.lat, lng: match.lng },
        h3Index: latLngToCell(match.lat, match.lng, 7),
        parcel: null,
        buildings: [],
      },
      asOf,
      availableDates: [],
      products: Object.fromEntries(
        input.products.map((p) => [
          p,
          unavailableScore(p, asOf, match.outsideCoverage ? OUTSIDE_COVERAGE_AREA : NO_PROPERTY_REASON),
        ]),
      ),
      imagery: { ortho: [], oblique: [], comparison: null },
      sampleData: input.sampleData,
      locationHazards: outsideCoverageNote(locationHazardsAt(match.lat, match.lng), match.outsideCoverage),
    },
  };
}

/** Far from every property (issue 12): the note of a place without a building says first that it is outside coverage. */
function outsideCoverageNote<H extends { note: string }>(hazards: H, outsideCoverage: boolean | undefined): H {
  return outsideCoverage ? { ...hazards, note: `${OUTSIDE_COVERAGE_AREA} ${hazards.note}` } : hazards;
}

/** Where a location is, remembered per text as typed (the geocoder's answer depends on nothing else but the world). */
async function locate(db: Db, input: AssessInput): Promise<GeocodeResult | null> {
  const key = `${input.locationType}|${input.location.trim().replace(/\s+/g, ' ').toLowerCase()}`;
  const cached = input.cache?.places.get(key);
  if (cached !== undefined) return cached;
  const generation = input.cache?.places.generation;
  const match = await geocode(db, input.location, input.locationType);
  if (input.cache && generation !== undefined) input.cache.places.set(key, match, generation);
  return match;
}

/** The property's part of the answer (scores, imagery, outlines); undefined when the property no longer exists. */
async function assessKnownProperty(
  db: Db,
  signer: UrlSigner,
  propertyId: string,
  point: { lat: number; lng: number },
  input: AssessInput,
): Promise<PropertyAssessment | undefined> {
  const now = Date.now();
  // Scores follow the date (today, or the look-back date); image URLs are the same within a signing window.
  const key = `${propertyId}|${input.asOf ?? ''}|${isoDate(new Date(now))}|${input.products.join(',')}|${signer.expiryAt(now)}|${input.sampleData}`;
  const cached = input.cache?.assessments.get(key);
  if (cached) return cached;
  const generation = input.cache?.assessments.generation;
  const reads = await readProperty(db, propertyId, point, input.cache);
  if (!reads) return undefined;

  const { row, buildings: buildingRows, permits: permitRows, captures: captureRows, events } = reads;
  const property = summarizeProperty(row);
  const features = deriveFeatures(row, buildingRows, permitRows, captureRows, input.asOf);
  const captures = describeCaptures(captureRows);
  const hazard = hazardOfProperty(property);
  // Scored as of the day asked (today, or the look-back date), at the instant a portfolio run of
  // that day uses: one property, one model version, one answer in the lookup, the portfolio and
  // its export (the staleness of the imagery counts the same everywhere).
  const asOfDate = scoreInstant(input.asOf ?? isoDate(new Date(now)));
  const products = Object.fromEntries(input.products.map((p) => [p, scoreProduct(p, features, hazard, asOfDate)]));
  const buildings: Building[] = features.buildings.map((b) => ({
    label: b.label,
    rank: b.rank,
    outline: b.outline,
    centroid: b.centroid,
  }));
  const availableDates = [...new Set(captures.filter((c) => c.kind === 'ortho').map((c) => c.capturedOn))]
    .sort()
    .reverse();

  const assessment: PropertyAssessment = {
    location: {
      propertyId: property.id,
      address: addressOf(property),
      point: { lat: property.lat, lng: property.lng },
      h3Index: hazard.h3Index || property.h3Cell,
      parcel: property.parcel?.type === 'Polygon' ? property.parcel : null,
      buildings,
    },
    asOf: features.asOf,
    availableDates,
    products,
    imagery: selectImagery(signer, property, captures, events, features.asOf, now),
    sampleData: input.sampleData,
  };
  if (input.cache && generation !== undefined) input.cache.assessments.set(key, assessment, generation);
  return assessment;
}

/** Every read of a property at once, each once (the features and the imagery share the captures); undefined when it no longer exists. */
async function readProperty(
  db: Db,
  propertyId: string,
  point: { lat: number; lng: number },
  cache: LookupCaches | undefined,
): Promise<PropertyReads | undefined> {
  const cached = cache?.reads.get(propertyId);
  if (cached) return cached;
  const generation = cache?.reads.generation;
  const [row, buildings, permits, captures, events] = await Promise.all([
    findPropertyRow(db, propertyId),
    listBuildings(db, propertyId),
    listPermits(db, propertyId),
    listCapturesOfProperty(db, propertyId, point),
    findPropertyEvents(db, point),
  ]);
  if (!row) return undefined;
  const reads = { row, buildings, permits, captures, events };
  if (cache && generation !== undefined) cache.reads.set(propertyId, reads, generation);
  return reads;
}

export { hazardAt };
