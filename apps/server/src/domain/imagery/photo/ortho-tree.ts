import { treeBurned } from '../capture.js';
import { hashUnit } from '../random.js';
import type { SceneTree } from '../scene.js';
import type { SceneView } from '../view.js';
import type { Canvas } from './canvas.js';
import { lerp, type RGB } from './materials.js';
import { cellHash, fbm, noise } from './noise.js';
import { clamp01, type OrthoCtx } from './ortho-context.js';
import { speciesOf, type Species } from './site.js';

const CROWN: Record<Species, RGB> = {
  broadleaf: [0.26, 0.36, 0.14],
  'evergreen-broadleaf': [0.21, 0.3, 0.15],
  conifer: [0.14, 0.22, 0.13],
  palm: [0.36, 0.42, 0.2],
};

/** A tree from above: lumpy crown of lit leaf clusters, star-shaped conifer, palm fronds or bare branches. */
export function tree(canvas: Canvas, ctx: OrthoCtx, t: SceneTree, view: SceneView) {
  const { project, ppm, mpp, X, Y, W, H } = ctx;
  const species = speciesOf(t, ctx.climate);
  const burned = treeBurned(t, view.capturedOn, view.events);
  const leafOff = !burned && species === 'broadleaf' && (ctx.month >= 12 || ctx.month <= 3);
  const autumn = !burned && species === 'broadleaf' && (ctx.month === 10 || ctx.month === 11);
  const [cx, cy] = project(t.center);
  const rM = t.radiusM;
  const r = rM * ppm;
  const L = ctx.sun.toSun;
  let colour = CROWN[species];
  if (autumn)
    colour = [
      [0.45, 0.3, 0.1],
      [0.5, 0.22, 0.08],
      [0.42, 0.38, 0.12],
    ][Math.floor(hashUnit(t.id, 'autumn') * 3)] as RGB;
  const turn = hashUnit(t.id, 'turn') * Math.PI * 2;
  const fronds = 9 + Math.floor(hashUnit(t.id, 'fronds') * 4);
  const x0 = Math.max(0, Math.floor(cx - r * 1.3));
  const x1 = Math.min(W, Math.ceil(cx + r * 1.3));
  const y0 = Math.max(0, Math.floor(cy - r * 1.3));
  const y1 = Math.min(H, Math.ceil(cy + r * 1.3));
  const rgb = canvas.rgb;
  const tone = 0.85 + 0.3 * hashUnit(t.id, 'tone');
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const dx = (x + 0.5 - cx) / r;
      const dy = (y + 0.5 - cy) / r;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d > 1.3) continue;
      const wx = X[x]!;
      const wy = Y[y]!;
      const theta = Math.atan2(dy, dx);
      let alpha = 0;
      let f = 1;
      let c: RGB = colour;
      if (burned || leafOff) {
        // Bare crown: branches radiating from the trunk, twigs between, ground showing through.
        const branch = Math.abs(Math.sin((theta + turn) * 3.5 + noise(wx / 0.8, wy / 0.8) * 4));
        const twigs = noise(wx / 0.25, wy / 0.25);
        const edge = 1 + (noise(wx / 1.5, wy / 1.5) - 0.5) * 0.4;
        if (d > edge) continue;
        alpha = (branch < 0.18 ? 0.75 : twigs > 0.55 ? 0.45 : 0.15) * (1 - (d / edge) ** 2 * 0.6);
        c = burned ? [0.12, 0.1, 0.09] : [0.36, 0.31, 0.26];
        f = 1;
      } else if (species === 'palm') {
        const k = Math.round(((theta + turn) / (Math.PI * 2)) * fronds);
        const diff = Math.abs(theta + turn - (k / fronds) * Math.PI * 2);
        const halfWidth = (0.35 * (1 - d * d) + 0.08) / Math.max(0.15, d * rM);
        if (d > 1 || diff > halfWidth) continue;
        alpha = clamp01((halfWidth - diff) * d * rM * ppm * 0.8 + 0.3);
        f =
          0.75 +
          0.5 * clamp01(Math.cos(theta - Math.atan2(L[1], L[0])) * 0.5 + 0.5) +
          (cellHash(wx / 0.12, wy / 0.12) - 0.5) * 0.3;
        if (d < 0.12) c = [0.3, 0.26, 0.17];
      } else if (species === 'conifer') {
        const edge =
          0.8 + 0.2 * Math.abs(Math.cos(((theta + turn) * 9) / 2)) + (noise(wx / 0.6, wy / 0.6) - 0.5) * 0.25;
        if (d > edge) continue;
        alpha = clamp01((edge - d) * r * 0.9 + 0.2);
        // A cone: the side towards the sun lit, the far side in its own shade; radial branch texture.
        const towardsSun = (dx * L[0] + dy * L[1]) / (d || 1);
        f =
          0.65 +
          0.55 * (0.5 + 0.5 * towardsSun) * Math.min(1, d * 3) +
          (noise(theta * 6 + turn, d * 4) - 0.5) * 0.45 -
          d * 0.15;
      } else {
        const lump = fbm(wx, wy, 1.6, 2, mpp);
        const edge = 0.98 + lump * 0.7;
        if (d > edge) continue;
        alpha = clamp01((edge - d) * r * 0.8 + 0.25);
        const nz = Math.sqrt(Math.max(0, 1 - (d / edge) ** 2));
        const lambert = Math.max(0, dx * 0.8 * L[0] + dy * 0.8 * L[1] + nz * L[2]);
        // Leaf clusters: relief shading from noise sampled a little towards the sun.
        const here = noise(wx / 0.6, wy / 0.6);
        const sunward = noise((wx + L[0] * 0.25) / 0.6, (wy - L[1] * 0.25) / 0.6);
        f = 0.45 + 0.7 * lambert + (here - sunward) * 2.2 + (here < 0.28 ? -0.25 : 0);
        f += (cellHash(wx / 0.14, wy / 0.14) - 0.5) * 0.18;
      }
      const i = (y * W + x) * 3;
      const g = Math.max(0.2, f) * tone;
      rgb[i] = lerp(rgb[i]!, c[0] * g, alpha);
      rgb[i + 1] = lerp(rgb[i + 1]!, c[1] * g, alpha);
      rgb[i + 2] = lerp(rgb[i + 2]!, c[2] * g, alpha);
    }
}
