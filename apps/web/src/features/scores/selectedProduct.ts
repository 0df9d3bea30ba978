import {
  STORAGE_KEYS,
  SUMMARY,
  isSelectedProductValid,
  type SelectedProductValue,
  type UserSelectedProduct,
} from '@zview/contracts';
import { useCallback, useState } from 'react';
import { requestedProducts } from './model';

/**
 * The user-selected product (SPEC §3, §4): `{ value }` in local storage under userSelectedProduct,
 * a product key or 'summary'. A stored value the organisation does not enable is cleared (the
 * session clears it on organisation change; this also covers a value stored by another session).
 */
export function readSelectedProduct(enabledFeatures: readonly string[]): SelectedProductValue | null {
  const raw = localStorage.getItem(STORAGE_KEYS.userSelectedProduct);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = (JSON.parse(raw) as Partial<UserSelectedProduct>).value;
  } catch {
    value = undefined;
  }
  if (typeof value === 'string' && isSelectedProductValid(value, enabledFeatures)) return value as SelectedProductValue;
  localStorage.removeItem(STORAGE_KEYS.userSelectedProduct);
  return null;
}

export function writeSelectedProduct(value: SelectedProductValue): void {
  const stored: UserSelectedProduct = { value };
  localStorage.setItem(STORAGE_KEYS.userSelectedProduct, JSON.stringify(stored));
}

/** The view to show when none is chosen: 'summary' with several products, else the only product. */
export function defaultSelection(enabledFeatures: readonly string[]): SelectedProductValue | null {
  const products = requestedProducts(enabledFeatures);
  if (products.length > 1) return SUMMARY;
  return (products[0] as SelectedProductValue | undefined) ?? null;
}

/** The remembered selection, valid for the organisation, with a setter that remembers. */
export function useSelectedProduct(enabledFeatures: readonly string[]) {
  const [stored, setStored] = useState(() => readSelectedProduct(enabledFeatures));
  const valid =
    stored !== null && isSelectedProductValid(stored, enabledFeatures) ? stored : readSelectedProduct(enabledFeatures);
  const select = useCallback((value: SelectedProductValue) => {
    writeSelectedProduct(value);
    setStored(value);
  }, []);
  return [valid ?? defaultSelection(enabledFeatures), select] as const;
}
