import { PRODUCT_KEYS, type ProductKey, type WhatIfResponse } from '@zview/contracts';
import { listScoreVersions, type ScoreVersionRow } from '../../db/appeals.js';
import type { Db } from '../../db/database.js';
import { findPropertyRow } from '../../db/properties.js';
import { notFound } from '../app-error.js';
import { propertyInputsAt } from '../appeals/amendments.js';
import { applyManualInputs, inputsFor } from '../appeals/features.js';
import type { HazardProfile, PropertyFeatures } from '../property/features.js';
import {
  hazardOfProperty,
  isoDate,
  loadFeaturesOfRow,
  summarizeProperty,
  type PropertySummary,
} from '../property/load.js';
import { scoreInstant } from '../risk/model.js';
import { whatIf } from '../risk/what-if.js';

export interface OrganizationView {
  propertyId: string;
  address: string;
  state: string;
  /** The property's features with the organisation's published appeals and mitigations applied. */
  features: PropertyFeatures;
  hazard: HazardProfile;
  /** The instant the scores are computed at: today's, as the property lookup scores (roof age, imagery staleness). */
  asOf: Date;
  /** When the organisation last published an appeal or mitigation version of each product. */
  amendedAt: Partial<Record<ProductKey, Date>>;
  property: PropertySummary;
  /** The organisation's published score versions of the property, per product oldest first. */
  versions: ScoreVersionRow[];
}

/**
 * A property as an organisation sees it: the world's features with every manual input and
 * mitigation the organisation published for the property (any product: features are per
 * property), scored as of today as the property lookup is: the what-if, the score notice and the
 * property report give the score and confidence the property view shows beside them.
 */
export async function organizationView(db: Db, organizationId: number, propertyId: string): Promise<OrganizationView> {
  const row = await findPropertyRow(db, propertyId);
  if (!row) throw notFound(`No property ${propertyId}.`);
  const summary = summarizeProperty(row);
  const [features, versions] = await Promise.all([
    loadFeaturesOfRow(db, row),
    listScoreVersions(db, organizationId, propertyId),
  ]);
  const published = propertyInputsAt(versions, Date.now());
  const amendedAt: Partial<Record<ProductKey, Date>> = {};
  for (const v of versions) {
    const product = v.product as ProductKey;
    if (!amendedAt[product] || amendedAt[product] < v.published_at) amendedAt[product] = v.published_at;
  }
  return {
    propertyId,
    address: `${row.address_line}, ${row.city}, ${row.state} ${row.zip}`,
    state: row.state,
    features: applyPublished(features, published),
    hazard: hazardOfProperty(summary),
    asOf: scoreInstant(isoDate(new Date())),
    amendedAt,
    property: summary,
    versions,
  };
}

/** Every published input applied that some product's model reads (each validated for a model that reads it). */
function applyPublished(features: PropertyFeatures, published: Record<string, string | number | boolean>) {
  let changed = features;
  const remaining = new Map(Object.entries(published));
  for (const product of PRODUCT_KEYS) {
    const own = inputsFor(product, Object.fromEntries(remaining));
    if (!Object.keys(own).length) continue;
    changed = applyManualInputs(product, changed, own);
    for (const key of Object.keys(own)) remaining.delete(key);
  }
  return changed;
}

/** "What would lower this score" for each product asked, on the organisation's view of the property. */
export async function propertyWhatIf(
  db: Db,
  organizationId: number,
  propertyId: string,
  products: readonly ProductKey[],
): Promise<WhatIfResponse> {
  const view = await organizationView(db, organizationId, propertyId);
  return {
    propertyId,
    asOf: view.features.asOf,
    products: products.map((product) => whatIf(product, view.features, view.hazard, view.asOf)),
  };
}
