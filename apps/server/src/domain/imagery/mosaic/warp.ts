/**
 * Reprojection of a window of source pixels onto a block of Web Mercator pixels. Projecting every
 * output pixel through proj4 would cost ~10⁹ calls for a 40,000² mosaic, so the exact transform
 * is computed on a grid of nodes every GRID_STEP pixels and interpolated bilinearly between them
 * (GDAL's "approximate transformer"); the error over 16 px of a UTM or State Plane grid is far
 * below a pixel. Samples are bilinear; pixels outside the source (or transparent in it) get
 * alpha 0, so mosaic edges and collars stay see-through.
 */
export const GRID_STEP = 16;

export interface SourceWindow {
  /** Interleaved RGB or RGBA bytes of the window. */
  data: Uint8Array | Uint8ClampedArray;
  channels: 3 | 4;
  /** Window position in the full source image, in pixels. */
  x0: number;
  y0: number;
  width: number;
  height: number;
  /** Full source image size: outside it is transparent. */
  imageWidth: number;
  imageHeight: number;
}

/**
 * Fills `out` (RGBA, size × size) for a Mercator block whose top-left pixel corner is
 * (originX, originY) with `res` metres per pixel. `toSourcePixel` maps Mercator metres to
 * continuous source pixel coordinates (0,0 = top-left corner of the first pixel).
 */
export function warpBlock(
  out: Uint8Array,
  size: number,
  originX: number,
  originY: number,
  res: number,
  toSourcePixel: (mx: number, my: number) => [number, number],
  source: SourceWindow,
): void {
  const nodes = Math.ceil(size / GRID_STEP) + 1;
  const gridU = new Float64Array(nodes * nodes);
  const gridV = new Float64Array(nodes * nodes);
  for (let j = 0; j < nodes; j++) {
    for (let i = 0; i < nodes; i++) {
      // Node at the centre of output pixel (i·step, j·step).
      const [u, v] = toSourcePixel(originX + (i * GRID_STEP + 0.5) * res, originY - (j * GRID_STEP + 0.5) * res);
      gridU[j * nodes + i] = u;
      gridV[j * nodes + i] = v;
    }
  }
  const { data, channels, x0, y0, width: ww, height: wh, imageWidth, imageHeight } = source;
  for (let py = 0; py < size; py++) {
    const gj = Math.min(nodes - 2, Math.floor(py / GRID_STEP));
    const fy = (py - gj * GRID_STEP) / GRID_STEP;
    for (let px = 0; px < size; px++) {
      const gi = Math.min(nodes - 2, Math.floor(px / GRID_STEP));
      const fx = (px - gi * GRID_STEP) / GRID_STEP;
      const k = gj * nodes + gi;
      const u =
        (gridU[k]! * (1 - fx) + gridU[k + 1]! * fx) * (1 - fy) +
        (gridU[k + nodes]! * (1 - fx) + gridU[k + nodes + 1]! * fx) * fy;
      const v =
        (gridV[k]! * (1 - fx) + gridV[k + 1]! * fx) * (1 - fy) +
        (gridV[k + nodes]! * (1 - fx) + gridV[k + nodes + 1]! * fx) * fy;
      const o = (py * size + px) * 4;
      if (u < 0 || v < 0 || u >= imageWidth || v >= imageHeight) {
        out[o + 3] = 0;
        continue;
      }
      // Bilinear between the four pixel centres around (u, v), clamped to the window.
      const cx = u - 0.5 - x0;
      const cy = v - 0.5 - y0;
      let ix = Math.floor(cx);
      let iy = Math.floor(cy);
      let ax = cx - ix;
      let ay = cy - iy;
      if (ix < 0) {
        ix = 0;
        ax = 0;
      }
      if (iy < 0) {
        iy = 0;
        ay = 0;
      }
      if (ix >= ww - 1) {
        ix = ww - 1;
        ax = 0;
      }
      if (iy >= wh - 1) {
        iy = wh - 1;
        ay = 0;
      }
      const ix1 = Math.min(ww - 1, ix + 1);
      const iy1 = Math.min(wh - 1, iy + 1);
      const a = (iy * ww + ix) * channels;
      const b = (iy * ww + ix1) * channels;
      const c = (iy1 * ww + ix) * channels;
      const d = (iy1 * ww + ix1) * channels;
      const w00 = (1 - ax) * (1 - ay);
      const w10 = ax * (1 - ay);
      const w01 = (1 - ax) * ay;
      const w11 = ax * ay;
      for (let ch = 0; ch < channels; ch++)
        out[o + ch] = data[a + ch]! * w00 + data[b + ch]! * w10 + data[c + ch]! * w01 + data[d + ch]! * w11 + 0.5;
      if (channels === 3) out[o + 3] = 255;
    }
  }
}
