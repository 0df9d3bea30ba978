import { createHash } from 'node:crypto';

/** Deterministic randomness: the same key always gives the same numbers (no Math.random). */
export function hashUnit(...parts: (string | number)[]): number {
  const digest = createHash('sha1').update(parts.join('\u0000')).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
}

/** mulberry32 seeded from a string key: a fast stream of [0, 1) numbers. */
export function seededRandom(...parts: (string | number)[]): () => number {
  let state = Math.floor(hashUnit(...parts) * 0x1_0000_0000) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}
