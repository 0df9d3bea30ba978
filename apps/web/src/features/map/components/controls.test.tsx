import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAP_LAYER_LABELS, MESSAGES } from '@zview/contracts';
import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MapView } from '../engine/mapView';
import { initialLayersState, layersReducer, type LayerAvailability } from '../model/layers';
import { initialSlider, sliderReducer } from '../model/slider';
import type { DefaultLayersState, ImageItem } from '../types';
import { LayersPanel } from './LayersPanel';
import { MapControls } from './MapControls';
import { MapTypeSwitch } from './MapTypeSwitch';
import { PinConfirm } from './PinConfirm';
import { SliderControls } from './SliderControls';

/** A stand-in for the maplibre map: just the camera the controls read and drive. */
function stubView(camera: { zoom: number; minZoom?: number; maxZoom?: number; bearing?: number; pitch?: number }) {
  const state = { minZoom: 16, maxZoom: 21, bearing: 0, pitch: 0, ...camera };
  const view = {
    getZoom: () => state.zoom,
    getMinZoom: () => state.minZoom,
    getMaxZoom: () => state.maxZoom,
    getBearing: () => state.bearing,
    getPitch: () => state.pitch,
    zoomIn: vi.fn(),
    zoomOut: vi.fn(),
    setBearing: vi.fn((b: number) => (state.bearing = b)),
    setPitch: vi.fn((p: number) => (state.pitch = p)),
    resetNorthPitch: vi.fn(),
    on: vi.fn(),
    off: vi.fn(),
  };
  return view satisfies MapView;
}

function Layers({ availability, defaults }: { availability: LayerAvailability; defaults?: DefaultLayersState }) {
  const [state, dispatch] = useReducer(layersReducer, undefined, () => initialLayersState(availability, defaults));
  return (
    <>
      <LayersPanel
        state={state}
        onToggle={(layer) => dispatch({ type: 'toggle', layer })}
        onReset={() => dispatch({ type: 'reset' })}
        defaultOpen
      />
      <output data-testid="active">{JSON.stringify(state.active)}</output>
    </>
  );
}

