import { STORAGE_KEYS } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { defaultSelection, readSelectedProduct, writeSelectedProduct } from './selectedProduct';

const stored = () => localStorage.getItem(STORAGE_KEYS.userSelectedProduct);

describe('the user-selected product', () => {
  it('is remembered as { value } in local storage', () => {
    writeSelectedProduct('zhail');
    expect(JSON.parse(stored()!)).toEqual({ value: 'zhail' });
    expect(readSelectedProduct(['zhail', 'zwind'])).toBe('zhail');
  });

  it('is cleared when the organisation does not enable it', () => {
    writeSelectedProduct('zfire');
    expect(readSelectedProduct(['zhail', 'zwind'])).toBeNull();
    expect(stored()).toBeNull();
  });

  it("accepts 'summary' only with more than one product", () => {
    writeSelectedProduct('summary');
    expect(readSelectedProduct(['zhail', 'zwind'])).toBe('summary');
    expect(readSelectedProduct(['zfire'])).toBeNull();
    expect(stored()).toBeNull();
  });

  it('clears unreadable values', () => {
    localStorage.setItem(STORAGE_KEYS.userSelectedProduct, 'zfire');
    expect(readSelectedProduct(['zfire'])).toBeNull();
    expect(stored()).toBeNull();
  });

  it("defaults to 'summary', or the only product", () => {
    expect(defaultSelection(['zhail', 'zwind'])).toBe('summary');
    expect(defaultSelection(['zfire', 'zfire-portfolio'])).toBe('zfire');
    expect(defaultSelection(['zorro'])).toBeNull();
  });
});
