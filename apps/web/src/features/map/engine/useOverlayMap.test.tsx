import { render, screen, waitFor } from '@testing-library/react';
import type { MapOptions, StyleSpecification } from 'maplibre-gl';
import { useMemo, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ToggleableLayer } from '../types';
import type { BaseStyle } from './baseStyles';
import { MapEnvironmentProvider } from './environment';
import type { MapLibre } from './loadMapLibre';
import { LAYER, type OverlayData } from './overlayStyle';
import { useOverlayMap } from './useOverlayMap';

const VISIBLE: Record<ToggleableLayer, boolean> = { aerial: true, location: true, parcel: true, building: true };
const image = { imageUrl: '/a.jpg', imageBounds: { west: -97.52, south: 35.46, east: -97.51, north: 35.47 } };
const base = (name: string): StyleSpecification => ({
  version: 8,
  name,
  sources: {},
  layers: [{ id: `zv-base-${name}`, type: 'background' }],
});

/** Just enough of a maplibre map: keeps the composed style it was given and reports its layers. */
class FakeMap {
  static created: FakeMap[] = [];
  style: StyleSpecification | null = null;
  setStyle = vi.fn((style: BaseStyle, options: { transformStyle: NonNullable<MapOptions['transformStyle']> }) =>
    this.load(style, options.transformStyle),
  );
  constructor(readonly options: MapOptions) {
    FakeMap.created.push(this);
    if (options.style) this.load(options.style, options.transformStyle!);
  }
  private load(style: BaseStyle | string, transform: NonNullable<MapOptions['transformStyle']>) {
    this.style = transform(undefined, style as StyleSpecification);
  }
  getLayer = (id: string) => this.style?.layers.find((layer) => layer.id === id);
  getStyle = () => this.style;
  isStyleLoaded = () => this.style !== null;
  setLayoutProperty = vi.fn();
  setPaintProperty = vi.fn();
  once = vi.fn();
  off = vi.fn();
  remove = vi.fn();
}
const maplibre = { Map: FakeMap } as unknown as MapLibre;

function Probe({ baseStyle }: { baseStyle: BaseStyle }) {
  const container = useRef<HTMLDivElement>(null);
  const overlay = useMemo<OverlayData>(() => ({ images: [image] }), []);
  const { ready } = useOverlayMap(container, () => ({ center: [-97.515, 35.465], zoom: 18 }), baseStyle, overlay, {
    visible: VISIBLE,
  });
  return <div ref={container} data-testid="map" data-ready={String(ready)} />;
}

describe('useOverlayMap', () => {
  it('creates the map with its base style and overlay composed in, then switches base maps through setStyle', async () => {
    FakeMap.created = [];
    const street = base('street');
    const satellite = base('satellite');
    const env = { loadMapLibre: () => Promise.resolve(maplibre) };
    const { rerender } = render(
      <MapEnvironmentProvider value={env}>
        <Probe baseStyle={satellite} />
      </MapEnvironmentProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-ready', 'true'));
    const [map] = FakeMap.created;
    expect(FakeMap.created).toHaveLength(1);
    expect(map!.options.style).toBe(satellite);
    expect(map!.style?.layers.map((layer) => layer.id)).toEqual(['zv-base-satellite', LAYER.image(0)]);
    // the style it was created with is not set a second time after mount
    expect(map!.setStyle).not.toHaveBeenCalled();

    rerender(
      <MapEnvironmentProvider value={env}>
        <Probe baseStyle={street} />
      </MapEnvironmentProvider>,
    );
    await waitFor(() => expect(map!.setStyle).toHaveBeenCalledTimes(1));
    expect(map!.setStyle.mock.calls[0]![0]).toBe(street);
    expect(map!.style?.layers.map((layer) => layer.id)).toEqual(['zv-base-street', LAYER.image(0)]);
    expect(FakeMap.created).toHaveLength(1);
  });
});
