import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render';
import { fakeApi } from '../../../../test/fake-api';

afterEach(() => vi.unstubAllGlobals());

const SPECIFICATIONS = {
  specifications: [
    {
      product: 'zhail',
      modelVersion: 'zhail-1.4.0',
      description: 'Hail damage risk to the roof.',
      scoreRange: { min: 1, max: 10, decimals: 1 },
      baseScore: 3,
      riskLevels: { medium: 4, high: 7 },
      factors: [
        {
          key: 'hail_frequency',
          name: 'Hail frequency',
          unit: '%/yr',
          range: { min: 0, max: 30 },
          contributionRange: { min: -1.5, max: 3 },
          description: 'Annual chance of damaging hail.',
        },
      ],
    },
  ],
};

const OVERVIEW = {
  product: 'zhail',
  dataDates: { imageryFrom: '2019-03-02', imageryTo: '2026-06-28', captures: 12345, latestEventOn: '2026-05-01' },
  coverage: {
    properties: 20000,
    states: [
      { state: 'CO', properties: 1200, cities: 3 },
      { state: 'KS', properties: 18800, cities: 9 },
    ],
  },
  recentLookups: [
    {
      at: '2026-11-23T10:00:00.000Z',
      address: '1427 Wheatland Ave, Wichita, KS 67203',
      propertyId: 'p-1',
      location: '1427 Wheatland Ave, Wichita, KS 67203',
      locationType: 'address',
      score: 6.2,
      riskLevel: 'medium',
    },
  ],
};

describe('a product page with no property selected (#21.11)', () => {
  it("shows the data dates, the coverage and the organisation's recent lookups of the product, each opening the property", async () => {
    const api = fakeApi({
      '/api/caribou/specifications': () => SPECIFICATIONS,
      '/api/caribou/products/zhail/overview': () => OVERVIEW,
    });
    renderApp({ path: '/zhail', devSession: 'admin' });
    const overview = await screen.findByTestId('product-overview', {}, { timeout: 8000 });
    expect(await within(overview).findByTestId('product-data-dates', {}, { timeout: 8000 })).toHaveTextContent(
      'Imagery captured from March 2, 2019 to June 28, 2026 (12,345 captures)',
    );
    expect(within(overview).getByTestId('product-coverage')).toHaveTextContent('20,000 properties in 2 states');
    expect(within(overview).getByTestId('product-coverage')).toHaveTextContent('KS (18,800)');
    const lookups = within(overview).getAllByTestId('product-recent-lookup');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toHaveTextContent('1427 Wheatland Ave, Wichita, KS 67203');
    expect(lookups[0]).toHaveTextContent('6.2');
    expect(lookups[0]).toHaveTextContent('November 23, 2026');
    expect(within(lookups[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `/scores/zhail?${new URLSearchParams({ location: '1427 Wheatland Ave, Wichita, KS 67203', location_type: 'address' })}`,
    );
    expect(api.callsTo('/api/caribou/products/zhail/overview')).toHaveLength(1);
  });
});
