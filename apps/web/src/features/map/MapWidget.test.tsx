import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MapEnvironmentProvider } from './engine/environment';
import { MapWidget } from './MapWidget';

const image = { imageUrl: '/a.jpg', imageBounds: { west: -97.52, south: 35.46, east: -97.51, north: 35.47 } };
const neverLoads = () => new Promise<never>(() => {});

describe('MapWidget', () => {
  it('shows the WebGL message in place of the map and tracks it once', () => {
    const onTrack = vi.fn();
    const loadMapLibre = vi.fn(neverLoads);
    render(
      <StrictMode>
        <MapEnvironmentProvider value={{ detectWebGL: () => false, loadMapLibre }}>
          <MapWidget imageUrl="/a.jpg" imageBounds={image.imageBounds} onTrack={onTrack} />
        </MapEnvironmentProvider>
      </StrictMode>,
    );
    expect(screen.getByText('WebGL is not supported on this browser')).toBeInTheDocument();
    expect(onTrack).toHaveBeenCalledTimes(1);
    expect(onTrack).toHaveBeenCalledWith('no_webgl_supported_browser', undefined);
    expect(loadMapLibre).not.toHaveBeenCalled();
  });

  it('falls back to the environment tracker', () => {
    const onTrack = vi.fn();
    render(
      <MapEnvironmentProvider value={{ detectWebGL: () => false, onTrack }}>
        <MapWidget />
      </MapEnvironmentProvider>,
    );
    expect(onTrack).toHaveBeenCalledWith('no_webgl_supported_browser', undefined);
  });

  it.each([
    [{ comparison: [image, image] }, 'comparison'],
    [{ images: [image, image, image] }, 'oblique'],
    [{ imageUrl: '/a.jpg', imageBounds: image.imageBounds }, 'standard'],
  ])('loads maplibre lazily and shows a spinner for the %s mode', (props, mode) => {
    const loadMapLibre = vi.fn(neverLoads);
    render(
      <MapEnvironmentProvider value={{ detectWebGL: () => true, loadMapLibre }}>
        <MapWidget {...props} />
      </MapEnvironmentProvider>,
    );
    expect(screen.getByTestId('map-widget')).toHaveAttribute('data-map-mode', mode);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(loadMapLibre).toHaveBeenCalled();
  });

  it('explains a map engine that fails to load', async () => {
    render(
      <MapEnvironmentProvider
        value={{ detectWebGL: () => true, loadMapLibre: () => Promise.reject(new Error('chunk failed')) }}
      >
        <MapWidget imageUrl="/a.jpg" imageBounds={image.imageBounds} />
      </MapEnvironmentProvider>,
    );
    expect(await screen.findByText('chunk failed')).toBeInTheDocument();
  });
});
