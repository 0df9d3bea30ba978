import { describe, expect, it } from 'vitest';
import { AuthenticatedCache, type Authenticated } from './authenticated-cache.js';

const value = (exp: number): Authenticated => ({
  claims: { sub: 'u', exp },
  user: {} as Authenticated['user'],
  memberships: [],
});

describe('AuthenticatedCache', () => {
  it('serves an entry until the token expires, and never past its TTL', () => {
    const cache = new AuthenticatedCache(10, 30_000);
    const now = 1_000_000_000_000;
    cache.set('a', value(now / 1000 + 10), cache.generation, now);
    cache.set('b', value(now / 1000 + 3600), cache.generation, now);
    expect(cache.get('a', now + 9_999)).toBeDefined();
    expect(cache.get('a', now + 10_000)).toBeUndefined();
    expect(cache.get('b', now + 29_999)).toBeDefined();
    expect(cache.get('b', now + 30_000)).toBeUndefined();
  });

  it('refuses what was read before a clear, and forgets everything on clear', () => {
    const cache = new AuthenticatedCache();
    const now = Date.now();
    const before = cache.generation;
    cache.set('a', value(now / 1000 + 60), before);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', value(now / 1000 + 60), before);
    expect(cache.get('b')).toBeUndefined();
    cache.set('b', value(now / 1000 + 60), cache.generation);
    expect(cache.get('b')).toBeDefined();
  });

  it('holds at most maxEntries', () => {
    const cache = new AuthenticatedCache(3);
    for (const t of ['a', 'b', 'c', 'd']) cache.set(t, value(Date.now() / 1000 + 60), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBeDefined();
  });
});
