import { describe, expect, it } from 'vitest';
import { assessmentFixture, scoreFixture } from './fixtures';
import {
  displayedProducts,
  productSections,
  factorsByImpact,
  lookBackImagery,
  formatContribution,
  formatFactorValue,
  monthsSince,
  stalenessNote,
  topFactors,
} from './model';

describe('displayedProducts', () => {
  const products = assessmentFixture().products;

  it('puts the products in the fixed order whatever order the answer has', () => {
    const shuffled = Object.fromEntries(Object.entries(products).reverse());
    expect(Object.keys(shuffled)[0]).toBe('roof_age');
    expect(
      displayedProducts(['roof_age', 'zproperty', 'zwind', 'zfire', 'zhail', 'zstorm', 'zwater'], shuffled),
    ).toEqual(['zfire', 'zhail', 'zstorm', 'zwind', 'zwater', 'zproperty', 'roof_age']);
  });

  it('never shows a product the organisation does not enable, even when the answer has it', () => {
    expect(displayedProducts(['zhail', 'zwind', 'ibhs'], products)).toEqual(['zhail', 'zwind']);
  });

  it('shows an enabled product only when the answer scored it', () => {
    const { zfire } = products;
    expect(displayedProducts(['zfire', 'zhail'], { zfire: zfire! })).toEqual(['zfire']);
  });
});

describe('factors', () => {
  const result = scoreFixture('zfire', 5, [
    { key: 'a', name: 'A', value: 1, unit: null, contribution: 0.2 },
    { key: 'b', name: 'B', value: 1, unit: null, contribution: -1.1 },
    { key: 'c', name: 'C', value: 1, unit: null, contribution: 0.7 },
    { key: 'd', name: 'D', value: 1, unit: null, contribution: 0.05 },
  ]);

  it('has contributions that sum exactly to score minus base', () => {
    const sum = result.factors.reduce((total, factor) => total + factor.contribution, 0);
    expect(Math.round(sum * 100) / 100).toBeCloseTo(result.score! - result.baseScore, 10);
  });

  it('takes the top factors by absolute contribution', () => {
    expect(topFactors(result.factors).map((factor) => factor.key)).toEqual(['b', 'c', 'a']);
  });

  it('formats signed contributions and values with units', () => {
    expect(formatContribution(0.4)).toBe('+0.40');
    expect(formatContribution(-1.1)).toBe('−1.10');
    expect(formatContribution(0.001)).toBe('0.00');
    expect(formatFactorValue(62, '%')).toBe('62%');
    expect(formatFactorValue(18, 'deg')).toBe('18°');
    expect(formatFactorValue(140, 'ft')).toBe('140 ft');
    expect(formatFactorValue(1, 'years')).toBe('1 year');
    expect(formatFactorValue(19, 'years')).toBe('19 years');
    expect(formatFactorValue('class_a_asphalt', null)).toBe('Class a asphalt');
    expect(formatFactorValue(true, null)).toBe('Yes');
    expect(formatFactorValue(null, 'ft')).toBe('Unknown');
  });
});

describe('imagery staleness', () => {
  const today = new Date('2026-11-21T12:00:00Z');

  it('counts whole months', () => {
    expect(monthsSince('2026-06-14', today)).toBe(5);
    expect(monthsSince('2025-05-22', today)).toBe(17);
    expect(monthsSince('2025-05-21', today)).toBe(18);
  });

  it('notes imagery older than 18 months only', () => {
    expect(stalenessNote('2025-05-21', today)).toBeNull();
    expect(stalenessNote('2025-04-01', today)).toMatch(/19 months ago/);
    expect(stalenessNote('2022-07-18', today)).toMatch(/4 years ago/);
  });
});

describe('formatting (issue 21 item 5)', () => {
  it('writes a year as a year, never with a thousands separator', () => {
    expect(formatFactorValue(2025, null, 'year_built')).toBe('2025');
    expect(formatFactorValue(1998, null, 'roof_install_year')).toBe('1998');
    expect(formatFactorValue(2025, 'sqft', 'living_area')).toBe('2,025 sqft');
  });

  it("never lists the models' 'Scale limit' adjustment as a factor of the property", () => {
    const result = scoreFixture('zfire', 10, [
      { key: 'a', name: 'A', value: 1, unit: null, contribution: 4 },
      { key: 'scale_limit', name: 'Scale limit', value: 12.3, unit: 'points', contribution: -2.3 },
    ]);
    expect(topFactors(result.factors).map((f) => f.key)).toEqual(['a']);
    expect(factorsByImpact(result.factors).map((f) => f.key)).toEqual(['a']);
  });
});

describe('look-back imagery (issue 21 item 7)', () => {
  it('shows the capture of the chosen date on the map, and then against now as before/after', () => {
    const today = assessmentFixture();
    const then = assessmentFixture({ asOf: '2024-06-02' });
    then.imagery.ortho = [{ ...then.imagery.ortho[0]!, imageUrl: '/then.png', date: '2024-06-02' }];
    const shown = lookBackImagery(today, then);
    expect(shown.ortho[0]!.imageUrl).toBe('/then.png');
    expect(shown.comparison?.before.imageUrl).toBe('/then.png');
    expect(shown.comparison?.after.imageUrl).toBe(today.imagery.ortho[0]!.imageUrl);
    expect(lookBackImagery(today, undefined)).toBe(today.imagery);
  });
});

describe('productSections (SPEC §9: the hail, wind and storm products form a group)', () => {
  it('shows the weather group together, where its first product stands, between the others', () => {
    expect(productSections(['zfire', 'zhail', 'zstorm', 'zwind', 'zwater', 'zproperty', 'roof_age'])).toEqual([
      { group: null, products: ['zfire'] },
      { group: 'weather', products: ['zhail', 'zstorm', 'zwind'] },
      { group: null, products: ['zwater', 'zproperty', 'roof_age'] },
    ]);
    expect(productSections(['zhail', 'zwind'])).toEqual([{ group: 'weather', products: ['zhail', 'zwind'] }]);
  });

  it('does not make a group of one weather product', () => {
    expect(productSections(['zfire', 'zwind', 'zproperty'])).toEqual([
      { group: null, products: ['zfire', 'zwind', 'zproperty'] },
    ]);
    expect(productSections([])).toEqual([]);
  });
});

describe('SPEC rules pinned after the web mutation run', () => {
  it("shows 'zfire|prefill' (fire with prefilled attributes) where zfire is enabled, and not without it", () => {
    const products = { 'zfire|prefill': scoreFixture('zfire|prefill', 5, []) };
    expect(displayedProducts(['zfire'], products)).toEqual(['zfire|prefill']);
    expect(displayedProducts(['zhail'], products)).toEqual([]);
  });
});
