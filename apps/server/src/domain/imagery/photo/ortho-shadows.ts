import { treeBurned } from '../capture.js';
import type { LngLat } from '../geo.js';
import type { SceneBuilding, SceneFeatures } from '../scene.js';
import { orientedFrame, type Pt } from '../svg.js';
import type { SceneView } from '../view.js';
import { blurMask, circle, scratchMask, type Canvas, type Rect } from './canvas.js';
import { convexHull } from './geometry.js';
import type { OrthoCtx } from './ortho-context.js';
import { PITCH } from './roof.js';
import { speciesOf, treeHeightM, wallHeightM, type SiteDetails } from './site.js';
import { roofWings } from './wings.js';

const FT = 0.3048;

function addScaled(target: Float32Array, source: Float32Array, rect: Rect | null, width: number, k: number) {
  if (!rect) return;
  for (let y = rect[1]; y < rect[3]; y++)
    for (let x = rect[0]; x < rect[2]; x++) {
      const i = y * width + x;
      const v = source[i]! * k;
      if (v > target[i]!) target[i] = v;
      source[i] = 0;
    }
}

/** Soft shadows of buildings, trees, cars and fences, cast away from the capture's sun. */
export function shadows(
  canvas: Canvas,
  ctx: OrthoCtx,
  view: SceneView,
  scene: SceneFeatures,
  buildings: SceneBuilding[],
  site: SiteDetails,
) {
  const { W, H, ppm, project } = ctx;
  const shadow = scratchMask('shadow', W * H);
  const tmp = scratchMask('shadow-part', W * H);
  const sx = ctx.sun.shadow.dx * ppm;
  const sy = ctx.sun.shadow.dy * ppm;
  const cast = (pts: Pt[], h: number): Pt[] =>
    convexHull([...pts, ...pts.map(([x, y]): Pt => [x + sx * h, y + sy * h])]);
  for (const b of buildings) {
    const pts = (b.outline.coordinates[0] ?? []).map((c) => project(c as LngLat));
    // The data's height is to the top: the eaves cast the outline, the ridge reaches further.
    const frame = orientedFrame(pts);
    const total = b.heightFt * FT;
    const wings = pts.length > 5 ? roofWings(pts) : [];
    const walls = wallHeightM(b, (wings.length > 1 ? wings[0]!.width : frame.width) / ppm, PITCH);
    const shift =
      (h: number) =>
      ([x, y]: Pt): Pt => [x + sx * h, y + sy * h];
    const hip = b.roofShape === 'hip' || b.roofShape === 'mansard';
    const pitched = b.roofShape !== 'flat' && b.roofShape !== 'unknown';
    if (wings.length > 1) {
      // An L or T casts each wing's shadow (one hull would fill the notch between the arms).
      for (const w of wings) {
        const at = (fu: number, fv: number): Pt => {
          const pu = w.minU + fu * w.length;
          const pv = w.minV + fv * w.width;
          return [pu * w.u[0] + pv * w.v[0], pu * w.u[1] + pv * w.v[1]];
        };
        const rect = [at(0, 0), at(1, 0), at(1, 1), at(0, 1)];
        const outline = [...rect, ...rect.map(shift(walls))];
        const rise = Math.min(total - walls, (w.width / 2 / ppm) * Math.tan(PITCH));
        const inset = hip ? Math.min(0.45, w.width / 2 / Math.max(w.length, 1e-9)) : 0;
        if (pitched) outline.push(shift(walls + rise)(at(inset, 0.5)), shift(walls + rise)(at(1 - inset, 0.5)));
        canvas.polygon([convexHull(outline)], shadow);
      }
      continue;
    }
    const outline = [...pts, ...pts.map(shift(walls))];
    if (pitched) {
      const inset = hip ? Math.min(0.45, frame.width / 2 / Math.max(frame.length, 1e-9)) : 0;
      outline.push(shift(total)(frame.at(inset, 0.5)), shift(total)(frame.at(1 - inset, 0.5)));
    }
    canvas.polygon([convexHull(outline)], shadow);
  }
  for (const t of scene.trees) {
    const species = speciesOf(t, ctx.climate);
    const burned = treeBurned(t, view.capturedOn, view.events);
    const leafOff = burned || (species === 'broadleaf' && (ctx.month >= 12 || ctx.month <= 3));
    const [cx, cy] = project(t.center);
    const r = t.radiusM * ppm;
    const h = treeHeightM(t, species);
    const trunk: Pt[] = [
      [cx, cy],
      [cx + sx * h * 0.6, cy + sy * h * 0.6],
    ];
    const reach = Math.hypot(sx, sy) * h + r + 2;
    const bounds: Rect = [
      Math.max(0, Math.floor(Math.min(cx, cx + sx * h) - r - 2)),
      Math.max(0, Math.floor(Math.min(cy, cy + sy * h) - r - 2)),
      Math.min(W, Math.ceil(Math.max(cx, cx + sx * h) + r + 2)),
      Math.min(H, Math.ceil(Math.max(cy, cy + sy * h) + r + 2)),
    ];
    if (reach <= 0 || bounds[0] >= bounds[2] || bounds[1] >= bounds[3]) continue;
    canvas.stroke(trunk, Math.max(0.8, 0.35 * ppm), tmp);
    if (species === 'conifer') {
      const len = Math.hypot(sx, sy) || 1;
      const [px, py] = [(-sy / len) * r, (sx / len) * r];
      const base = 0.15;
      canvas.polygon(
        [
          [
            [cx + sx * h * base + px, cy + sy * h * base + py],
            [cx + sx * h, cy + sy * h],
            [cx + sx * h * base - px, cy + sy * h * base - py],
            [cx + px, cy + py],
          ],
        ],
        tmp,
      );
      canvas.polygon([circle(cx + sx * h * base, cy + sy * h * base, r)], tmp);
    } else if (species === 'palm') {
      canvas.polygon([circle(cx + sx * h, cy + sy * h, r * 0.75)], tmp);
    } else {
      const crownH = h - t.radiusM * 0.8;
      canvas.polygon([circle(cx + sx * crownH, cy + sy * crownH, r * 0.95)], tmp);
    }
    // Bare branches let most sunlight through.
    addScaled(shadow, tmp, bounds, W, leafOff ? 0.35 : species === 'palm' ? 0.75 : 0.92);
  }
  for (const car of site.cars) {
    const [cx, cy] = project(car.center);
    canvas.polygon([circle(cx + sx * 0.7, cy + sy * 0.7, 1.3 * ppm, 12)], shadow);
  }
  for (const f of site.fences) {
    const pts = f.map(project);
    const rect = canvas.polygon([cast(pts, 1.8)], tmp);
    addScaled(shadow, tmp, rect, W, 0.55);
  }
  blurMask(shadow, W, H, Math.max(1, 0.3 * ppm));
  const rgb = canvas.rgb;
  for (let i = 0; i < shadow.length; i++) {
    const s = shadow[i]!;
    if (s <= 0.001) continue;
    // Shadows are lit by the blue sky only: darker and bluer.
    rgb[i * 3] = rgb[i * 3]! * (1 - 0.66 * s);
    rgb[i * 3 + 1] = rgb[i * 3 + 1]! * (1 - 0.62 * s);
    rgb[i * 3 + 2] = rgb[i * 3 + 2]! * (1 - 0.52 * s);
  }
}
