import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSigningSecret, UrlSigner } from './signing.js';

const signer = new UrlSigner('test-secret-of-32-characters-xx', { ttlSeconds: 3600, windowSeconds: 900 });
const NOW = Date.parse('2026-07-01T12:01:00Z');
const scope = '/api/caribou/imagery/cap-1/prop-1.png';

describe('signed URLs', () => {
  it('accepts its own signature before expiry', () => {
    const { exp, sig } = signer.sign(scope, NOW);
    expect(exp * 1000).toBeGreaterThanOrEqual(NOW + 3600_000);
    expect(exp % 900).toBe(0);
    expect(signer.verify(scope, String(exp), sig, NOW)).toBe('ok');
  });

  it('gives the same URL within one expiry window (browser caches keep working)', () => {
    expect(signer.signUrl(scope, undefined, NOW)).toBe(signer.signUrl(scope, undefined, NOW + 60_000));
  });

  it('refuses tampered signatures, scopes and expiry times', () => {
    const { exp, sig } = signer.sign(scope, NOW);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.verify(scope, String(exp), flipped, NOW)).toBe('invalid');
    expect(signer.verify('/api/caribou/imagery/cap-1/prop-2.png', String(exp), sig, NOW)).toBe('invalid');
    expect(signer.verify(scope, String(exp + 900), sig, NOW)).toBe('invalid');
    expect(signer.verify(scope, 'soon', sig, NOW)).toBe('invalid');
    expect(signer.verify(scope, String(exp), undefined, NOW)).toBe('invalid');
    const other = new UrlSigner('another-secret-of-32-characters-x');
    expect(other.verify(scope, String(exp), sig, NOW)).toBe('invalid');
  });

  it('refuses expired URLs and reports missing ones', () => {
    const { exp, sig } = signer.sign(scope, NOW);
    expect(signer.verify(scope, String(exp), sig, exp * 1000)).toBe('expired');
    expect(signer.verify(scope, undefined, undefined, NOW)).toBe('missing');
  });

  it('appends exp and sig to URLs with or without a query', () => {
    const url = signer.signUrl('/api/map/style/street.json?bbox=1,2,3,4', 'map:style', NOW);
    expect(url).toMatch(/^\/api\/map\/style\/street\.json\?bbox=1,2,3,4&exp=\d+&sig=[\w-]+$/);
  });

  it('keeps a generated secret under the data directory across restarts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zview-secret-'));
    const first = resolveSigningSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSigningSecret(undefined, dir)).toBe(first);
    expect(readFileSync(path.join(dir, 'secrets', 'url-signing.key'), 'utf8')).toBe(first);
    expect(resolveSigningSecret('configured-secret-0123456789', dir)).toBe('configured-secret-0123456789');
    // Written under a draft name and linked into place: no draft is left beside it.
    expect(readdirSync(path.join(dir, 'secrets'))).toEqual(['url-signing.key']);
  });

  it('never keeps an empty secret file as its secret (another process still writing it)', () => {
    // Two API processes starting at once on a fresh DATA_DIR: one used to read the other's file
    // between its creation and its write, and kept '' for good (every signer then threw).
    const dir = mkdtempSync(path.join(tmpdir(), 'zview-secret-'));
    mkdirSync(path.join(dir, 'secrets'));
    const file = path.join(dir, 'secrets', 'url-signing.key');
    writeFileSync(file, '');
    expect(() => resolveSigningSecret(undefined, dir)).toThrow(/is empty/);
    writeFileSync(file, 'secret-written-by-the-other-process');
    expect(resolveSigningSecret(undefined, dir)).toBe('secret-written-by-the-other-process');
  });
});
