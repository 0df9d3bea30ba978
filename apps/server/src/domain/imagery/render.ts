import sharp from 'sharp';
import { toMercator, type BBox } from './geo.js';
import type { SceneRaster } from './scene.js';

export const IMAGE_FORMATS = ['png', 'jpg', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const CONTENT_TYPES: Record<ImageFormat, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

// Encoding is CPU-bound in libvips' own threads; one thread per image keeps concurrent
// requests from oversubscribing small machines, and sharp's cache is pointless for one-off images.
sharp.concurrency(1);
sharp.cache(false);

export function encode(image: sharp.Sharp, format: ImageFormat): Promise<Buffer> {
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
    case 'jpg':
      return image.jpeg({ quality: 82, mozjpeg: false }).toBuffer();
    case 'webp':
      return image.webp({ quality: 80, effort: 2 }).toBuffer();
  }
}

/**
 * Crops the part of an imported raster (GeoTIFF/PNG/JPEG with known bounds, north-up) that
 * covers `bbox` and resizes it to the output.
 * Returns null when the raster does not cover the bbox.
 */
export async function cropRaster(
  raster: SceneRaster,
  bbox: BBox,
  width: number,
  height: number,
  format: ImageFormat,
): Promise<Buffer | null> {
  const image = sharp(raster.path);
  const meta = await image.metadata();
  if (!meta.width || !meta.height) return null;
  const [w, s, e, n] = raster.bounds;
  // Rows are linear in latitude for EPSG:4326 files and in Mercator y for EPSG:3857 ones.
  const y = (lat: number) => (raster.crs === 'EPSG:3857' ? toMercator([0, lat])[1] : lat);
  const rowOf = (lat: number) => ((y(n) - y(lat)) / (y(n) - y(s))) * meta.height!;
  const left = Math.floor(((bbox[0] - w) / (e - w)) * meta.width);
  const right = Math.ceil(((bbox[2] - w) / (e - w)) * meta.width);
  const top = Math.floor(rowOf(bbox[3]));
  const bottom = Math.ceil(rowOf(bbox[1]));
  if (left < 0 || top < 0 || right > meta.width || bottom > meta.height || right - left < 1 || bottom - top < 1)
    return null;
  return encode(
    image
      .extract({ left, top, width: right - left, height: bottom - top })
      .resize(width, height, { fit: 'fill' })
      .removeAlpha(),
    format,
  );
}
