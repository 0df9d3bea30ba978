import { whatIfResponseSchema } from '@zview/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { ASSESSMENT_PATH } from './api/assessment';
import { FIXTURE_ADDRESS, assessmentFixture } from './fixtures';

// The result's module loads lazily; under a loaded machine this takes seconds.
const SLOW = { timeout: 20_000 };
const WHAT_IF_PATH = '/api/caribou/properties/p-080302-1208/what_if';

const answer = whatIfResponseSchema.parse({
  propertyId: 'p-080302-1208',
  asOf: '2026-05-01',
  products: [
    {
      product: 'zfire',
      modelVersion: 'zfire-2.4.0',
      score: 7.3,
      riskLevel: 'high',
      options: [
        {
          key: 'ember_resistant_zone',
          name: '5-foot ember-resistant zone',
          change: 'Vegetation within 5 ft: 60% → 0%',
          ca2644_9: true,
          score: 6.4,
          riskLevel: 'medium',
          credit: -0.9,
          factors: [{ key: 'vegetation_within_5ft', name: 'Vegetation within 5 ft', before: 0.9, after: 0 }],
        },
        {
          key: 'ember_resistant_vents',
          name: 'Ember-resistant vents (1/8 inch mesh)',
          change: 'Ember-resistant vents (1/8 inch mesh): not on record → in place',
          ca2644_9: true,
          score: 6.9,
          riskLevel: 'medium',
          credit: -0.4,
          factors: [{ key: 'wildfire_mitigation', name: 'Wildfire mitigation', before: 0, after: -0.4 }],
        },
      ],
      combined: {
        keys: ['ember_resistant_zone', 'ember_resistant_vents'],
        score: 6.0,
        riskLevel: 'medium',
        credit: -1.3,
      },
    },
  ],
});

afterEach(() => vi.unstubAllGlobals());

describe('What would lower this score', () => {
  it(
    'shows each mitigation with its credit, score and level, and all together, on the product page',
    { timeout: 30_000 },
    async () => {
      const api = fakeApi({
        [ASSESSMENT_PATH]: () => assessmentFixture(),
        [WHAT_IF_PATH]: () => answer,
      });
      const query = new URLSearchParams({ location: FIXTURE_ADDRESS, location_type: 'address' });
      renderApp({ path: `/scores/zfire?${query}`, devSession: 'admin' });
      const panel = await screen.findByRole('region', { name: 'What would lower this score' }, SLOW);
      const zone = await within(panel).findByTestId('what-if-ember_resistant_zone');
      expect(zone).toHaveTextContent('5-foot ember-resistant zone');
      expect(zone).toHaveTextContent('CA 2644.9');
      expect(zone).toHaveTextContent('−0.9');
      expect(zone).toHaveTextContent('6.4');
      expect(zone).toHaveTextContent('Medium');
      expect(within(panel).getByTestId('what-if-combined')).toHaveTextContent('All 2 together: 7.3 → 6.0 (−1.3)');
      expect(api.callsTo(WHAT_IF_PATH)[0]!.searchParams.get('products')).toBe('zfire');
    },
  );
});
