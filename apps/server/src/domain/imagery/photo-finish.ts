import sharp from 'sharp';
import { seededRandom } from './random.js';

/**
 * What turns a vector drawing into something that reads as a photograph: every surface of an
 * aerial photo carries texture at several scales (mottled lawns and roofs metres across, grain
 * of gravel and shingles a pixel across) and the lens softens edges a little. The texture is a
 * periodic value-noise field built once per process from a fixed seed (so bytes are
 * deterministic), sampled at an offset chosen by the caller: a hash for a property image, the
 * tile position for tiles, so neighbouring tiles continue each other. It is laid over the
 * rasterised SVG with a soft-light blend, which keeps each surface's own colour.
 * Measured (bench/imagery.ts): +6–9 ms per 512² image.
 */
const FIELD = 1024;
let field: Uint8Array | undefined;

/** Periodic value noise on a FIELD² grid: octaves of 64, 16, 4 px cells plus per-pixel grain. */
function noiseField(): Uint8Array {
  if (field) return field;
  const random = seededRandom('photo-finish', 1);
  const out = new Float32Array(FIELD * FIELD);
  for (const [cell, weight] of [
    [64, 0.45],
    [16, 0.3],
    [4, 0.2],
  ] as const) {
    const n = FIELD / cell;
    const lattice = Float32Array.from({ length: n * n }, () => random() - 0.5);
    for (let y = 0; y < FIELD; y++) {
      const gy = y / cell;
      const y0 = Math.floor(gy);
      const ty = gy - y0;
      const sy = ty * ty * (3 - 2 * ty);
      const r0 = (y0 % n) * n;
      const r1 = ((y0 + 1) % n) * n;
      for (let x = 0; x < FIELD; x++) {
        const gx = x / cell;
        const x0 = Math.floor(gx);
        const tx = gx - x0;
        const sx = tx * tx * (3 - 2 * tx);
        const c0 = x0 % n;
        const c1 = (x0 + 1) % n;
        const top = lattice[r0 + c0]! * (1 - sx) + lattice[r0 + c1]! * sx;
        const bottom = lattice[r1 + c0]! * (1 - sx) + lattice[r1 + c1]! * sx;
        out[y * FIELD + x]! += (top * (1 - sy) + bottom * sy) * weight;
      }
    }
  }
  field = new Uint8Array(FIELD * FIELD);
  for (let i = 0; i < out.length; i++)
    field[i] = Math.max(0, Math.min(255, 128 + (out[i]! + (random() - 0.5) * 0.25) * 150));
  return field;
}

/** A width × height grey texture window of the field starting at (ox, oy), wrapping. */
function textureWindow(width: number, height: number, ox: number, oy: number): Buffer {
  const noise = noiseField();
  const out = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    const row = ((((oy + y) % FIELD) + FIELD) % FIELD) * FIELD;
    for (let x = 0; x < width; x++) out[y * width + x] = noise[row + ((((ox + x) % FIELD) + FIELD) % FIELD)]!;
  }
  return out;
}

/**
 * The rasterised drawing with photographic texture and a slight lens softness, as a sharp
 * pipeline ready to encode. `offset` places the texture (tile pixel origin or a hash).
 */
export async function photoFinish(
  svgRaster: sharp.Sharp,
  width: number,
  height: number,
  offset: [number, number],
): Promise<sharp.Sharp> {
  const grey = textureWindow(width, height, offset[0], offset[1]);
  const texture = Buffer.alloc(width * height * 3);
  for (let i = 0; i < grey.length; i++) texture.fill(grey[i]!, i * 3, i * 3 + 3);
  const base = await svgRaster.blur(0.45).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return sharp(base.data, { raw: base.info }).composite([
    { input: texture, raw: { width, height, channels: 3 }, blend: 'soft-light' },
  ]);
}