describe('layers panel', () => {
  it('lists the layers with data under their labels and toggles them', async () => {
    const user = userEvent.setup();
    render(
      <Layers
        availability={{ aerial: true, location: true, parcel: false, building: true }}
        defaults={{ building: false }}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Map layers' });
    expect(
      within(panel)
        .getAllByRole('switch')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual([MAP_LAYER_LABELS.aerial, MAP_LAYER_LABELS.location, MAP_LAYER_LABELS.building]);
    expect(screen.getByLabelText('Building Labels')).not.toBeChecked();
    await user.click(screen.getByLabelText('Aerial Imagery'));
    expect(screen.getByLabelText('Aerial Imagery')).not.toBeChecked();
    expect(JSON.parse(screen.getByTestId('active').textContent!)).toMatchObject({
      aerial: false,
      location: true,
      building: false,
    });
  });

  it('Reset turns every layer on', async () => {
    const user = userEvent.setup();
    render(
      <Layers
        availability={{ aerial: true, location: true, parcel: true, building: true }}
        defaults={{ parcel: false }}
      />,
    );
    await user.click(screen.getByLabelText('Location Pin'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    for (const label of Object.values(MAP_LAYER_LABELS)) expect(screen.getByLabelText(label)).toBeChecked();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('opens and closes from the Layers button', async () => {
    const user = userEvent.setup();
    const state = initialLayersState({ aerial: true, location: false, parcel: false, building: false });
    render(<LayersPanel state={state} onToggle={() => {}} onReset={() => {}} />);
    expect(screen.queryByRole('region', { name: 'Map layers' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Layers' }));
    expect(screen.getByRole('region', { name: 'Map layers' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close layers' }));
    expect(screen.queryByRole('region', { name: 'Map layers' })).not.toBeInTheDocument();
  });
});

describe('map controls', () => {
  it('zooms in and out and disables each button at its limit', async () => {
    const user = userEvent.setup();
    const view = stubView({ zoom: 19 });
    const { unmount } = render(<MapControls view={view} />);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(view.zoomIn).toHaveBeenCalledTimes(1);
    expect(view.zoomOut).toHaveBeenCalledTimes(1);
    unmount();
    render(<MapControls view={stubView({ zoom: 21 })} />);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeEnabled();
  });

  it('recentres through the callback', async () => {
    const onRecenter = vi.fn();
    render(<MapControls view={stubView({ zoom: 18 })} onRecenter={onRecenter} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Recenter' }));
    expect(onRecenter).toHaveBeenCalled();
  });

  it('a quick compass click resets bearing and pitch; a slow press or a drag does not', () => {
    const now = vi.spyOn(performance, 'now');
    const view = stubView({ zoom: 19, bearing: 40, pitch: 20 });
    render(<MapControls view={view} showCompass />);
    const compass = screen.getByRole('button', { name: 'Reset bearing to north' });

    now.mockReturnValue(1000);
    fireEvent.pointerDown(compass, { clientX: 10, clientY: 10 });
    now.mockReturnValue(1150);
    fireEvent.pointerUp(compass, { clientX: 10, clientY: 10 });
    expect(view.resetNorthPitch).toHaveBeenCalledTimes(1);

    now.mockReturnValue(2000);
    fireEvent.pointerDown(compass, { clientX: 10, clientY: 10 });
    now.mockReturnValue(2250);
    fireEvent.pointerUp(compass, { clientX: 10, clientY: 10 });
    expect(view.resetNorthPitch).toHaveBeenCalledTimes(1);

    now.mockReturnValue(3000);
    fireEvent.pointerDown(compass, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(compass, { clientX: 60, clientY: 10 });
    now.mockReturnValue(3100);
    fireEvent.pointerUp(compass, { clientX: 60, clientY: 10 });
    expect(view.resetNorthPitch).toHaveBeenCalledTimes(1);
    expect(view.setBearing).toHaveBeenCalled();
    now.mockRestore();
  });
});

describe('oblique slider controls', () => {
  const images: ImageItem[] = ['North', 'East', 'South'].map((d, i) => ({
    imageUrl: `/${d}.jpg`,
    imageBounds: { west: 0, south: 0, east: 1, north: 1 },
    imageProvider: `Provider ${d}`,
    imageDateLabel: `April ${i + 1}, 2025`,
  }));

  function Slider() {
    const [state, dispatch] = useReducer(sliderReducer, images.length, initialSlider);
    return (
      <>
        <button onClick={() => dispatch({ type: 'firstImageShown' })}>shown</button>
        <SliderControls
          state={state}
          images={images}
          onPrevious={() => dispatch({ type: 'previous' })}
          onNext={() => dispatch({ type: 'next' })}
        />
      </>
    );
  }

  it('waits for the first image, then steps through with previous/next disabled at the ends', async () => {
    const user = userEvent.setup();
    render(<Slider />);
    expect(screen.getByRole('button', { name: 'Previous image' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next image' })).toBeDisabled();
    expect(screen.getByTestId('slider-date')).toHaveTextContent('Loading imagery');

    await user.click(screen.getByRole('button', { name: 'shown' }));
    expect(screen.getByTestId('slider-provider')).toHaveTextContent('Provider North');
    expect(screen.getByTestId('slider-date')).toHaveTextContent('April 1, 2025 · 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous image' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next image' }));
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByTestId('slider-provider')).toHaveTextContent('Provider South');
    expect(screen.getByRole('button', { name: 'Next image' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByTestId('slider-date')).toHaveTextContent('2 of 3');
  });
});

describe('pin confirmation', () => {
  it('asks the catalogued question and answers Yes or No', async () => {
    const user = userEvent.setup();
    const onYes = vi.fn();
    const onNo = vi.fn();
    render(<PinConfirm onYes={onYes} onNo={onNo} />);
    const dialog = screen.getByRole('alertdialog', { name: MESSAGES.pinConfirm });
    expect(dialog).toHaveTextContent('Is this the correct pin location?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(onYes).toHaveBeenCalledTimes(1);
    expect(onNo).toHaveBeenCalledTimes(1);
  });
});

describe('MapTypeSwitch', () => {
  it('marks the switch to the street map for click tracking as street_view, from the current style', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<MapTypeSwitch value="satellite" onChange={onChange} />);
    const street = screen.getByRole('button', { name: 'Street' });
    expect(street).toHaveAttribute('data-analytics-id', 'street_view');
    expect(JSON.parse(street.getAttribute('data-analytics-properties')!)).toEqual({ from: 'satellite' });
    await userEvent.click(street);
    expect(onChange).toHaveBeenCalledWith('street');
    rerender(<MapTypeSwitch value="street" onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Street' })).not.toHaveAttribute('data-analytics-id');
    expect(screen.getByRole('button', { name: 'Satellite' })).not.toHaveAttribute('data-analytics-id');
  });
});
