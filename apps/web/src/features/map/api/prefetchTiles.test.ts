import { describe, expect, it } from 'vitest';
import { satelliteTileUrls, tilesAround } from './prefetchTiles';

describe('satellite tile prefetch', () => {
  it('covers the panel around the point at the building zoom, with the style URL template', () => {
    // Wichita's landmark: maplibre at zoom 20 shows 256-pixel tiles of level 21; the panel spans
    // 3 to 4 of them across and 2 to 3 down (what the map requested in Chromium).
    const tiles = tilesAround({ lng: -97.363802, lat: 37.704906 }, 21);
    const xs = new Set(tiles.map((t) => t.x));
    const ys = new Set(tiles.map((t) => t.y));
    expect(xs.size).toBeGreaterThanOrEqual(3);
    expect(xs.size).toBeLessThanOrEqual(4);
    expect(ys.size).toBeGreaterThanOrEqual(2);
    expect(ys.size).toBeLessThanOrEqual(3);
    // The tile that holds the point (slippy-map formula) is among them.
    const n = 2 ** 21;
    const x = Math.floor(((-97.363802 + 180) / 360) * n);
    const latRad = (37.704906 * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n);
    expect(tiles).toContainEqual({ x, y });
    const urls = satelliteTileUrls('http://h/api/tiles/satellite/{z}/{x}/{y}.png?exp=1&sig=s', { lng: -97.363802, lat: 37.704906 });
    expect(urls).toContain(`http://h/api/tiles/satellite/21/${x}/${y}.png?exp=1&sig=s`);
  });
});
