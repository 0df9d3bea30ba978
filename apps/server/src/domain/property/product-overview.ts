import type { ProductKey, ProductOverview, RiskLevel } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { coverageByState, imageryDateRange, recentLookupsOfProduct } from '../../db/product-overview.js';

export const PRODUCT_OVERVIEW_RECENT_LOOKUPS = 10;

/**
 * A product page with no property selected: the dates of the data the product reads, where it
 * covers, and the organisation's latest lookups it scored (one row per property, newest first).
 */
export async function productOverview(db: Db, organizationId: number, product: ProductKey): Promise<ProductOverview> {
  const [dates, states, lookups] = await Promise.all([
    imageryDateRange(db),
    coverageByState(db),
    recentLookupsOfProduct(db, organizationId, product, PRODUCT_OVERVIEW_RECENT_LOOKUPS),
  ]);
  return {
    product,
    dataDates: {
      imageryFrom: dates.from,
      imageryTo: dates.to,
      captures: dates.captures,
      latestEventOn: dates.latestEventOn,
    },
    coverage: { properties: states.reduce((sum, s) => sum + s.properties, 0), states },
    recentLookups: lookups.map((l) => {
      const score = l.scores.find((s) => s.product === product);
      return {
        at: l.created_at.toISOString(),
        address: l.address ?? l.location,
        propertyId: l.property_id,
        location: l.location,
        locationType: l.location_type,
        score: score?.score ?? null,
        riskLevel: (score?.riskLevel ?? 'none') as RiskLevel,
      };
    }),
  };
}
