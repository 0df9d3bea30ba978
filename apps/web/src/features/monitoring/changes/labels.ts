import { PRODUCT_DISPLAY_NAMES, type ProductKey } from '@zview/contracts';

/** How the changes view writes levels, numbers and products. */
export const LEVEL: Record<string, string> = { low: 'Low', medium: 'Medium', high: 'High', none: 'None' };
export const fmt = (n: number | null) => (n === null ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: 1 }));

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
