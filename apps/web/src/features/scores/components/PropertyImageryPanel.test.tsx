import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../../../test/render';
import { onTrack } from '../../../api/analytics';
import type * as MapFeature from '../../map';
import { MapEnvironmentProvider, type MapWidgetProps } from '../../map';
import { assessmentFixture } from '../fixtures';
import { usePropertySearch } from '../searchState';
import { PropertyImageryPanel } from './PropertyImageryPanel';

/**
 * The real MapWidget (it picks its mode from the props; maplibre never loads in jsdom), plus a
 * "confirm pin" button standing in for a dragged and confirmed pin, and a record of the props.
 */
const widgets = vi.hoisted(() => ({ props: [] as MapWidgetProps[] }));
vi.mock('../../map', async (importOriginal) => {
  const actual = await importOriginal<typeof MapFeature>();
  return {
    ...actual,
    MapWidget: (props: MapWidgetProps) => {
      widgets.props.push(props);
      return (
        <>
          <actual.MapWidget {...props} />
          {props.onLocationPinChange && (
            <button onClick={() => props.onLocationPinChange?.({ lng: -105.2831, lat: 40.0152 })}>confirm pin</button>
          )}
        </>
      );
    },
  };
});

const neverLoads = () => new Promise<never>(() => {});
const withWebGL = (children: ReactNode) => (
  <MapEnvironmentProvider value={{ detectWebGL: () => true, loadMapLibre: neverLoads }}>
    {children}
  </MapEnvironmentProvider>
);
const lastWidgetProps = () => widgets.props[widgets.props.length - 1]!;
const mapMode = () => screen.getAllByTestId('map-widget').map((el) => el.getAttribute('data-map-mode'));

let tracked: [string, Record<string, unknown>][] = [];
let stop: () => void;
beforeEach(() => {
  widgets.props = [];
  tracked = [];
  stop = onTrack((event, properties) => tracked.push([event, properties]));
});
afterEach(() => stop());

