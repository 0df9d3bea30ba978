import { STORAGE_KEYS } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyOrganizationChoice,
  enabledFeaturesOf,
  hasNoEnabledProducts,
  pickActiveOrganization,
  readStoredOrganizationId,
  shouldClearSelectedProduct,
} from './organization';

const acme = { id: 7, name: 'Acme Mutual', products: ['zfire', 'zhail', 'appeals'] };
const beta = { id: 9, name: 'Beta Insurance', products: ['zwind'] };

const selected = (value: string) => JSON.stringify({ value });

describe('organisation rules (SPEC §4)', () => {
  it('defaults to the first organisation, or the chosen one when the user has it', () => {
    expect(pickActiveOrganization([acme, beta])).toBe(acme);
    expect(pickActiveOrganization([acme, beta], 9)).toBe(beta);
    expect(pickActiveOrganization([acme, beta], 404)).toBe(acme);
    expect(pickActiveOrganization([])).toBeNull();
  });

  it('takes enabled features from the organisation products', () => {
    expect(enabledFeaturesOf(acme)).toEqual(['zfire', 'zhail', 'appeals']);
    expect(enabledFeaturesOf(null)).toEqual([]);
  });

  it('clears a stored selected product that is not enabled; summary needs more than one product', () => {
    expect(shouldClearSelectedProduct(selected('zfire'), acme.products)).toBe(false);
    expect(shouldClearSelectedProduct(selected('zfire|prefill'), acme.products)).toBe(false);
    expect(shouldClearSelectedProduct(selected('zwind'), acme.products)).toBe(true);
    expect(shouldClearSelectedProduct(selected('summary'), acme.products)).toBe(false);
    expect(shouldClearSelectedProduct(selected('summary'), beta.products)).toBe(true);
    expect(shouldClearSelectedProduct('not json', acme.products)).toBe(true);
    expect(shouldClearSelectedProduct(null, acme.products)).toBe(false);
  });

  it('stores the chosen organisation and drops an invalid selected product on change', () => {
    localStorage.setItem(STORAGE_KEYS.userSelectedProduct, selected('zfire'));
    applyOrganizationChoice(beta);
    expect(localStorage.getItem(STORAGE_KEYS.selectedOrganizationId)).toBe('9');
    expect(localStorage.getItem(STORAGE_KEYS.userSelectedProduct)).toBeNull();
    expect(readStoredOrganizationId()).toBe(9);

    localStorage.setItem(STORAGE_KEYS.userSelectedProduct, selected('zhail'));
    applyOrganizationChoice(acme);
    expect(localStorage.getItem(STORAGE_KEYS.userSelectedProduct)).toBe(selected('zhail'));
  });

  it('ignores a stored organisation id that is not an integer', () => {
    localStorage.setItem(STORAGE_KEYS.selectedOrganizationId, 'abc');
    expect(readStoredOrganizationId()).toBeUndefined();
  });

  it('knows when no product at all is enabled', () => {
    expect(hasNoEnabledProducts(['appeals', 'ibhs'])).toBe(true);
    expect(hasNoEnabledProducts([])).toBe(true);
    expect(hasNoEnabledProducts(['zorro'])).toBe(false);
    expect(hasNoEnabledProducts(['zfire-portfolio'])).toBe(false);
  });
});
