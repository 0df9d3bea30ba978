/** Footprint geometry shared by the renderers (points in pixels or metres) */

export type Pt = [number, number];

/**
 * The oriented rectangle of a footprint: axis `u` along its longest edge, `v` across it. Roof
 * ridges run along `u`; solar panels, tarps and hail marks are placed in (u, v).
 */
export function orientedFrame(ring: Pt[]) {
  let best: [Pt, Pt] = [ring[0]!, ring[1] ?? ring[0]!];
  let bestLen = -1;
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len > bestLen) {
      bestLen = len;
      best = [a, b];
    }
  }
  const len = Math.max(bestLen, 1e-9);
  const u: Pt = [(best[1][0] - best[0][0]) / len, (best[1][1] - best[0][1]) / len];
  const v: Pt = [-u[1], u[0]];
  const us = ring.map((p) => p[0] * u[0] + p[1] * u[1]);
  const vs = ring.map((p) => p[0] * v[0] + p[1] * v[1]);
  const frame = { u, v, minU: Math.min(...us), maxU: Math.max(...us), minV: Math.min(...vs), maxV: Math.max(...vs) };
  /** Point at fractions (a along u, b along v) of the rectangle. */
  const at = (a: number, b: number): Pt => {
    const pu = frame.minU + a * (frame.maxU - frame.minU);
    const pv = frame.minV + b * (frame.maxV - frame.minV);
    return [pu * u[0] + pv * v[0], pu * u[1] + pv * v[1]];
  };
  return { ...frame, at, length: frame.maxU - frame.minU, width: frame.maxV - frame.minV };
}
