import { SESSION_STORAGE_KEYS } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyPrOverride,
  capturePrOverrideFromUrl,
  clearPrOverride,
  parsePrOverride,
  readPrOverride,
} from './pr-override';

describe('pull-request overrides', () => {
  it('accepts only all-digit numbers', () => {
    expect(parsePrOverride('?caribou_pr=123&ragamuffin_pr=45')).toEqual({ caribou_pr: '123', ragamuffin_pr: '45' });
    expect(parsePrOverride('?caribou_pr=12a&ragamuffin_pr=-4')).toEqual({});
    expect(parsePrOverride('?caribou_pr=&other=1')).toEqual({});
  });

  it('moves the parameters from the URL into session storage and removes them from the URL', () => {
    window.history.replaceState(null, '', '/zportfolio?caribou_pr=88&keep=yes&ragamuffin_pr=x1#top');
    expect(capturePrOverrideFromUrl()).toEqual({ caribou_pr: '88' });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/zportfolio?keep=yes#top');
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEYS.prOverride) ?? '{}')).toEqual({ caribou_pr: '88' });

    // a later visit adds the other repository and keeps the first
    window.history.replaceState(null, '', '/?ragamuffin_pr=9');
    expect(capturePrOverrideFromUrl()).toEqual({ caribou_pr: '88', ragamuffin_pr: '9' });
    clearPrOverride();
    expect(readPrOverride()).toBeNull();
  });

  it('leaves the URL alone without override parameters', () => {
    window.history.replaceState(null, '', '/faq?q=1');
    expect(capturePrOverrideFromUrl()).toBeNull();
    expect(window.location.search).toBe('?q=1');
  });

  it('ignores tampered storage', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.prOverride, '{"caribou_pr":"1; drop"}');
    expect(readPrOverride()).toBeNull();
    sessionStorage.setItem(SESSION_STORAGE_KEYS.prOverride, 'not json');
    expect(readPrOverride()).toBeNull();
  });

  it('applies to /api paths only', () => {
    const api = applyPrOverride(new URL('http://x/api/faq'), { caribou_pr: '1' });
    expect(api.searchParams.get('caribou_pr')).toBe('1');
    expect(applyPrOverride(new URL('http://x/apix'), { caribou_pr: '1' }).search).toBe('');
  });
});
