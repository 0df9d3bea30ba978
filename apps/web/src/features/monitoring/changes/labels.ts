import { PRODUCT_DISPLAY_NAMES, type ProductKey } from '@zview/contracts';

/** How the changes view writes levels, numbers and products. */
export const LEVEL: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High', none: 'None' };
/** A score as the score cards write it, one decimal (3 → "3.0"); '–' when there is none. */
export const fmt = (n: number | null) => (n === null ? '–' : n.toFixed(1));
/** A score's change with its sign and a real minus sign: "+1.0", "−0.6". */
export const fmtDelta = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toFixed(1)}`;

/** Products as the rest of the app names them (Z-FIRE), not by their keys. */
export const productLabel = (product: string) => PRODUCT_DISPLAY_NAMES[product as ProductKey] ?? product;

/** A feature key as words: roof_install_year → "Roof install year". */
const featureName = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replaceAll('_', ' ');

/** What a change's cause moved on the property: "Roof material asphalt_shingle → wood_shake", or a name a capture saw change. */
export const featureText = (features: { name: string; from: unknown; to: unknown }[]) =>
  features
    .map((f) => {
      const name = featureName(f.name);
      // Values as words too: asphalt_shingle → "asphalt shingle".
      const value = (v: unknown) => String(v ?? '–').replaceAll('_', ' ');
      return f.from === null && f.to === null ? name : `${name} ${value(f.from)} → ${value(f.to)}`;
    })
    .join('; ');

const signed = (n: number) =>
  `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/**
 * The factors that moved a score, largest first, each by its signed change in contribution:
 * "Roof age +0.42 (0.1 → 0.52)"; a factor only one side has shows "–" for the other.
 */
export const factorText = (factors: { name: string; from: number | null; to: number | null }[]) =>
  factors
    .map((f) => {
      const side = (v: number | null) =>
        v === null ? '–' : v.toLocaleString('en-US', { maximumFractionDigits: 2 }).replace('-', '−');
      return `${f.name} ${signed((f.to ?? 0) - (f.from ?? 0))} (${side(f.from)} → ${side(f.to)})`;
    })
    .join('; ');
