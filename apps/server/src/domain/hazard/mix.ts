/** Deterministic hashing shared by the hazard climatology and the sample world's generator. */

/** Mixes integers into one well-distributed 32-bit value (murmur3 finaliser per step). */
export function mix(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h ^= Math.imul(((value | 0) ^ (value / 4294967296)) | 0, 0x85ebca6b) + 0x27d4eb2f;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}
