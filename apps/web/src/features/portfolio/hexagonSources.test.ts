import { cellToBoundary, cellToParent, latLngToCell } from 'h3-js';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { hexagonSourceAt, hexagonSources } from './hexagonSources';
import { DOTS_BELOW_ZOOM } from './hexagonZoom';

/** A book of two places, Atlanta (two res-9 cells) and Savannah, as the server sends its hexagons. */
const POINTS = [
  { lat: 33.749, lng: -84.388, value: 3000 },
  { lat: 33.79, lng: -84.36, value: 1000 },
  { lat: 32.0809, lng: -81.0912, value: 500 },
];
const hexagons = POINTS.flatMap(({ lat, lng, value }) => {
  const cell9 = latLngToCell(lat, lng, 9);
  return [9, 7, 5].map((resolution) => ({
    cell: resolution === 9 ? cell9 : cellToParent(cell9, resolution),
    resolution,
    count: 1,
    value,
  }));
});

describe('the book map’s hexagon sources', () => {
  it('draws res 5’s centres zoomed out, then each band’s outlines', () => {
    expect([0, DOTS_BELOW_ZOOM - 0.1, DOTS_BELOW_ZOOM, 9, 12, 14].map(hexagonSourceAt)).toEqual([
      'hexagon-centres',
      'hexagon-centres',
      'hexagons-5',
      'hexagons-7',
      'hexagons-9',
      'hexagons-9',
    ]);
  });

  it('works out only the resolution asked for, once, with each cell’s share of the largest', () => {
    const sources = hexagonSources(hexagons, true);
    expect(sources.isMade('hexagons-9')).toBe(false);
    const nine = sources.data('hexagons-9');
    expect(sources.data('hexagons-9')).toBe(nine);
    expect(['hexagon-centres', 'hexagons-5', 'hexagons-7'].map((id) => sources.isMade(id as never))).toEqual([
      false,
      false,
      false,
    ]);
    expect(nine.features.map((f) => f.properties?.share)).toEqual([1, 1 / 3, 500 / 3000]);
    const outline = (nine.features[0]!.geometry as Polygon).coordinates[0]!;
    expect(outline).toEqual(cellToBoundary(latLngToCell(33.749, -84.388, 9), true));
    // Ranked by rows when the file has no value column.
    expect(
      hexagonSources(hexagons, false)
        .data('hexagons-5')
        .features.map((f) => f.properties?.share),
    ).toEqual([1, 1, 1]);
    const centre = sources.data('hexagon-centres').features[2]!.geometry;
    expect(centre.type).toBe('Point');
  });

  it('bounds the book by its finest cells, each wholly inside', () => {
    const [west, south, east, north] = hexagonSources(hexagons, true).bounds()!;
    for (const { lat, lng } of POINTS)
      for (const [x, y] of cellToBoundary(latLngToCell(lat, lng, 9), true)) {
        expect(x).toBeGreaterThanOrEqual(west);
        expect(x).toBeLessThanOrEqual(east);
        expect(y).toBeGreaterThanOrEqual(south);
        expect(y).toBeLessThanOrEqual(north);
      }
    // Not the far reach of the res-5 cells (~9 km across): within a res-9 cell of the rows.
    expect(north - 33.79).toBeLessThan(0.01);
    expect(hexagonSources([], true).bounds()).toBeNull();
  });
});
