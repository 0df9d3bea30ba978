import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { mapStyle } from './map-style.js';
import { UrlSigner } from './signing.js';

const signer = new UrlSigner('map-style-test-secret-0123456789');

describe('mapStyle', () => {
  it.each(['street', 'satellite'] as const)('%s is a valid MapLibre style', (name) => {
    const style = mapStyle(name, { origin: 'https://zview.example', signer, bbox: [-105, 39.7, -104.98, 39.75] });
    expect(validateStyleMin(style as never)).toEqual([]);
  });

  it('signs the raster and vector tile templates with the style expiry', () => {
    const satellite = mapStyle('satellite', { origin: 'https://zview.example', signer }) as {
      sources: { satellite: { tiles: string[] } };
    };
    expect(satellite.sources.satellite.tiles[0]).toMatch(
      /^https:\/\/zview\.example\/api\/tiles\/satellite\/\{z\}\/\{x\}\/\{y\}\.png\?exp=\d+&sig=[\w-]+$/,
    );
    const street = mapStyle('street', { origin: 'https://zview.example', signer }) as {
      sources: { basemap: { tiles: string[] } };
    };
    expect(street.sources.basemap.tiles[0]).toMatch(
      /^https:\/\/zview\.example\/api\/map\/tiles\/\{z\}\/\{x\}\/\{y\}\.pbf\?exp=\d+&sig=[\w-]+$/,
    );
  });
});
