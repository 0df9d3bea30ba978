import { writeFileSync } from 'node:fs';
import proj4 from 'proj4';
import sharp from 'sharp';

/**
 * A large mosaic for the imagery benchmark, written streaming by libvips (sharp): a 2048² field
 * texture (multi-scale pattern plus per-pixel grain, so JPEG keeps ~1.7 bytes a pixel, like
 * aerial photography) repeated to size × size, saved as a tiled, JPEG-compressed, pyramidal
 * BigTIFF (a COG's layout) with a world file in UTM zone 13N. Nothing holds the whole raster.
 */
export async function generateCog(
  file: string,
  opts: { size: number; metresPerPixel: number; lng: number; lat: number },
): Promise<void> {
  const T = 2048;
  const texture = Buffer.alloc(T * T * 3);
  let seed = 12_345;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff;
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const base = 90 + 30 * Math.sin(x / 57) * Math.cos(y / 43) + 20 * Math.sin((x + y) / 13);
      const grain = (random() - 0.5) * 60;
      const o = (y * T + x) * 3;
      texture[o] = clamp(base + grain + 10);
      texture[o + 1] = clamp(base + grain + 25);
      texture[o + 2] = clamp(base * 0.8 + grain);
    }
  await sharp(texture, { raw: { width: T, height: T, channels: 3 }, limitInputPixels: false })
    .extend({ right: opts.size - T, bottom: opts.size - T, extendWith: 'repeat' })
    .tiff({
      tile: true,
      tileWidth: 512,
      tileHeight: 512,
      pyramid: true,
      compression: 'jpeg',
      quality: 90,
      bigtiff: true,
    })
    .toFile(file);
  const utm = '+proj=utm +zone=13 +datum=WGS84 +units=m +no_defs';
  const [cx, cy] = proj4('EPSG:4326', utm, [opts.lng, opts.lat]) as [number, number];
  const half = (opts.size / 2) * opts.metresPerPixel;
  const m = opts.metresPerPixel;
  writeFileSync(file.replace(/\.tif$/, '.tfw'), [m, 0, 0, -m, cx - half + m / 2, cy + half - m / 2].join('\n') + '\n');
}
