/** Small SVG helpers shared by the orthophoto and oblique renderers. */

export type Pt = [number, number];

const f = (n: number) => (Math.round(n * 10) / 10).toString();

export function pathOf(rings: Pt[][]): string {
  return rings.map((ring) => `M${ring.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z`).join('');
}

/** A circle as path data, so many circles can share one <path> element. */
export function circlePath(cx: number, cy: number, r: number): string {
  return `M${f(cx - r)} ${f(cy)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z`;
}

export function polylineOf(points: Pt[]): string {
  return `M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}`;
}

export function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${typeof v === 'number' ? f(v) : escapeXml(v!)}"`)
    .join(' ');
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

export function svgDocument(width: number, height: number, body: string[], defs: string[] = []): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs.length ? `<defs>${defs.join('')}</defs>` : ''}${body.join('')}</svg>`;
}

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

export function centroid(ring: Pt[]): Pt {
  const pts = ring.length > 1 ? ring.slice(0, -1) : ring;
  const s = pts.reduce<Pt>((acc, p) => [acc[0] + p[0], acc[1] + p[1]], [0, 0]);
  return [s[0] / Math.max(1, pts.length), s[1] / Math.max(1, pts.length)];
}
