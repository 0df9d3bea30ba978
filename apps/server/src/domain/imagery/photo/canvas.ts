import type { Pt } from '../svg.js';

/** A pixel rectangle [x0, y0, x1, y1) inside the canvas. */
export type Rect = [x0: number, y0: number, x1: number, y1: number];

/** A shader writes the colour (0–1 per channel) of a pixel into `out`. */
export type Shader = (x: number, y: number, out: Float32Array) => void;

const SUB = 4;

/**
 * An RGB image in floats, painted pixel by pixel. Shapes are rasterised to anti-aliased coverage
 * (4 sub-scanlines per row, exact span ends across), then each covered pixel takes the colour of
 * a shader: a material computed per pixel, which is what gives imagery its photographic texture.
 */
export class Canvas {
  readonly rgb: Float32Array;
  private readonly scratch = new Float32Array(3);
  /** One row of coverage, reused by every polygon (allocation is a large share of the cost). */
  private readonly row: Float32Array;
  /**
   * Crossings of one sub-scanline, sorted in place by insertion (there are a handful): a JS array
   * with sort(comparator) boxed every crossing and was a quarter of a render's garbage.
   */
  private xs = new Float64Array(64);

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Float32Array(width * height * 3);
    this.row = new Float32Array(width);
  }

  /** Coverage (0–1) of polygon rings (even-odd) written into `mask` with max; its pixel bounds. */
  polygon(rings: Pt[][], mask: Float32Array): Rect | null {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const ring of rings)
      for (let i = 0; i < ring.length; i++) {
        const p = ring[i]!;
        const x = p[0];
        const y = p[1];
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    const x0 = Math.max(0, Math.floor(minX));
    const y0 = Math.max(0, Math.floor(minY));
    const x1 = Math.min(this.width, Math.ceil(maxX));
    const y1 = Math.min(this.height, Math.ceil(maxY));
    if (x0 >= x1 || y0 >= y1) return null;
    const w = x1 - x0;
    const row = this.row;
    let edges = 0;
    for (const ring of rings) edges += ring.length;
    if (this.xs.length < edges) this.xs = new Float64Array(edges * 2);
    const xs = this.xs;
    for (let y = y0; y < y1; y++) {
      row.fill(0, 0, w);
      for (let k = 0; k < SUB; k++) {
        const sy = y + (k + 0.5) / SUB;
        let n = 0;
        for (let r = 0; r < rings.length; r++) {
          const ring = rings[r]!;
          for (let i = 0; i + 1 < ring.length; i++) {
            const a = ring[i]!;
            const b = ring[i + 1]!;
            const ay = a[1];
            const by = b[1];
            if (ay <= sy === by <= sy) continue;
            const cross = a[0] + ((sy - ay) / (by - ay)) * (b[0] - a[0]);
            // Insertion into the sorted crossings.
            let j = n++;
            while (j > 0 && xs[j - 1]! > cross) {
              xs[j] = xs[j - 1]!;
              j--;
            }
            xs[j] = cross;
          }
        }
        if (n < 2) continue;
        for (let i = 0; i + 1 < n; i += 2) {
          const a = Math.max(x0, xs[i]!);
          const b = Math.min(x1, xs[i + 1]!);
          if (b <= a) continue;
          const ia = Math.floor(a);
          const ib = Math.min(x1 - 1, Math.floor(b));
          for (let px = ia; px <= ib; px++) {
            const cover = Math.min(b, px + 1) - Math.max(a, px);
            if (cover > 0) row[px - x0]! += cover / SUB;
          }
        }
      }
      const base = y * this.width;
      for (let i = 0; i < w; i++) {
        const v = row[i]!;
        if (v > mask[base + x0 + i]!) mask[base + x0 + i] = Math.min(1, v);
      }
    }
    return [x0, y0, x1, y1];
  }

  /** A thick polyline (round joins and caps) as coverage. */
  stroke(points: Pt[], width: number, mask: Float32Array): Rect | null {
    const half = width / 2;
    let bounds: Rect | null = null;
    const grow = (r: Rect | null) => {
      if (!r) return;
      bounds = bounds
        ? [Math.min(bounds[0], r[0]), Math.min(bounds[1], r[1]), Math.max(bounds[2], r[2]), Math.max(bounds[3], r[3])]
        : r;
    };
    for (let i = 0; i + 1 < points.length; i++) {
      const [ax, ay] = points[i]!;
      const [bx, by] = points[i + 1]!;
      const len = Math.hypot(bx - ax, by - ay) || 1e-9;
      const nx = (-(by - ay) / len) * half;
      const ny = ((bx - ax) / len) * half;
      grow(
        this.polygon(
          [
            [
              [ax + nx, ay + ny],
              [bx + nx, by + ny],
              [bx - nx, by - ny],
              [ax - nx, ay - ny],
              [ax + nx, ay + ny],
            ],
          ],
          mask,
        ),
      );
    }
    for (const p of points) grow(this.polygon([circle(p[0], p[1], half)], mask));
    return bounds;
  }

  /**
   * Paints `shader` where `mask` covers, with `opacity`; clears the mask inside `rect` as it goes.
   * `hiddenBy`: coverage of an opaque layer painted next; where it is whole, this layer's colour
   * would be overwritten entirely, so the shader is not run (the bytes are the same).
   */
  paint(mask: Float32Array, rect: Rect | null, shader: Shader, opacity = 1, hiddenBy?: Float32Array): void {
    if (!rect) return;
    const out = this.scratch;
    const [x0, y0, x1, y1] = rect;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const i = y * this.width + x;
        const m = mask[i]! * opacity;
        if (m <= 0) continue;
        mask[i] = 0;
        if (hiddenBy && hiddenBy[i]! >= 1) continue;
        shader(x, y, out);
        const j = i * 3;
        this.rgb[j] = this.rgb[j]! + (out[0]! - this.rgb[j]!) * m;
        this.rgb[j + 1] = this.rgb[j + 1]! + (out[1]! - this.rgb[j + 1]!) * m;
        this.rgb[j + 2] = this.rgb[j + 2]! + (out[2]! - this.rgb[j + 2]!) * m;
      }
  }

  /** Fills a polygon with a shader in one call. */
  fill(rings: Pt[][], shader: Shader, mask: Float32Array, opacity = 1, hiddenBy?: Float32Array): void {
    this.paint(mask, this.polygon(rings, mask), shader, opacity, hiddenBy);
  }

  /** The image as 8-bit RGB. */
  bytes(): Buffer {
    // A clamped array rounds and clamps on assignment.
    const out = new Uint8ClampedArray(this.width * this.height * 3);
    for (let i = 0; i < out.length; i++) out[i] = this.rgb[i]! * 255;
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }
}

