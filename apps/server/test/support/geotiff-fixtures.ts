import { writeFileSync } from 'node:fs';
import { writeArrayBuffer } from 'geotiff';
import proj4 from 'proj4';
import sharp from 'sharp';

/**
 * Small generated GeoTIFFs for the imagery importer: four coloured quadrants (NW red, NE green,
 * SW blue, SE yellow) so a test can tell where each part of the image landed on the map.
 */
export const QUADRANT_COLOURS = {
  nw: [220, 30, 30],
  ne: [30, 200, 30],
  sw: [30, 30, 220],
  se: [230, 220, 40],
} as const;

/** Every pixel this grey: a second capture of the same area that a test can tell apart. */
export const GREY = [128, 128, 128] as const;

function quadrantPixels(width: number, height: number, grey = false): Uint8Array {
  const data = new Uint8Array(width * height * 3);
  if (grey) return data.fill(GREY[0]);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const key = `${y < height / 2 ? 'n' : 's'}${x < width / 2 ? 'w' : 'e'}` as keyof typeof QUADRANT_COLOURS;
      data.set(QUADRANT_COLOURS[key], (y * width + x) * 3);
    }
  return data;
}

/**
 * A plain (stripped, uncompressed) GeoTIFF in EPSG:4326 with its GeoKeys, written by geotiff.js:
 * the "plain GeoTIFF" a provider might hand over, which the importer converts.
 */
export function writeGeographicTiff(
  file: string,
  opts: { west: number; north: number; degreesPerPixel: number; width: number; height: number; grey?: boolean },
) {
  const buffer = writeArrayBuffer(quadrantPixels(opts.width, opts.height, opts.grey), {
    width: opts.width,
    height: opts.height,
    SamplesPerPixel: 3,
    BitsPerSample: [8, 8, 8],
    PhotometricInterpretation: 2,
    ModelPixelScale: [opts.degreesPerPixel, opts.degreesPerPixel, 0],
    ModelTiepoint: [0, 0, 0, opts.west, opts.north, 0],
    GTModelTypeGeoKey: 2,
    GTRasterTypeGeoKey: 1,
    GeographicTypeGeoKey: 4326,
  });
  writeFileSync(file, Buffer.from(buffer));
}

/**
 * A tiled, JPEG-compressed, pyramidal TIFF (the layout of a Cloud-Optimized GeoTIFF) in a UTM
 * zone, written by libvips through sharp; its georeferencing is a world file beside it, and its
 * CRS is given to the importer. Returns the UTM centre for the test's expectations.
 */
export async function writeUtmTiledTiff(
  file: string,
  opts: { lng: number; lat: number; epsg: number; zone: number; metresPerPixel: number; width: number; height: number },
): Promise<void> {
  const utm = `+proj=utm +zone=${opts.zone} +datum=WGS84 +units=m +no_defs`;
  const [cx, cy] = proj4('EPSG:4326', utm, [opts.lng, opts.lat]) as [number, number];
  await sharp(Buffer.from(quadrantPixels(opts.width, opts.height)), {
    raw: { width: opts.width, height: opts.height, channels: 3 },
  })
    .tiff({ tile: true, tileWidth: 256, tileHeight: 256, pyramid: true, compression: 'jpeg', quality: 95 })
    .toFile(file);
  const left = cx - (opts.width / 2) * opts.metresPerPixel;
  const top = cy + (opts.height / 2) * opts.metresPerPixel;
  // World file: A D B E C F, with C/F at the centre of the top-left pixel.
  const world = [
    opts.metresPerPixel,
    0,
    0,
    -opts.metresPerPixel,
    left + opts.metresPerPixel / 2,
    top - opts.metresPerPixel / 2,
  ];
  writeFileSync(file.replace(/\.tif$/, '.tfw'), world.join('\n') + '\n');
}
