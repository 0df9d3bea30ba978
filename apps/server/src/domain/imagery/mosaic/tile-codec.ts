import sharp from 'sharp';
import { TILE_PX } from './grid.js';

/** Blob key of a tile of a pyramid (no extension: the bytes say JPEG or PNG). */
export const tileKey = (prefix: string, z: number, x: number, y: number) => `${prefix}/${z}/${x}/${y}`;

/**
 * Encodes an RGBA tile: JPEG when fully opaque (a tenth of PNG's size for photographs), PNG when
 * part of it is outside the imagery (JPEG has no transparency); null when nothing is visible.
 */
export async function encodeTile(rgba: Uint8Array): Promise<Buffer | null> {
  let opaque = true;
  let visible = false;
  for (let i = 3; i < rgba.length; i += 4) {
    if (rgba[i] !== 255) opaque = false;
    if (rgba[i] !== 0) visible = true;
    if (!opaque && visible) break;
  }
  if (!visible) return null;
  const image = sharp(rgba, { raw: { width: TILE_PX, height: TILE_PX, channels: 4 } });
  return opaque
    ? image.removeAlpha().jpeg({ quality: 85, mozjpeg: false }).toBuffer()
    : image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

/** The media type of encoded tile bytes. */
export function tileContentType(data: Buffer): 'image/jpeg' | 'image/png' {
  return data[0] === 0xff && data[1] === 0xd8 ? 'image/jpeg' : 'image/png';
}
