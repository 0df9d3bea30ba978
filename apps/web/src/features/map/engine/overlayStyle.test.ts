import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { OFFLINE_BASE_STYLES, resolveBaseStyles, serverBaseStyles, styleFromMapboxConfig } from './baseStyles';
import { composeStyle, LAYER, type OverlayData } from './overlayStyle';

const overlay: OverlayData = {
  images: [{ imageUrl: '/aerial.jpg', imageBounds: { west: -97.52, south: 35.46, east: -97.51, north: 35.47 } }],
  parcel: {
    type: 'Polygon',
    coordinates: [
      [
        [-97.518, 35.467],
        [-97.516, 35.467],
        [-97.516, 35.469],
        [-97.518, 35.467],
      ],
    ],
  },
  buildings: [
    {
      label: 'Main house',
      rank: 1,
      outline: {
        type: 'Polygon',
        coordinates: [
          [
            [-97.5175, 35.4675],
            [-97.5165, 35.4675],
            [-97.5165, 35.4685],
            [-97.5175, 35.4675],
          ],
        ],
      },
      centroid: { type: 'Point', coordinates: [-97.517, 35.468] },
    },
  ],
};
const visibility = (style: StyleSpecification, id: string) => style.layers.find((l) => l.id === id)?.layout?.visibility;

describe('overlay style', () => {
  it('puts the aerial image, parcel and buildings over the base style', () => {
    const style = composeStyle(OFFLINE_BASE_STYLES.satellite as StyleSpecification, overlay, {
      visible: { aerial: true, location: true, parcel: true, building: true },
    });
    expect(style.layers.map((l) => l.id)).toEqual([
      'zv-base-satellite',
      LAYER.image(0),
      LAYER.parcelFill,
      LAYER.parcelLine,
      LAYER.buildingFill,
      LAYER.buildingLine,
    ]);
    expect(style.sources['zv-image-0']).toMatchObject({
      type: 'image',
      url: '/aerial.jpg',
      coordinates: [
        [-97.52, 35.47],
        [-97.51, 35.47],
        [-97.51, 35.46],
        [-97.52, 35.46],
      ],
    });
    const fill = style.layers.find((l) => l.id === LAYER.parcelFill);
    // parcel fill: 0 normally, 0.3 under the pointer
    expect(JSON.stringify(fill?.paint)).toContain('["case",["boolean",["feature-state","hover"],false],0.3,0]');
  });

  it('keeps the base map’s labels above the aerial image and outlines, and tints the image on the street map', () => {
    const base = (name: string): StyleSpecification => ({
      version: 8,
      metadata: { 'zview:style': name },
      sources: { basemap: { type: 'vector', tiles: ['/api/map/tiles/{z}/{x}/{y}.pbf'] } },
      layers: [
        { id: 'background', type: 'background' },
        { id: 'roads', type: 'line', source: 'basemap', 'source-layer': 'roads' },
        { id: 'road-labels', type: 'symbol', source: 'basemap', 'source-layer': 'roads' },
      ],
    });
    const visible = { aerial: true, location: true, parcel: true, building: true };
    const satellite = composeStyle(base('satellite'), overlay, { visible });
    expect(satellite.layers.map((l) => l.id)).toEqual([
      'background',
      'roads',
      LAYER.image(0),
      LAYER.parcelFill,
      LAYER.parcelLine,
      LAYER.buildingFill,
      LAYER.buildingLine,
      'road-labels',
    ]);
    const opacity = (style: StyleSpecification) =>
      (style.layers.find((l) => l.id === LAYER.image(0))?.paint as Record<string, unknown>)['raster-opacity'];
    expect(opacity(satellite)).toBe(1);
    expect(opacity(composeStyle(base('street'), overlay, { visible }))).toBe(0.25);
  });

  it('re-applies the active layers when the base style is switched', () => {
    const visible = { aerial: false, location: true, parcel: true, building: false };
    const street = composeStyle(OFFLINE_BASE_STYLES.street as StyleSpecification, overlay, { visible });
    // maplibre hands transformStyle the previous style too: our layers must not be doubled
    const back = composeStyle(
      { ...(OFFLINE_BASE_STYLES.satellite as StyleSpecification), layers: [...street.layers] },
      overlay,
      { visible },
    );
    for (const style of [street, back]) {
      expect(visibility(style, LAYER.image(0))).toBe('none');
      expect(visibility(style, LAYER.parcelLine)).toBe('visible');
      expect(visibility(style, LAYER.buildingLine)).toBe('none');
      expect(style.layers.filter((l) => l.id === LAYER.parcelFill)).toHaveLength(1);
    }
  });

  it('fades oblique images with the given opacity and a 300 ms transition', () => {
    const style = composeStyle(
      OFFLINE_BASE_STYLES.satellite as StyleSpecification,
      { images: [overlay.images[0]!, overlay.images[0]!] },
      {
        visible: { aerial: true, location: true, parcel: false, building: false },
        imageOpacity: (i) => (i === 1 ? 1 : 0),
      },
    );
    const paints = style.layers.filter((l) => l.type === 'raster').map((l) => l.paint);
    expect(paints).toEqual([
      expect.objectContaining({ 'raster-opacity': 0, 'raster-opacity-transition': { duration: 300, delay: 0 } }),
      expect.objectContaining({ 'raster-opacity': 1 }),
    ]);
  });

  it('chooses base maps: prop, then mapbox style URL, then environment, then offline', () => {
    expect(resolveBaseStyles(undefined, undefined)).toEqual(OFFLINE_BASE_STYLES);
    expect(resolveBaseStyles({ street: '/mine.json' }, { street: '/other.json', satellite: '/sat.json' })).toEqual({
      street: '/mine.json',
      satellite: '/sat.json',
    });
    expect(styleFromMapboxConfig('mapbox://styles/x/y')).toBeUndefined();
    expect(styleFromMapboxConfig('https://tiles.example/style.json')).toBe('https://tiles.example/style.json');
    const server = serverBaseStyles('https://zview.example');
    expect(server.street).toBe('https://zview.example/api/map/style/street.json');
    expect(JSON.stringify(server.satellite)).toContain('https://zview.example/api/tiles/satellite/{z}/{x}/{y}.png');
  });
});
