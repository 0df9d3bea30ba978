import { seededRandom } from '../random.js';

/**
 * Value noise in ground metres. Sampled at world coordinates (not image pixels), so the same
 * patch of lawn or roof has the same texture in a property image, a map tile and an oblique,
 * and neighbouring tiles continue each other. The lattice is a fixed 256² table (built once
 * from a fixed seed: deterministic bytes); several octaves at unrelated scales hide its period.
 */
const SIZE = 256;
const MASK = SIZE - 1;
const table = (() => {
  const random = seededRandom('photo-noise', 2);
  return Float32Array.from({ length: SIZE * SIZE }, () => random());
})();

/** Smooth value noise in [0, 1] with one lattice cell per unit. */
export function noise(x: number, y: number): number {
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const tx = x - fx;
  const ty = y - fy;
  const sx = tx * tx * (3 - 2 * tx);
  const sy = ty * ty * (3 - 2 * ty);
  const x0 = fx & MASK;
  const x1 = (fx + 1) & MASK;
  const r0 = (fy & MASK) * SIZE;
  const r1 = ((fy + 1) & MASK) * SIZE;
  const top = table[r0 + x0]! + (table[r0 + x1]! - table[r0 + x0]!) * sx;
  const bottom = table[r1 + x0]! + (table[r1 + x1]! - table[r1 + x0]!) * sx;
  return top + (bottom - top) * sy;
}

/** White noise per integer cell in [0, 1): grain, sparkle, scattered marks. */
export function cellHash(x: number, y: number): number {
  return table[(Math.floor(y) & MASK) * SIZE + (Math.floor(x) & MASK)]!;
}

/**
 * Fractal noise around 0 (roughly −0.5…0.5): octaves from `cellM` metres down, halving each
 * time, but never finer than `minCellM` (about a pixel) so coarse tiles do not alias into salt.
 */
export function fbm(x: number, y: number, cellM: number, octaves: number, minCellM: number): number {
  let sum = 0;
  let weight = 0.5;
  let total = 0;
  let cell = cellM;
  for (let i = 0; i < octaves && cell >= minCellM; i++) {
    // Each octave is shifted by a prime offset so lattice points do not line up between octaves.
    sum += (noise(x / cell + i * 37.17, y / cell - i * 53.71) - 0.5) * weight;
    total += weight;
    weight *= 0.55;
    cell *= 0.5;
  }
  return total ? sum / total : 0;
}
