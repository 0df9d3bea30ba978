import { describe, expect, it } from 'vitest';
import { signedBaseStyles, streetStyleUrl } from './mapSources';

const sources = {
  satelliteTiles: 'http://x/api/tiles/satellite/{z}/{x}/{y}.png?exp=1&sig=t',
  styles: {
    street: 'http://x/api/map/style/street.json?exp=1&sig=s',
    satellite: 'http://x/api/map/style/satellite.json?exp=1&sig=s',
  },
  expiresAt: '2026-11-21T13:00:00.000Z',
};

describe('signed base maps', () => {
  it('asks the street style for the area around the property (bbox w,s,e,n, sides within the server limit)', () => {
    const url = new URL(streetStyleUrl(sources.styles.street, { lng: -105.283, lat: 40.015 }));
    expect(url.searchParams.get('sig')).toBe('s');
    const [w, s, e, n] = url.searchParams.get('bbox')!.split(',').map(Number);
    expect([w, s, e, n]).toEqual([-105.293, 40.005, -105.273, 40.025]);
    expect(e! - w!).toBeLessThanOrEqual(0.05);
  });

  it('keeps the signed satellite style as is', () => {
    const styles = signedBaseStyles(sources, { lng: 0, lat: 0 });
    expect(styles.satellite).toBe(sources.styles.satellite);
    expect(styles.street).toMatch(/^http:\/\/x\/api\/map\/style\/street\.json\?exp=1&sig=s&bbox=/);
  });
});
