import type { RoofMaterial } from '../../property/features.js';
import { cellHash, fbm, noise } from './noise.js';
import type { Climate } from './site.js';

/**
 * Surface materials as seen from the air, each a colour computed per pixel from ground metres
 * (x east, y north): multi-scale noise for patches and grain, so no two square metres are alike
 * and the same place always looks the same. `px` is the pixel size in metres: texture finer than
 * a pixel is left out rather than aliased.
 */

export type RGB = [number, number, number];

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
export const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

export function setMix(out: Float32Array, a: RGB, b: RGB, t: number, gain = 1): void {
  out[0] = (a[0] + (b[0] - a[0]) * t) * gain;
  out[1] = (a[1] + (b[1] - a[1]) * t) * gain;
  out[2] = (a[2] + (b[2] - a[2]) * t) * gain;
}

const GRASS: RGB = [0.33, 0.41, 0.21];
const LUSH: RGB = [0.29, 0.39, 0.19];
const DRY: RGB = [0.6, 0.55, 0.38];
const SOIL: RGB = [0.45, 0.38, 0.29];
const GRAVEL: RGB = [0.64, 0.6, 0.53];
const MULCH: RGB = [0.33, 0.24, 0.17];
const ASPHALT: RGB = [0.27, 0.27, 0.27];
const ASPHALT_OLD: RGB = [0.43, 0.42, 0.4];
const CONCRETE: RGB = [0.7, 0.68, 0.64];
const WATER: RGB = [0.16, 0.25, 0.27];
const POOL_SHALLOW: RGB = [0.45, 0.78, 0.82];
const POOL_DEEP: RGB = [0.1, 0.45, 0.66];

/** How green the vegetation is on a date: seasonal in the East, dry summers in the West. */
export function greenness(capturedOn: string, climate: Climate): number {
  const month = Number(capturedOn.slice(5, 7));
  const summer = Math.cos(((month - 7) / 12) * 2 * Math.PI) * 0.5 + 0.5;
  if (climate === 'gulf') return 0.8 + 0.15 * summer;
  if (climate === 'west') return 0.3 + 0.35 * Math.sin(((month - 2) / 12) * 2 * Math.PI) * 0.5 + 0.15;
  return 0.15 + 0.8 * summer;
}

export interface GroundLook {
  /** 0 brown … 1 green. */
  green: number;
  /** Watered lawn (greener, more even) or open ground. */
  lawn: boolean;
  /** Xeriscape: gravel and rock instead of grass. */
  gravel: boolean;
}

export function ground(x: number, y: number, px: number, look: GroundLook, out: Float32Array): void {
  const patches = fbm(x, y, 9, 3, px);
  const clumps = fbm(x, y, 0.9, 3, px);
  const grain = px < 0.4 ? cellHash(x / 0.16, y / 0.16) - 0.5 : 0;
  if (look.gravel) {
    const stones = px < 0.4 ? cellHash(x / 0.12 + 7, y / 0.12) - 0.5 : 0;
    const shrub = noise(x / 1.3, y / 1.3);
    if (shrub > 0.78) setMix(out, [0.22, 0.3, 0.16], [0.3, 0.38, 0.2], clamp01(clumps + 0.5), 0.9);
    else setMix(out, GRAVEL, SOIL, clamp01(0.3 + patches), 1 + stones * 0.35 + clumps * 0.2);
    return;
  }
  const evenness = look.lawn ? 0.8 : 1;
  const dry = clamp01(1 - look.green + patches * 1.6 * evenness + (look.lawn ? -0.25 : 0.1));
  const base = look.lawn && look.green > 0.5 ? LUSH : GRASS;
  setMix(out, base, DRY, dry, 1 + clumps * 0.45 * evenness + grain * 0.16);
  // Bare soil where the ground is worn (open ground, not lawns).
  if (!look.lawn && patches < -0.22) {
    const t = clamp01((-0.22 - patches) * 6);
    out[0] = lerp(out[0]!, SOIL[0] * (1 + grain * 0.3), t);
    out[1] = lerp(out[1]!, SOIL[1] * (1 + grain * 0.3), t);
    out[2] = lerp(out[2]!, SOIL[2] * (1 + grain * 0.3), t);
  }
}

/** Flower beds along a house: mulch with shrubs. */
export function bed(x: number, y: number, px: number, green: number, out: Float32Array): void {
  const shrub = noise(x / 0.9 + 11, y / 0.9);
  const grain = px < 0.4 ? cellHash(x / 0.15 + 3, y / 0.15) - 0.5 : 0;
  if (shrub > 0.55) setMix(out, [0.2, 0.3, 0.14], DRY, 1 - green, 0.8 + (shrub - 0.55) * 1.2 + grain * 0.2);
  else setMix(out, MULCH, SOIL, noise(x / 2, y / 2), 1 + grain * 0.3);
}

/** Asphalt: patched, cracked, darker where tyres run (`lane` = metres from the lane's wheel path). */
export function asphalt(x: number, y: number, px: number, age: number, wheel: number, out: Float32Array): void {
  const patches = fbm(x, y, 6, 3, px);
  const grain = px < 0.4 ? cellHash(x / 0.12, y / 0.12) - 0.5 : 0;
  setMix(out, ASPHALT, ASPHALT_OLD, clamp01(age + patches * 0.8), 1 + grain * 0.14);
  // Cracks: thin iso-lines of a noise field.
  if (px < 0.5 && Math.abs(noise(x / 4.3, y / 4.3) - 0.5) < 0.006) for (let c = 0; c < 3; c++) out[c]! *= 0.82;
  if (wheel < 0.5) for (let c = 0; c < 3; c++) out[c]! *= 0.9 + wheel * 0.2;
}

