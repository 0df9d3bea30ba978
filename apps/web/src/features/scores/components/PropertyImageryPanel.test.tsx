import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../../../test/render';
import { onTrack } from '../../../api/analytics';
import { assessmentFixture } from '../fixtures';
import { usePropertySearch } from '../searchState';
import { PropertyImageryPanel } from './PropertyImageryPanel';

let tracked: [string, Record<string, unknown>][] = [];
let stop: () => void;
beforeEach(() => {
  tracked = [];
  stop = onTrack((event, properties) => tracked.push([event, properties]));
});
afterEach(() => stop());

describe('the imagery panel', () => {
  it('switches tabs (map_image_tab), captions images with provider and date, and expands (expand_view)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PropertyImageryPanel assessment={assessmentFixture()} onLocationPinChange={() => {}} showOblique />);
    expect(screen.getByTestId('map-slot')).toHaveTextContent('Aerial · Sample Aerial Survey · June 14, 2026');
    await user.click(screen.getByRole('tab', { name: 'Oblique' }));
    expect(tracked).toContainEqual(['map_image_tab', { tab: 'oblique' }]);
    expect(screen.getAllByRole('img', { name: /Oblique image looking from the/ })).toHaveLength(4);
    await user.click(screen.getByRole('tab', { name: 'Before / After' }));
    expect(screen.getByText(/Hail up to 1.75 in/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand view' }));
    expect(tracked).toContainEqual(['expand_view', { tab: 'comparison' }]);
    expect(within(await screen.findByRole('dialog')).getByAltText('After the event')).toBeInTheDocument();
  });

  it('offers no oblique tab without the oblique-imagery feature', () => {
    renderWithProviders(<PropertyImageryPanel assessment={assessmentFixture()} onLocationPinChange={() => {}} showOblique={false} />);
    expect(screen.queryByRole('tab', { name: 'Oblique' })).not.toBeInTheDocument();
  });
});

function PinHarness() {
  const { onLocationPinChange } = usePropertySearch();
  const location = useLocation();
  return (
    <>
      <button onClick={() => onLocationPinChange({ lng: -105.2831, lat: 40.0152 })}>move pin</button>
      <output>{location.search}</output>
    </>
  );
}

describe('moving the map pin', () => {
  it('re-resolves the property at the new coordinates', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="*" element={<PinHarness />} />
      </Routes>,
      { path: '/scores/zfire?location=somewhere&location_type=address' },
    );
    await user.click(screen.getByRole('button', { name: 'move pin' }));
    const params = new URLSearchParams(screen.getByRole('status').textContent ?? '');
    expect(params.get('location_type')).toBe('coordinates');
    expect(params.get('location')).toBe('40.015200,-105.283100');
  });
});
