import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `npm run world -- ARGS` (apps/server/src/world/cli.ts) on the running product's data: its
 * embedded PostgreSQL, which the product owns and keeps running, is reached at the port its
 * postmaster.pid records (line 4), and its blob store is DATA_DIR/blobs.
 */
export async function runWorldCli(args: string[]): Promise<string> {
  const dataDir = inject('dataDir');
  if (!dataDir) throw new Error('The product’s DATA_DIR is unknown: with E2E_BASE_URL, set E2E_DATA_DIR too.');
  const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  if (!port) throw new Error(`No PostgreSQL port in ${dataDir}/pg/postmaster.pid`);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/world/cli.ts'), ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://postgres:zview-local@127.0.0.1:${port}/postgres`,
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return stdout;
}

/** Colours no painted scene has: a test can tell the imported capture's pixels from the drawing. */
export const QUADRANT_COLOURS = {
  nw: [235, 20, 200],
  ne: [20, 225, 235],
  sw: [250, 130, 0],
  se: [40, 40, 235],
} as const;

const MERCATOR_R = 6378137;

/**
 * A small Cloud-Optimized GeoTIFF (tiled, JPEG, with overviews; written by libvips through sharp)
 * in Web Mercator (EPSG:3857), georeferenced by a world file, whose four quadrants of
 * QUADRANT_COLOURS meet at `center`. A provider's mosaic in miniature.
 */
export async function writeQuadrantCog(
  file: string,
  opts: { center: { lat: number; lng: number }; metresPerPixel: number; size: number },
): Promise<void> {
  const { size, metresPerPixel: m } = opts;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const key = `${y < size / 2 ? 'n' : 's'}${x < size / 2 ? 'w' : 'e'}` as keyof typeof QUADRANT_COLOURS;
      pixels.set(QUADRANT_COLOURS[key], (y * size + x) * 3);
    }
  await sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .tiff({ tile: true, tileWidth: 256, tileHeight: 256, pyramid: true, compression: 'jpeg', quality: 95 })
    .toFile(file);
  const cx = (MERCATOR_R * opts.center.lng * Math.PI) / 180;
  const cy = MERCATOR_R * Math.log(Math.tan(Math.PI / 4 + (opts.center.lat * Math.PI) / 360));
  // World file: A D B E C F, C/F the centre of the top-left pixel.
  const left = cx - (size / 2) * m;
  const top = cy + (size / 2) * m;
  writeFileSync(file.replace(/\.tiff?$/i, '.tfw'), [m, 0, 0, -m, left + m / 2, top - m / 2].join('\n') + '\n');
}

/** The share (0–1) of a PNG screenshot's pixels within `tolerance` (per channel) of `rgb`. */
export function colourShare(png: { data: Uint8Array }, rgb: readonly number[], tolerance = 40): number {
  let hits = 0;
  const n = png.data.length / 4;
  for (let i = 0; i < png.data.length; i += 4)
    if (
      Math.abs(png.data[i]! - rgb[0]!) <= tolerance &&
      Math.abs(png.data[i + 1]! - rgb[1]!) <= tolerance &&
      Math.abs(png.data[i + 2]! - rgb[2]!) <= tolerance
    )
      hits++;
  return hits / n;
}
