import type { Pt } from '../svg.js';

/** Signed area (positive = counter-clockwise in y-down pixel space means clockwise on screen). */
export function signedArea(ring: Pt[]): number {
  let a = 0;
  for (let i = 0; i + 1 < ring.length; i++) a += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return a / 2;
}

/**
 * A closed ring moved outwards by `d` (negative: inwards), each edge along its normal and
 * corners at the edges' intersections: flower beds around a house, a pool's coping.
 */
export function offsetRing(ring: Pt[], d: number): Pt[] {
  const pts =
    ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;
  const n = pts.length;
  if (n < 3) return ring;
  const sign = signedArea([...pts, pts[0]!]) > 0 ? -1 : 1;
  const out: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % n]!;
    const n1 = normal(p0, p1, sign);
    const n2 = normal(p1, p2, sign);
    const bx = n1[0] + n2[0];
    const by = n1[1] + n2[1];
    const dot = n1[0] * n2[0] + n1[1] * n2[1];
    const k = d / Math.max(0.3, (1 + dot) / 1); // miter length, limited at sharp corners
    out.push([p1[0] + bx * k, p1[1] + by * k]);
  }
  out.push(out[0]!);
  return out;
}

function normal(a: Pt, b: Pt, sign: number): Pt {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1e-9;
  return [((b[1] - a[1]) / len) * sign, (-(b[0] - a[0]) / len) * sign];
}

/** Convex hull (monotone chain), closed: the shadow a footprint sweeps along the sun's direction. */
export function convexHull(points: Pt[]): Pt[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return [...pts, pts[0]!];
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Pt[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower.at(-2)!, lower.at(-1)!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper.at(-2)!, upper.at(-1)!, p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return [...hull, hull[0]!];
}

export interface PolylineCoords {
  across: number;
  along: number;
}

/**
 * Nearest point of a polyline: signed distance across it and distance along it, written into
 * `out` when given (shaders call this per pixel, and a new object each time was garbage).
 */
export function polylineCoords(
  points: Pt[],
  x: number,
  y: number,
  out: PolylineCoords = { across: 0, along: 0 },
): PolylineCoords {
  let best = Infinity;
  let across = 0;
  let along = 0;
  let walked = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[i + 1]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.sqrt(dx * dx + dy * dy) || 1e-9;
    const t = Math.max(0, Math.min(len, ((x - ax) * dx + (y - ay) * dy) / len));
    const qx = ax + (dx / len) * t;
    const qy = ay + (dy / len) * t;
    const d = Math.sqrt((x - qx) * (x - qx) + (y - qy) * (y - qy));
    if (d < best) {
      best = d;
      across = ((x - ax) * -dy + (y - ay) * dx) / len;
      along = walked + t;
    }
    walked += len;
  }
  out.across = across;
  out.along = along;
  return out;
}