/** A circle as a 16-sided ring. */
export function circle(cx: number, cy: number, r: number, sides = 16): Pt[] {
  const ring: Pt[] = [];
  for (let k = 0; k <= sides; k++) {
    const a = (k / sides) * Math.PI * 2;
    ring.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
  }
  return ring;
}

/** Separable box blur (two passes ≈ a Gaussian), in place: soft shadow edges. */
export function blurMask(mask: Float32Array, width: number, height: number, radius: number): void {
  const r = Math.max(1, Math.round(radius));
  const tmp = scratchMask('blur', mask.length);
  for (let pass = 0; pass < 2; pass++) {
    for (let y = 0; y < height; y++) {
      let sum = 0;
      const base = y * width;
      for (let x = -r; x <= r; x++) sum += mask[base + Math.min(width - 1, Math.max(0, x))]!;
      for (let x = 0; x < width; x++) {
        tmp[base + x] = sum / (2 * r + 1);
        sum += mask[base + Math.min(width - 1, x + r + 1)]! - mask[base + Math.max(0, x - r)]!;
      }
    }
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let y = -r; y <= r; y++) sum += tmp[Math.min(height - 1, Math.max(0, y)) * width + x]!;
      for (let y = 0; y < height; y++) {
        mask[y * width + x] = sum / (2 * r + 1);
        sum += tmp[Math.min(height - 1, y + r + 1) * width + x]! - tmp[Math.max(0, y - r) * width + x]!;
      }
    }
  }
}

export function hexColour(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

const scratch = new Map<string, Float32Array>();

/**
 * A zeroed coverage mask of `length` pixels, reused between renders: a render is synchronous, and
 * allocating several megabytes per image made garbage collection a sixth of the render time.
 * Each `key` is one mask in use at a time.
 */
export function scratchMask(key: string, length: number): Float32Array {
  const found = scratch.get(key);
  // A larger one serves too (a view of its start): orthos and obliques' grounds alternate in size.
  if (found && found.length >= length) return found.subarray(0, length).fill(0);
  const mask = new Float32Array(length);
  scratch.set(key, mask);
  return mask;
}
