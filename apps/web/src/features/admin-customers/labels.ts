import { PRODUCT_DISPLAY_NAMES, isProductKey } from '@zview/contracts';

/** How a product or feature key reads on the staff screens. */
const FEATURE_LABELS: Record<string, string> = {
  'zfire-portfolio': 'Z-FIRE Portfolio',
  'zproperty-portfolio': 'Z-PROPERTY Portfolio',
  'zhail-portfolio': 'Z-HAIL Portfolio',
  'zstorm-portfolio': 'Z-STORM Portfolio',
  'zwind-portfolio': 'Z-WIND Portfolio',
  appeals: 'Appeals',
  ibhs: 'IBHS (insurance institute)',
  self_serve_billing: 'Self-serve billing',
  'zproperty-historical_look_back': 'Historical look-back',
  building_permits: 'Building permits',
  'oblique-imagery': 'Oblique imagery',
  zorro: 'Discovery (zorro)',
};

export function featureLabel(key: string): string {
  return isProductKey(key) ? PRODUCT_DISPLAY_NAMES[key] : (FEATURE_LABELS[key] ?? key);
}

/** Audit actions in words. */
const ACTION_LABELS: Record<string, string> = {
  'customer.created': 'Customer created',
  'customer.updated': 'Details updated',
  'customer.product_added': 'Product added',
  'customer.product_updated': 'Product updated',
  'customer.user_access_added': 'User access added',
  'customer.user_invited': 'User invited',
  'customer.user_access_revoked': 'User access revoked',
};
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;
