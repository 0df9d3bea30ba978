import { cellToBoundary, greatCircleDistance, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import {
  DOTS_BELOW_ZOOM,
  FIT_MAX_ZOOM,
  HEXAGON_ZOOMS,
  hexagonResolutionAt,
  MAX_MAP_ZOOM,
  metresPerPixel,
} from './hexagonZoom';

/** The narrowest the book map is drawn (its height is 420 px; a phone's width is ~320 px). */
const NARROWEST_MAP_PX = 320;
const LATITUDES = [0, 25, 45, 60];

/** A real cell's widest extent in metres: the largest distance between two of its corners. */
function cellWidthMetres(latitude: number, resolution: number): number {
  const corners = cellToBoundary(latLngToCell(latitude, -100, resolution));
  let widest = 0;
  for (const a of corners) for (const b of corners) widest = Math.max(widest, greatCircleDistance(a, b, 'm'));
  return widest;
}

const cellPixels = (zoom: number, latitude: number) =>
  cellWidthMetres(latitude, hexagonResolutionAt(zoom)) / metresPerPixel(zoom, latitude);

const zooms = Array.from({ length: MAX_MAP_ZOOM * 4 + 1 }, (_, k) => k / 4);

describe('hexagon resolution by zoom', () => {
  it('draws 5 below zoom 9, 7 from 9 to 12, 9 from 12 on', () => {
    expect([0, 6, 8.9, 9, 11.9, 12, 13, MAX_MAP_ZOOM].map(hexagonResolutionAt)).toEqual([5, 5, 5, 7, 7, 9, 9, 9]);
  });

  it('has exactly one band visible at every zoom the map can reach', () => {
    for (const zoom of zooms)
      expect(HEXAGON_ZOOMS.filter(({ minzoom, maxzoom }) => zoom >= minzoom && zoom < maxzoom)).toHaveLength(1);
  });

  it('never lets a single cell cover the map, at any zoom up to the deepest and any latitude to 60°', () => {
    for (const latitude of LATITUDES)
      for (const zoom of zooms) {
        const pixels = cellPixels(zoom, latitude);
        // Under the narrowest map side: a cell can never be all the view shows.
        expect(pixels, `zoom ${zoom}, latitude ${latitude}`).toBeLessThan(NARROWEST_MAP_PX);
      }
    // The deepest zoom itself: a resolution-9 cell at 45° is well under half the map.
    expect(cellPixels(MAX_MAP_ZOOM, 45)).toBeLessThan(NARROWEST_MAP_PX / 2);
  });

  it('switches to a finer resolution only once its cells are big enough to see (≥ 8 px where drawn as hexagons)', () => {
    for (const latitude of LATITUDES)
      for (const zoom of zooms.filter((z) => z >= DOTS_BELOW_ZOOM))
        expect(cellPixels(zoom, latitude), `zoom ${zoom}, latitude ${latitude}`).toBeGreaterThanOrEqual(8);
  });

  it('opens a book of any extent at a zoom the bands cover (a one-cell book included)', () => {
    // maplibre's fitBounds never goes past FIT_MAX_ZOOM, however small the book's outline.
    expect(FIT_MAX_ZOOM).toBeLessThanOrEqual(MAX_MAP_ZOOM);
    expect(hexagonResolutionAt(FIT_MAX_ZOOM)).toBe(9);
    expect(cellPixels(FIT_MAX_ZOOM, 45)).toBeLessThan(NARROWEST_MAP_PX / 4);
  });

  it('measures ground pixels as maplibre does (512-px tiles)', () => {
    // Zoom 0: the whole equator is one 512-px tile.
    expect(metresPerPixel(0, 0)).toBeCloseTo(78_271.5, 0);
    expect(metresPerPixel(1, 60)).toBeCloseTo(78_271.5 / 4, 0);
  });
});