describe('the imagery panel', () => {
  it('shows the standard map, then the oblique slider and the before/after comparison (map_image_tab), and expands (expand_view)', async () => {
    const user = userEvent.setup();
    const assessment = assessmentFixture();
    renderWithProviders(
      withWebGL(<PropertyImageryPanel assessment={assessment} onLocationPinChange={() => {}} showOblique />),
    );

    expect(mapMode()).toEqual(['standard']);
    const standard = lastWidgetProps();
    const latest = assessment.imagery.ortho[0]!;
    expect(standard).toMatchObject({
      imageUrl: latest.imageUrl,
      imageBounds: latest.imageBounds,
      imageDateLabel: 'June 14, 2026',
      imageProvider: 'Sample Aerial Survey',
      markerLocation: assessment.location.point,
      markerDraggable: true,
      parcelGeo: assessment.location.parcel,
      buildings: assessment.location.buildings,
    });

    await user.click(screen.getByRole('tab', { name: 'Oblique' }));
    expect(tracked).toContainEqual(['map_image_tab', { tab: 'oblique' }]);
    expect(mapMode()).toEqual(['oblique']);
    const obliques = lastWidgetProps().images!;
    expect(obliques.map((item) => item.imageUrl)).toEqual(assessment.imagery.oblique.map((item) => item.imageUrl));
    expect(obliques[0]).toMatchObject({
      imageProvider: 'Sample Oblique Co · From the north',
      imageDateLabel: 'June 14, 2026',
    });
    // #21.9: the oblique pin is draggable (SPEC: a draggable location pin), and a confirmed move re-resolves the property.
    expect(lastWidgetProps()).toMatchObject({ markerLocation: assessment.location.point, markerDraggable: true });
    expect(lastWidgetProps().onLocationPinChange).toBeTypeOf('function');

    await user.click(screen.getByRole('tab', { name: 'Before / After' }));
    expect(tracked).toContainEqual(['map_image_tab', { tab: 'comparison' }]);
    expect(mapMode()).toEqual(['comparison']);
    const { before, after } = assessment.imagery.comparison!;
    expect(lastWidgetProps().comparison).toEqual([before, after]);
    // #21.8: centred on the property with its pin; the caption names both dates and sources.
    expect(lastWidgetProps().markerLocation).toEqual(assessment.location.point);
    expect(screen.getByTestId('comparison-event')).toHaveTextContent('Hail on July 21, 2025: Hail up to 1.75 in');
    expect(screen.getByTestId('comparison-dates')).toHaveTextContent(
      `Before: May 30, 2025 (${before.imageProvider}) · After: August 4, 2025 (${after.imageProvider})`,
    );

    await user.click(screen.getByRole('button', { name: 'Expand view' }));
    expect(tracked).toContainEqual(['expand_view', { tab: 'comparison' }]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('map-widget')).toHaveAttribute('data-map-mode', 'comparison');
  });

  it('explains a missing before/after pair and missing obliques instead of an empty map', async () => {
    const user = userEvent.setup();
    const assessment = assessmentFixture();
    const bare = { ...assessment, imagery: { ...assessment.imagery, oblique: [], comparison: null } };
    renderWithProviders(
      withWebGL(<PropertyImageryPanel assessment={bare} onLocationPinChange={() => {}} showOblique />),
    );
    await user.click(screen.getByRole('tab', { name: 'Oblique' }));
    expect(screen.getByText('No oblique imagery is available for this property.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Before / After' }));
    expect(
      screen.getByText('No weather event with imagery before and after it is on record for this property.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('map-widget')).not.toBeInTheDocument();
  });

  it('offers no oblique tab without the oblique-imagery feature', () => {
    renderWithProviders(
      <PropertyImageryPanel assessment={assessmentFixture()} onLocationPinChange={() => {}} showOblique={false} />,
    );
    expect(screen.queryByRole('tab', { name: 'Oblique' })).not.toBeInTheDocument();
  });
});

function PinHarness() {
  const { onLocationPinChange } = usePropertySearch();
  const location = useLocation();
  return (
    <>
      <PropertyImageryPanel assessment={assessmentFixture()} onLocationPinChange={onLocationPinChange} showOblique />
      <output>{location.search}</output>
    </>
  );
}

describe('moving the map pin', () => {
  it('re-resolves the property at the confirmed coordinates, sent as lat,lng', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      withWebGL(
        <Routes>
          <Route path="*" element={<PinHarness />} />
        </Routes>,
      ),
      { path: '/scores/zfire?location=somewhere&location_type=address' },
    );
    await user.click(screen.getByRole('button', { name: 'confirm pin' }));
    const params = new URLSearchParams(screen.getByRole('status').textContent ?? '');
    expect(params.get('location_type')).toBe('coordinates');
    expect(params.get('location')).toBe('40.015200,-105.283100');
  });

  it('keeps a confirmed pin where it was put: the answer for coordinates shows its pin at them, not at the building centroid', () => {
    const base = assessmentFixture();
    const assessment = {
      ...base,
      location: {
        ...base.location,
        locationType: 'coordinates' as const,
        input: '40.015200,-105.283100',
        point: { lat: 40.015, lng: -105.283 },
      },
    };
    renderWithProviders(
      withWebGL(<PropertyImageryPanel assessment={assessment} onLocationPinChange={() => {}} showOblique />),
    );
    expect(lastWidgetProps().markerLocation).toEqual({ lat: 40.0152, lng: -105.2831 });
  });

  it("puts an address lookup's pin at the property", () => {
    const assessment = assessmentFixture();
    renderWithProviders(
      withWebGL(<PropertyImageryPanel assessment={assessment} onLocationPinChange={() => {}} showOblique />),
    );
    expect(lastWidgetProps().markerLocation).toEqual(assessment.location.point);
  });
});
