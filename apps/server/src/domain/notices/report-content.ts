import {
  PRODUCT_DISPLAY_NAMES,
  STANDARD_PRODUCTS,
  formatFactorValue,
  formatLongDate,
  humanize,
  type ScoreResult,
  type StandardProduct,
} from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import { can } from '../../auth/policy.js';
import type { Db } from '../../db/database.js';
import { organizationView } from '../mitigation/what-if-service.js';
import { findPropertyCaptures, findPropertyEvents, findPropertyPermits } from '../property/load.js';
import { scoreProduct } from '../risk/index.js';
import { mainFactors } from './content.js';
import { captureKind, confidence, withLongDates } from './wording.js';

/**
 * What a property report holds (issue 42): the property view on paper: every enabled product's
 * score with its factors and confidence, the imagery (dates and providers) and the newest
 * orthophoto with the parcel and building outlines, permits, and history (published appeal and
 * mitigation versions, weather events). The ortho image is fetched by the caller's renderer.
 * Dates, values and keys are worded here as the screens write them (wording.ts); the renderer
 * only lays them out.
 */
export interface ReportContent {
  organizationName: string;
  /** 'November 29, 2026'. */
  issuedOn: string;
  propertyId: string;
  address: string;
  center: [number, number];
  /** The day of the features ('June 28, 2026'). */
  asOf: string;
  scores: {
    product: StandardProduct;
    name: string;
    score: number | null;
    riskLevel: ScoreResult['riskLevel'];
    confidence: string;
    modelVersion: string;
    unavailableReason: string | null;
    amendedOn: string | null;
    factors: ReturnType<typeof mainFactors>;
  }[];
  map: {
    /** The newest orthophoto over the property (null when none). */
    captureId: string | null;
    capturedOn: string | null;
    provider: string | null;
    parcel: GeoJSON.Polygon | GeoJSON.MultiPolygon | null;
    buildings: { label: string; outline: GeoJSON.Polygon }[];
  };
  imagery: { capturedOn: string; kind: string; direction: string | null; provider: string }[];
  permits: {
    issuedOn: string;
    kind: string;
    description: string;
    valuationUsd: number | null;
    contractor: string | null;
  }[];
  history: { date: string; what: string }[];
}

/** How many imagery captures and history lines the report lists (newest first). */
export const REPORT_LIST_MAX = 25;

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function reportContent(
  db: Db,
  actor: Actor,
  propertyId: string,
  now = new Date(),
): Promise<ReportContent> {
  const view = await organizationView(db, actor.organization.id, propertyId);
  const property = view.property;
  const [captures, permits, events] = await Promise.all([
    findPropertyCaptures(db, property),
    findPropertyPermits(db, propertyId),
    findPropertyEvents(db, property),
  ]);
  const products = STANDARD_PRODUCTS.filter((p) => can(actor, 'product:use', { product: p }));
  const scores = products.map((product) => {
    const result = scoreProduct(product, view.features, view.hazard, view.asOf);
    const amended = view.amendedAt[product];
    return {
      product,
      name: PRODUCT_DISPLAY_NAMES[product],
      score: result.score,
      riskLevel: result.riskLevel,
      confidence: confidence(result.confidence),
      modelVersion: result.modelVersion,
      unavailableReason: result.unavailableReason,
      amendedOn: amended ? formatLongDate(amended) : null,
      factors: mainFactors(result.factors),
    };
  });
  const orthos = captures.filter((c) => c.kind === 'ortho' && c.capturedOn <= view.features.asOf);
  const newest = orthos.at(-1) ?? null;
  // The versions of the products the report scores: an appeal of Z-FIRE also publishes a version
  // of zfire|prefill (fire scored with prefilled attributes, named Z-FIRE too), which the report
  // does not show; listed, it read as the same line twice.
  const shown = new Set<string>(products);
  const history = [
    ...view.versions
      .filter((v) => shown.has(v.product))
      .map((v) => ({
        date: day(v.published_at),
        what: `${PRODUCT_DISPLAY_NAMES[v.product as StandardProduct] ?? v.product} version ${v.version} published by appeal #${v.appeal_id}: score ${v.score === null ? 'none' : v.score.toFixed(1)} (${v.risk_level})`,
      })),
    ...events.map((e) => ({
      date: e.occurredOn,
      what: `${humanize(e.kind)} event: ${withLongDates(e.name)} (${formatFactorValue(e.magnitude, e.magnitudeUnit)})`,
    })),
  ]
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, REPORT_LIST_MAX)
    .map((h) => ({ ...h, date: formatLongDate(h.date) }));
  return {
    organizationName: actor.organization.name,
    issuedOn: formatLongDate(now),
    propertyId,
    address: view.address,
    center: [property.lng, property.lat],
    asOf: formatLongDate(view.features.asOf),
    scores,
    map: {
      captureId: newest?.id ?? null,
      capturedOn: newest ? formatLongDate(newest.capturedOn) : null,
      provider: newest?.provider ?? null,
      parcel: property.parcel,
      buildings: view.features.buildings.map((b) => ({ label: b.label, outline: b.outline })),
    },
    imagery: captures
      .slice()
      .reverse()
      .slice(0, REPORT_LIST_MAX)
      .map((c) => ({
        capturedOn: formatLongDate(c.capturedOn),
        kind: captureKind(c.kind),
        direction: c.direction,
        provider: c.provider,
      })),
    permits: permits
      .slice()
      .reverse()
      .map((p) => ({
        issuedOn: formatLongDate(p.issuedOn),
        kind: humanize(p.kind),
        description: p.description,
        valuationUsd: p.valuationUsd,
        contractor: p.contractor,
      })),
    history,
  };
}