/** Concrete slabs with expansion joints every `jointM` along the slab (`along` in metres). */
export function concrete(x: number, y: number, px: number, along: number, jointM: number, out: Float32Array): void {
  const patches = fbm(x, y, 3, 3, px);
  const grain = px < 0.4 ? cellHash(x / 0.1, y / 0.1) - 0.5 : 0;
  setMix(out, CONCRETE, [0.58, 0.56, 0.52], clamp01(0.3 + patches), 1 + grain * 0.08);
  const joint = (((along % jointM) + jointM) % jointM) / px;
  if (px < 0.5 && joint < 0.7) for (let c = 0; c < 3; c++) out[c]! *= 0.82;
}

export function water(x: number, y: number, px: number, out: Float32Array): void {
  const waves = fbm(x, y, 14, 4, px);
  setMix(out, WATER, [0.24, 0.33, 0.3], clamp01(0.5 + waves * 1.5), 1 + fbm(x, y, 1.1, 2, px) * 0.15);
}

/** Pool water: shallow end light, deep end dark, caustic lines. `depth` 0 shallow … 1 deep. */
export function pool(x: number, y: number, px: number, depth: number, out: Float32Array): void {
  setMix(out, POOL_SHALLOW, POOL_DEEP, depth, 1);
  const caustic = Math.abs(noise(x / 0.7, y / 0.7) - 0.5);
  if (caustic < 0.05) for (let c = 0; c < 3; c++) out[c] = lerp(out[c]!, 0.95, (0.05 - caustic) * 5);
}

/** Gravel, bare soil and weeds (farm yards, lots). */
export function gravel(x: number, y: number, px: number, out: Float32Array): void {
  const stones = px < 0.4 ? cellHash(x / 0.1, y / 0.1) - 0.5 : 0;
  setMix(out, GRAVEL, SOIL, clamp01(0.4 + fbm(x, y, 4, 3, px)), 1 + stones * 0.4);
}

/**
 * A roof's texture at a point: `a` metres along the eave, `s` metres down the slope from the
 * ridge. Returns a brightness factor around 1 (multiplies the roof's colour).
 */
export function roofTexture(
  material: RoofMaterial,
  x: number,
  y: number,
  a: number,
  s: number,
  px: number,
  wear: number,
): number {
  const fine = px < 0.45;
  const grain = fine ? cellHash(x / 0.11, y / 0.11) - 0.5 : 0;
  const blotch = fbm(x, y, 2.5, 3, px);
  // Weathering: dark streaks running down the slope (algae, water), stronger with age.
  const streak = noise(a / 0.7, s / 4) - 0.5;
  let f = 1 + blotch * (0.1 + wear * 0.35) + streak * wear * 0.35;
  switch (material) {
    case 'asphalt_shingle': {
      // Courses of 0.14 m exposure with tabs of ~0.33 m, staggered: per-tab tone.
      const course = Math.floor(s / 0.14);
      const tab = cellHash(a / 0.33 + (course % 2) * 0.5, course * 1.7);
      f *= 1 + (fine ? (tab - 0.5) * 0.12 + grain * 0.18 : 0);
      break;
    }
    case 'tile': {
      // Barrel tiles: rounded channels running down the slope every ~0.3 m, courses every 0.35 m.
      const channel = Math.cos((a / 0.3) * 2 * Math.PI);
      const course = (s % 0.36) / 0.36;
      f *= 1 + (fine ? channel * 0.1 + (course < 0.15 ? -0.12 : 0) + grain * 0.1 : 0);
      break;
    }
    case 'metal': {
      // Standing seams every 0.5 m running down the slope: a bright line and its shade.
      const seam = (((a % 0.5) + 0.5) % 0.5) / 0.5;
      f *= 1 + (seam < px / 0.5 ? 0.28 : seam < (2 * px) / 0.5 ? -0.12 : 0) + grain * 0.04;
      f = 1 + (f - 1) * 0.8;
      break;
    }
    case 'membrane': {
      // Sheets 3 m wide with lapped seams; ponding stains where water stands.
      const seam = (((a % 3) + 3) % 3) / px;
      f *= 1 + (seam < 1 ? -0.06 : 0) + grain * 0.05;
      const stain = noise(x / 5 + 3, y / 5);
      if (stain > 0.7) f *= 1 - (stain - 0.7) * (0.6 + wear);
      break;
    }
    case 'wood_shake': {
      const course = Math.floor(s / 0.25);
      const shake = cellHash(a / 0.2 + course * 0.37, course * 2.3);
      f *= 1 + (fine ? (shake - 0.5) * 0.3 + grain * 0.2 : 0);
      break;
    }
    case 'slate': {
      const course = Math.floor(s / 0.2);
      const slate = cellHash(a / 0.3 + (course % 2) * 0.5, course * 1.3);
      f *= 1 + (fine ? (slate - 0.5) * 0.16 + grain * 0.08 : 0);
      break;
    }
    default:
      f *= 1 + grain * 0.1;
  }
  return f;
}
