import type { PortfolioProduct } from '@zview/contracts';

/**
 * The world's features (as a capture, a permit or a correction names what it moved) that each
 * product's model reads, so that a change lists only what could have moved that product's score: a
 * capture that replaced a roof and grew trees moved Z-HAIL by the roof, never by the trees
 * (features-read.test.ts checks each list against the models: a feature left out never moves the
 * score). `built_year` is read through the roof's age (the original roof's install year).
 */
export const FEATURES_READ: Record<PortfolioProduct, readonly string[]> = {
  zfire: ['roof_material', 'vegetation_cover', 'vegetation_within_5ft', 'defensible_space'],
  zhail: ['roof_material', 'roof_install_year', 'roof_condition', 'has_solar', 'built_year'],
  zstorm: ['roof_install_year', 'roof_condition', 'vegetation_within_5ft', 'built_year'],
  zwind: ['roof_material', 'roof_shape', 'roof_install_year', 'height_ft', 'built_year'],
  // Z-PROPERTY shows every detected attribute but scores the roof's condition and age and the overhang.
  zproperty: ['roof_install_year', 'roof_condition', 'vegetation_within_5ft', 'built_year'],
};

/** The features of a change that the product's model reads (all of them for a product not listed). */
export function featuresReadBy<T extends { name: string }>(product: string, features: readonly T[]): T[] {
  const read = FEATURES_READ[product as PortfolioProduct] as readonly string[] | undefined;
  return read ? features.filter((f) => read.includes(f.name)) : [...features];
}
