import { offsetMetres, round6, type LngLat } from '../../domain/hazard/geo.js';

/**
 * A neighbourhood's local frame: metres east/north of an origin, rotated by the street grid's
 * angle. Shapes are laid out in metres and converted to [lng, lat] once.
 */
export class LocalFrame {
  private readonly cos: number;
  private readonly sin: number;

  constructor(
    readonly lat: number,
    readonly lng: number,
    rotation: number,
  ) {
    this.cos = Math.cos(rotation);
    this.sin = Math.sin(rotation);
  }

  toLngLat(x: number, y: number): LngLat {
    return offsetMetres(this.lat, this.lng, x * this.cos - y * this.sin, x * this.sin + y * this.cos);
  }

  /** Closed polygon from local rectangle bounds. */
  rectangle(x0: number, y0: number, x1: number, y1: number): GeoJSON.Polygon {
    const ring = [this.toLngLat(x0, y0), this.toLngLat(x1, y0), this.toLngLat(x1, y1), this.toLngLat(x0, y1)];
    ring.push([ring[0]![0], ring[0]![1]]);
    return { type: 'Polygon', coordinates: [ring] };
  }
}

/**
 * A wobbly ellipse in the local frame: hail swaths and tornado tracks (long and thin), hurricane
 * wind fields, wildfire perimeters and flood extents (blobby). `contains` and `polygon` agree.
 */
export class Blob {
  constructor(
    readonly cx: number,
    readonly cy: number,
    /** Semi-axes in metres along and across the heading. */
    readonly a: number,
    readonly b: number,
    readonly heading: number,
    /** Harmonic amplitudes making the outline irregular (0 for a clean ellipse). */
    readonly wobble: readonly number[],
    readonly phase: number,
  ) {}

  private radiusFactor(angle: number): number {
    let f = 1;
    this.wobble.forEach((amplitude, k) => {
      f += amplitude * Math.sin((k + 2) * angle + this.phase * (k + 1));
    });
    return f;
  }

  /** Inside the outline, or within `margin` metres of it (approximately: the semi-axes grow by the margin). */
  contains(x: number, y: number, margin = 0): boolean {
    const a = this.a + margin;
    const b = this.b + margin;
    const dx = x - this.cx;
    const dy = y - this.cy;
    const u = dx * Math.cos(-this.heading) - dy * Math.sin(-this.heading);
    const v = dx * Math.sin(-this.heading) + dy * Math.cos(-this.heading);
    const angle = Math.atan2(v / b, u / a);
    const rho = Math.sqrt((u / a) ** 2 + (v / b) ** 2);
    return rho <= this.radiusFactor(angle);
  }

  polygon(frame: LocalFrame, vertices = 32): GeoJSON.Polygon {
    const ring: [number, number][] = [];
    for (let i = 0; i < vertices; i++) {
      const angle = (i / vertices) * Math.PI * 2;
      const f = this.radiusFactor(angle);
      const u = this.a * f * Math.cos(angle);
      const v = this.b * f * Math.sin(angle);
      const x = this.cx + u * Math.cos(this.heading) - v * Math.sin(this.heading);
      const y = this.cy + u * Math.sin(this.heading) + v * Math.cos(this.heading);
      const [lng, lat] = frame.toLngLat(x, y);
      ring.push([round6(lng), round6(lat)]);
    }
    ring.push([ring[0]![0], ring[0]![1]]);
    return { type: 'Polygon', coordinates: [ring] };
  }

  /** Area in m² (mean radius factor squared; close enough for acreage labels). */
  areaSqm(): number {
    return Math.PI * this.a * this.b;
  }
}
