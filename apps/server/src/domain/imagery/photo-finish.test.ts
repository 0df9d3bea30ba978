import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rasterizePhoto } from './render.js';

const flat = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#6f8f4e"/></svg>`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function greys(png: Buffer) {
  const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data;
}

describe('photographic finish', () => {
  it('gives a flat lawn texture at several scales, and the same bytes every time', async () => {
    const a = await rasterizePhoto(flat(256, 256), 'png', { width: 256, height: 256 }, [10, 20]);
    expect(sha(a)).toBe(sha(await rasterizePhoto(flat(256, 256), 'png', { width: 256, height: 256 }, [10, 20])));
    const pixels = await greys(a);
    const mean = pixels.reduce((s, v) => s + v, 0) / pixels.length;
    const sd = Math.sqrt(pixels.reduce((s, v) => s + (v - mean) ** 2, 0) / pixels.length);
    // The drawing alone is one flat colour (sd 0); the finish mottles it without changing its tone much.
    expect(sd).toBeGreaterThan(3);
    expect(Math.abs(mean - 123)).toBeLessThan(15);
    expect(sha(await rasterizePhoto(flat(256, 256), 'png', { width: 256, height: 256 }, [500, 20]))).not.toBe(sha(a));
  });

  it('continues the texture across neighbouring tiles (placed by pixel position)', async () => {
    const left = await greys(await rasterizePhoto(flat(256, 256), 'png', { width: 256, height: 256 }, [0, 0]));
    const right = await greys(await rasterizePhoto(flat(256, 256), 'png', { width: 256, height: 256 }, [256, 0]));
    const both = await greys(await rasterizePhoto(flat(512, 256), 'png', { width: 512, height: 256 }, [0, 0]));
    // Away from the image edges (the lens blur sees the edge), each tile is its part of the wider image.
    let diff = 0;
    for (let y = 8; y < 248; y++)
      for (let x = 8; x < 248; x++) {
        diff = Math.max(diff, Math.abs(left[y * 256 + x]! - both[y * 512 + x]!));
        diff = Math.max(diff, Math.abs(right[y * 256 + x]! - both[y * 512 + 256 + x]!));
      }
    expect(diff).toBeLessThanOrEqual(2);
  });
});
