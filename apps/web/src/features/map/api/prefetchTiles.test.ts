import { describe, expect, it } from 'vitest';
import { MAP } from '@zview/contracts';
import { firstMapView, rasterTileLevel, satelliteTileUrls, tilesAround } from './prefetchTiles';

const WICHITA = { lng: -97.363802, lat: 37.704906 };
const TEMPLATE = 'http://h/api/tiles/satellite/{z}/{x}/{y}.png?exp=1&sig=s';
/** A square of `metres` around a point, as [[west, south], [east, north]]. */
function square(point: { lng: number; lat: number }, metres: number): [[number, number], [number, number]] {
  const dLat = metres / 2 / 111_320;
  const dLng = dLat / Math.cos((point.lat * Math.PI) / 180);
  return [
    [point.lng - dLng, point.lat - dLat],
    [point.lng + dLng, point.lat + dLat],
  ];
}
/** The slippy-map tile holding a point. */
function tileOf(point: { lng: number; lat: number }, z: number) {
  const n = 2 ** z;
  const latRad = (point.lat * Math.PI) / 180;
  return {
    x: Math.floor(((point.lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n),
  };
}

describe('satellite tile prefetch', () => {
  it('a house fits at the building zoom cap: maplibre zoom 20 draws our 256-pixel tiles of level 21', () => {
    const view = firstMapView(square(WICHITA, 15), WICHITA);
    expect(view.zoom).toBe(MAP.buildingFitMaxZoom);
    expect(view.center.lng).toBeCloseTo(WICHITA.lng, 6);
    expect(view.center.lat).toBeCloseTo(WICHITA.lat, 6);
    expect(rasterTileLevel(view.zoom)).toBe(21);
    // The panel spans 3 to 4 tiles across and 2 to 3 down (what the map requested in Chromium).
    const tiles = tilesAround(WICHITA, 21);
    expect(new Set(tiles.map((t) => t.x)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(tiles.map((t) => t.x)).size).toBeLessThanOrEqual(4);
    expect(new Set(tiles.map((t) => t.y)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(tiles.map((t) => t.y)).size).toBeLessThanOrEqual(3);
    const { x, y } = tileOf(WICHITA, 21);
    expect(satelliteTileUrls(TEMPLATE, view)).toContain(`http://h/api/tiles/satellite/21/${x}/${y}.png?exp=1&sig=s`);
  });

  it('a large building opens further out, on a coarser level, still covering the panel with a handful of tiles', () => {
    const view = firstMapView(square(WICHITA, 120), WICHITA);
    expect(view.zoom).toBeLessThan(MAP.buildingFitMaxZoom);
    const urls = satelliteTileUrls(TEMPLATE, view);
    const level = rasterTileLevel(view.zoom);
    expect(level).toBeLessThan(21);
    expect(urls.every((u) => u.includes(`/satellite/${level}/`))).toBe(true);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    expect(urls.length).toBeLessThanOrEqual(12);
    const { x, y } = tileOf(WICHITA, level);
    expect(urls).toContain(`http://h/api/tiles/satellite/${level}/${x}/${y}.png?exp=1&sig=s`);
  });

  it('without buildings the map opens on the point at the recentre zoom', () => {
    const view = firstMapView(null, WICHITA);
    expect(view).toEqual({ center: WICHITA, zoom: MAP.recenterZoom });
    expect(rasterTileLevel(view.zoom)).toBe(MAP.recenterZoom + 1);
  });
});
