import { MESSAGES } from '@zview/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { recordTracking } from '../../../test/tracking';
import { MapEnvironmentProvider } from '../map';
import { assessmentFixture } from './fixtures';
import { PropertyHeader } from './components/PropertyHeader';
import { PropertyImageryPanel } from './components/PropertyImageryPanel';

/** Issue 5's tracked events that reach the app's analytics seam from the property view. */
const tracked = recordTracking();
afterEach(() => {
  tracked.length = 0;
  vi.restoreAllMocks();
});

describe('property view analytics', () => {
  it('tracks page_print with the property, then opens the print dialog', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const assessment = assessmentFixture();
    renderWithProviders(<PropertyHeader assessment={assessment} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(tracked).toEqual([{ event: 'page_print', properties: { property_id: assessment.location.propertyId } }]);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('tracks no_webgl_supported_browser once (StrictMode runs effects twice), through the panel, without WebGL', async () => {
    const loadMapLibre = vi.fn();
    renderWithProviders(
      <StrictMode>
        <MapEnvironmentProvider value={{ detectWebGL: () => false, loadMapLibre }}>
          <PropertyImageryPanel assessment={assessmentFixture()} onLocationPinChange={() => {}} showOblique />
        </MapEnvironmentProvider>
      </StrictMode>,
    );
    expect(screen.getByText(MESSAGES.webglNotSupported)).toBeInTheDocument();
    expect(tracked.filter(({ event }) => event === 'no_webgl_supported_browser')).toHaveLength(1);
    expect(loadMapLibre).not.toHaveBeenCalled();
  });
});
