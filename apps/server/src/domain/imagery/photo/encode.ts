import sharp from 'sharp';
import { encode, type ImageFormat } from '../render.js';
import type { Canvas } from './canvas.js';

/** Encodes a painted canvas with the slight softness of an aerial camera's lens. */
export function encodeCanvas(canvas: Canvas, format: ImageFormat): Promise<Buffer> {
  const image = sharp(canvas.bytes(), { raw: { width: canvas.width, height: canvas.height, channels: 3 } }).blur(0.45);
  return encode(image, format);
}
