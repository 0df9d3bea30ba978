import { describe, expect, it } from 'vitest';
import { FIXTURE_CENTER } from '../../../test/fixtures/scene.js';
import { UrlSigner } from './signing.js';
import { captureImageItem } from './urls.js';

describe('captureImageItem', () => {
  it('gives the map widget a signed URL, the rendered bounds, a long date label and the provider', () => {
    const signer = new UrlSigner('urls-test-secret-0123456789abcdef');
    const item = captureImageItem(signer, {
      captureId: 'cap-1',
      propertyId: 'prop-1',
      capturedOn: '2025-06-15',
      provider: 'Z-VIEW sample',
      view: 'ortho',
      center: FIXTURE_CENTER,
      events: [],
    });
    expect(item.imageUrl).toMatch(/^\/api\/caribou\/imagery\/cap-1\/prop-1\.png\?exp=\d+&sig=/);
    expect(item.imageDateLabel).toBe('June 15, 2025');
    expect(item).toMatchObject({ imageProvider: 'Z-VIEW sample', captureId: 'cap-1', date: '2025-06-15' });
    expect(item).not.toHaveProperty('direction');
    const { west, east, south, north } = item.imageBounds;
    expect((west + east) / 2).toBeCloseTo(FIXTURE_CENTER[0], 9);
    expect((south + north) / 2).toBeCloseTo(FIXTURE_CENTER[1], 9);
    expect((north - south) * 111_320).toBeCloseTo(90, 6);
    const [exp, sig] = [
      new URL(item.imageUrl, 'http://x').searchParams.get('exp'),
      new URL(item.imageUrl, 'http://x').searchParams.get('sig'),
    ];
    expect(signer.verify('/api/caribou/imagery/cap-1/prop-1.png', exp!, sig!)).toBe('ok');
  });
});
