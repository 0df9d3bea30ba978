import { describe, expect, it } from 'vitest';
import { isCompassClick, swipeRatio } from './compass';
import { buildingsBounds, imageCorners, parcelFeatures } from './geometry';
import { mapModeFor, zoomRange } from './mode';

const item = { imageUrl: '/a.jpg', imageBounds: { west: 0, south: 0, east: 1, north: 1 } };

describe('map mode and limits', () => {
  it('picks the widget from the props, no WebGL first', () => {
    expect(mapModeFor({ comparison: [item, item] }, false)).toBe('noWebgl');
    expect(mapModeFor({ comparison: [item, item] }, true)).toBe('comparison');
    expect(mapModeFor({ comparison: [item], images: [item] }, true)).toBe('oblique');
    expect(mapModeFor({}, true)).toBe('standard');
  });

  it('limits zoom to 16–21, 17–21 for the comparison, narrowed by zoomBoundary', () => {
    expect(zoomRange('standard')).toEqual({ minZoom: 16, maxZoom: 21 });
    expect(zoomRange('oblique')).toEqual({ minZoom: 16, maxZoom: 21 });
    expect(zoomRange('comparison')).toEqual({ minZoom: 17, maxZoom: 21 });
    expect(zoomRange('standard', { minZoom: 18 })).toEqual({ minZoom: 18, maxZoom: 21 });
    expect(zoomRange('standard', { minZoom: 20, maxZoom: 18 })).toEqual({ minZoom: 16, maxZoom: 21 });
  });

  it('counts a compass press as a click only under 200 ms without dragging', () => {
    expect(isCompassClick(120, 0)).toBe(true);
    expect(isCompassClick(199, 2)).toBe(true);
    expect(isCompassClick(200, 0)).toBe(false);
    expect(isCompassClick(100, 12)).toBe(false);
  });

  it('clamps the swipe divider to the widget', () => {
    expect(swipeRatio(150, 100, 200)).toBe(0.25);
    expect(swipeRatio(0, 100, 200)).toBe(0);
    expect(swipeRatio(900, 100, 200)).toBe(1);
  });

  it('turns bounds, parcels and buildings into what maplibre needs', () => {
    expect(imageCorners({ west: 1, south: 2, east: 3, north: 4 })).toEqual([
      [1, 4],
      [3, 4],
      [3, 2],
      [1, 2],
    ]);
    const polygon = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 1],
          [0, 0],
        ],
      ],
    };
    expect(parcelFeatures(polygon).features).toHaveLength(1);
    expect(parcelFeatures(null).features).toHaveLength(0);
    expect(
      buildingsBounds([{ label: 'A', rank: 1, outline: polygon, centroid: { type: 'Point', coordinates: [1, 0.5] } }]),
    ).toEqual([
      [0, 0],
      [2, 1],
    ]);
    expect(buildingsBounds([])).toBeNull();
  });
});
