import {
  PRODUCT_DISPLAY_NAMES,
  WEATHER_GROUP,
  availableStandardProducts,
  isProductKey,
  parseLatLngText,
  sortProducts,
  type AssessmentResponse,
  type Factor,
  type ProductKey,
  type ScoreResult,
} from '@zview/contracts';

/**
 * Pure rules of the property view: which products show and in what order, which factors are
 * "top", how values read, when imagery is stale. Components stay thin; these are unit-tested.
 */

/** Imagery older than this many months gets a staleness note. */
export const STALE_IMAGERY_MONTHS = 18;
/** Factors a score card lists (by absolute contribution). */
export const TOP_FACTOR_COUNT = 3;

/**
 * The products to show: those the organisation enables AND the answer scored, in the fixed
 * product order (sortProducts). A product the organisation lacks never appears, even if present
 * in the answer.
 */
export function displayedProducts(
  enabledFeatures: readonly string[],
  products: Record<string, ScoreResult>,
): ProductKey[] {
  const enabled = availableStandardProducts(enabledFeatures);
  const keys = Object.keys(products).filter(
    (key): key is ProductKey => isProductKey(key) && enabled.includes(key === 'zfire|prefill' ? 'zfire' : key),
  );
  return sortProducts(keys);
}

/** A run of score cards: the weather group (SPEC §9: 'The hail, wind and storm products form a group.') or other products. */
export interface ProductSection {
  group: 'weather' | null;
  products: ProductKey[];
}
export const isWeatherProduct = (product: string): boolean => (WEATHER_GROUP as readonly string[]).includes(product);

/**
 * The products shown (in order) cut into sections: the hail, wind and storm products shown
 * together as one group where the first of them stands, when at least two of them are shown;
 * the others in sections around it, in their order.
 */
export function productSections(shown: readonly ProductKey[]): ProductSection[] {
  const weather = shown.filter(isWeatherProduct);
  const grouped = weather.length >= 2;
  const sections: ProductSection[] = [];
  for (const product of shown) {
    if (grouped && isWeatherProduct(product)) {
      if (product === weather[0]) sections.push({ group: 'weather', products: weather });
      continue;
    }
    const last = sections[sections.length - 1];
    if (last && last.group === null) last.products.push(product);
    else sections.push({ group: null, products: [product] });
  }
  return sections;
}

/** Products to request: the enabled standard products, in order. */
export function requestedProducts(enabledFeatures: readonly string[]): string[] {
  return availableStandardProducts(enabledFeatures);
}

export function productName(product: string): string {
  return isProductKey(product) ? PRODUCT_DISPLAY_NAMES[product] : product.toUpperCase();
}

/**
 * The models' own 'Scale limit' entry (what the 1–10 bounds cut off the sum of the factors) is
 * not a property's factor: lists and charts leave it out and say the score is bounded instead.
 */
export const SCALE_LIMIT_KEY = 'scale_limit';
export const scaleLimitOf = (factors: readonly Factor[]) => factors.find((factor) => factor.key === SCALE_LIMIT_KEY);

/** The factors that moved the score most, largest absolute contribution first (stable for ties). */
export function topFactors(factors: readonly Factor[], count = TOP_FACTOR_COUNT): Factor[] {
  return factors
    .filter((factor) => factor.key !== SCALE_LIMIT_KEY)
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution))
    .slice(0, count);
}

/** Every factor, largest absolute contribution first. */
export function factorsByImpact(factors: readonly Factor[]): Factor[] {
  return topFactors(factors, factors.length);
}

export function formatScore(score: number | null): string {
  return score === null ? '—' : score.toFixed(1);
}

/** '+0.42' / '−0.31' / '0.00' (a real minus sign). */
export function formatContribution(contribution: number): string {
  const rounded = Math.round(contribution * 100) / 100;
  if (rounded === 0) return '0.00';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(2)}`;
}

/** How factor values and machine keys read (shared with the server's PDFs): see @zview/contracts format.ts. */
export { capitalize, formatFactorValue, humanize } from '@zview/contracts';

export { RISK_LEVEL_COLORS, RISK_LEVEL_LABELS } from '../../ui/riskLevels';

/** Whole months from `date` (YYYY-MM-DD) to `today`. */
export function monthsSince(date: string, today: Date = new Date()): number {
  const then = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(then.getTime())) return 0;
  let months = (today.getUTCFullYear() - then.getUTCFullYear()) * 12 + (today.getUTCMonth() - then.getUTCMonth());
  if (today.getUTCDate() < then.getUTCDate()) months -= 1;
  return Math.max(0, months);
}

/** A note when the imagery a score rests on is older than 18 months; null when it is recent. */
export function stalenessNote(date: string, today: Date = new Date()): string | null {
  const months = monthsSince(date, today);
  if (months <= STALE_IMAGERY_MONTHS) return null;
  const years = Math.floor(months / 12);
  const age = years >= 2 ? `${years} years` : `${months} months`;
  return `This score rests on imagery captured ${age} ago. Conditions at the property may have changed since.`;
}

/** Geocoder precision as a person reads it. */
export const PRECISION_LABELS: Record<string, string> = {
  rooftop: 'Rooftop',
  parcel: 'Parcel',
  street: 'Street',
  zip: 'ZIP code',
  city: 'City',
  point: 'Exact point',
};

export function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/**
 * Where the location pin stands: at the coordinates asked for when the lookup was by coordinates
 * (a confirmed pin stays where it was put, and the URL, the header and the pin agree), otherwise
 * at the property's point.
 */
export function pinLocation(location: Pick<AssessmentResponse['location'], 'locationType' | 'input' | 'point'>): {
  lat: number;
  lng: number;
} {
  if (location.locationType === 'coordinates') {
    const asked = parseLatLngText(location.input);
    if (asked) return asked;
  }
  return location.point;
}

/**
 * The imagery the panel shows during a historical look-back: the map and obliques as captured
 * then, and a before/after of then against now (the latest capture). Without a look-back answer
 * the lookup's own imagery.
 */
export function lookBackImagery(
  today: AssessmentResponse,
  then: AssessmentResponse | undefined,
): AssessmentResponse['imagery'] {
  if (!then) return today.imagery;
  const before = then.imagery.ortho[0];
  const after = today.imagery.ortho[0];
  return {
    ortho: then.imagery.ortho,
    oblique: then.imagery.oblique.length ? then.imagery.oblique : today.imagery.oblique,
    comparison:
      before && after && before.imageUrl !== after.imageUrl
        ? {
            event: {
              id: `look-back-${then.asOf}`,
              kind: 'look-back',
              date: then.asOf,
              description: 'the imagery then, and now',
            },
            before,
            after,
          }
        : today.imagery.comparison,
  };
}
