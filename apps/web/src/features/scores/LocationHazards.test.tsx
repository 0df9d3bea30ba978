import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { ASSESSMENT_PATH } from './api/assessment';
import { assessmentFixture } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

/** An answer for coordinates with no building: every product unavailable, the location's hazards instead. */
function noBuilding() {
  const base = assessmentFixture();
  const products = Object.fromEntries(
    Object.entries(base.products).map(([key, result]) => [
      key,
      {
        ...result,
        score: null,
        riskLevel: 'none' as const,
        factors: [],
        unavailableReason: 'No property was found at this location, so there is nothing to score.',
      },
    ]),
  );
  return {
    ...base,
    location: {
      ...base.location,
      locationType: 'coordinates' as const,
      input: '30.25,-89.05',
      propertyId: null,
      address: null,
      parcel: null,
      buildings: [],
    },
    products,
    imagery: { ortho: [], oblique: [], comparison: null },
    availableDates: [],
    locationHazards: {
      note: 'No building was found at this location. These are the hazards of the location itself; the structure-level products need a building.',
      hazards: [
        { hazard: 'wind', exposure: 0.91, riskLevel: 'high', description: '100-year gust about 164 mph' },
        { hazard: 'flood', exposure: 0.7, riskLevel: 'high', description: 'Coastal storm surge exposure 70%' },
        { hazard: 'wildfire', exposure: 0.05, riskLevel: 'low', description: 'Wildfire exposure 5%' },
        { hazard: 'hail', exposure: 0.1, riskLevel: 'low', description: '3% a year chance of hail of 1 inch or more' },
      ],
    },
  };
}

describe('a point with no building (#21.13)', () => {
  it('shows the hazards of the location and says the products need a building, instead of empty score cards', async () => {
    fakeApi({ [ASSESSMENT_PATH]: () => noBuilding() });
    renderApp({
      path: `/scores?${new URLSearchParams({ location: '30.25,-89.05', location_type: 'coordinates' })}`,
      devSession: 'admin',
    });
    const panel = await screen.findByTestId('location-hazards', {}, { timeout: 8000 });
    expect(within(panel).getByTestId('location-hazards-note')).toHaveTextContent('need a building');
    // No capture stands behind these figures: the header says what they rest on, not 'imagery captured <today>'.
    const basis = screen.getByTestId('scores-basis');
    expect(basis).toHaveTextContent('Location hazards from the regional hazard climatology');
    expect(basis).not.toHaveTextContent('imagery captured');
    const rows = within(panel).getAllByTestId('location-hazard');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Wind.*High.*91%.*164 mph/),
      expect.stringMatching(/^Flood.*70%/),
      expect.stringMatching(/^Wildfire.*Low.*5%/),
      expect.stringMatching(/^Hail.*10%/),
    ]);
    expect(screen.queryByTestId('score-cards')).not.toBeInTheDocument();
  });
});
