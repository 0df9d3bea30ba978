import { buildingExists } from '../capture.js';
import { expandBBox, bboxIntersects, type LngLat } from '../geo.js';
import type { SceneBuilding, SceneFeatures } from '../scene.js';
import { orientedFrame, type Pt } from '../svg.js';
import type { SceneView } from '../view.js';
import { Canvas, scratchMask } from './canvas.js';
import { paintGround } from './ortho-ground.js';
import { orthoContext, type OrthoCtx } from './ortho-context.js';
import { shadows } from './ortho-shadows.js';
import { tree } from './ortho-tree.js';
import { PITCH, roofShader } from './roof.js';
import { siteDetails } from './site.js';
import { roofWings, wingCoords, wingRise, type Wing } from './wings.js';

/** What to draw: the oblique renderer takes the ground (with its shadows) and draws the rest in 3-D. */
export interface OrthoLayers {
  roofs: boolean;
  trees: boolean;
  /** The air's haze and the camera's tone (the oblique applies its own over the whole view). */
  haze: boolean;
  /** Parked cars' tops (the oblique raises its own in 3-D; their shadows stay on the ground). */
  cars?: boolean;
}

/** A north-up orthophoto of the scene inside `view.bbox`, painted per pixel. */
export function orthoPhoto(
  fullScene: SceneFeatures,
  view: SceneView,
  layers: OrthoLayers = { roofs: true, trees: true, haze: true },
): Canvas {
  const ctx = orthoContext(view);
  const { W, H, mpp } = ctx;
  const canvas = new Canvas(W, H);
  const mask = scratchMask('ortho', W * H);
  const scene = cull(fullScene, view);
  const site = siteDetails(scene, view.capturedOn, view.events);
  // Coarse map tiles (z16–17, over 0.6 m a pixel) leave out what would be a pixel or two: cars,
  // fences and flower beds, which cost most per object in a dense suburb's tile.
  const coarse = mpp > 0.6;
  if (coarse) {
    site.cars = [];
    site.fences = [];
  }

  paintGround(canvas, ctx, mask, scene, site, view, { coarse, cars: layers.cars !== false });

  const buildings = [...scene.buildings.filter((b) => buildingExists(b, view.capturedOn)), ...site.sheds];
  shadows(canvas, ctx, view, scene, buildings, site);
  if (layers.roofs) for (const b of buildings) roof(canvas, ctx, mask, b, view);
  if (layers.trees) for (const t of scene.trees) tree(canvas, ctx, t, view);

  // Haze of the air column and the camera's response: blacks lifted, colours a little muted.
  if (layers.haze) haze(canvas);
  return canvas;
}

/** Haze of the air column and the camera's response: blacks lifted, colours a little muted. */
export function haze(canvas: Canvas): void {
  const rgb = canvas.rgb;
  for (let i = 0; i < rgb.length; i += 3) {
    const l = (rgb[i]! + rgb[i + 1]! + rgb[i + 2]!) / 3;
    for (let c = 0; c < 3; c++) rgb[i + c] = (l + (rgb[i + c]! - l) * 0.88) * 0.93 + HAZE[c]!;
  }
}
const HAZE = [0.045, 0.05, 0.06];

function cull(scene: SceneFeatures, view: SceneView): SceneFeatures {
  const margin = expandBBox(view.bbox, 0.25);
  const boxOf = (pts: GeoJSON.Position[]): [number, number, number, number] => {
    let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const c of pts) {
      w = Math.min(w, c[0]!);
      e = Math.max(e, c[0]!);
      s = Math.min(s, c[1]!);
      n = Math.max(n, c[1]!);
    }
    return [w, s, e, n];
  };
  const polygonIn = (p: GeoJSON.Polygon) => bboxIntersects(boxOf(p.coordinates[0] ?? []), margin);
  const pointIn = ([x, y]: LngLat) => x >= margin[0] && x <= margin[2] && y >= margin[1] && y <= margin[3];
  return {
    ...scene,
    parcels: scene.parcels.filter((p) => polygonIn(p.outline)),
    buildings: scene.buildings.filter((b) => polygonIn(b.outline)),
    trees: scene.trees.filter((t) => pointIn(t.center)),
    pools: scene.pools.filter((p) => polygonIn(p.outline)),
    roads: scene.roads.filter((r) => bboxIntersects(boxOf(r.line.coordinates), margin)),
    water: (scene.water ?? []).filter((w) => polygonIn(w.outline)),
    yardObjects: (scene.yardObjects ?? []).filter((o) => pointIn(o.center)),
  };
}

/** A roof seen from above: each pixel mapped into the footprint's frame and shaded by roof.ts. */
function roof(canvas: Canvas, ctx: OrthoCtx, mask: Float32Array, b: SceneBuilding, view: SceneView) {
  const { project, mpp, X, Y } = ctx;
  const rings = b.outline.coordinates.map((r) => r.map((c) => project(c as LngLat)));
  const outer = rings[0];
  if (!outer || outer.length < 4) return;
  const wings = roofWings(outer);
  if (wings.length > 1) return wingedRoof(canvas, ctx, mask, b, view, rings, wings);
  const frame = orientedFrame(outer);
  // Pixel space is east/south like the sun vector, in pixels: the frame in metres is the same axes.
  const shade = roofShader(
    b,
    view,
    ctx.sun.toSun,
    {
      u: frame.u,
      v: frame.v,
      lengthM: frame.length * mpp,
      widthM: frame.width * mpp,
    },
    mpp,
  );
  canvas.fill(
    rings,
    (x, y, o) => {
      const pu = (x + 0.5) * frame.u[0] + (y + 0.5) * frame.u[1] - frame.minU;
      const pv = (x + 0.5) * frame.v[0] + (y + 0.5) * frame.v[1] - frame.minV;
      shade(pu * mpp, pv * mpp, X[x]!, Y[y]!, o);
    },
    mask,
  );
}

/**
 * An L, T or U footprint: each wing is roofed on its own frame, and each pixel shows the plane
 * of the wing whose roof is highest there (the solids' upper envelope), so arms meet the main
 * roof in valleys and their ridges run into its slopes.
 */
function wingedRoof(
  canvas: Canvas,
  ctx: OrthoCtx,
  mask: Float32Array,
  b: SceneBuilding,
  view: SceneView,
  rings: Pt[][],
  wings: Wing[],
) {
  const { mpp, X, Y } = ctx;
  const hip = b.roofShape === 'hip' || b.roofShape === 'mansard';
  const flat = b.roofShape === 'flat' || b.roofShape === 'unknown';
  const slope = flat ? 0 : Math.tan(PITCH);
  const shaders = wings.map((w) =>
    roofShader(b, view, ctx.sun.toSun, { u: w.u, v: w.v, lengthM: w.length * mpp, widthM: w.width * mpp }, mpp),
  );
  canvas.fill(
    rings,
    (x, y, o) => {
      let best = 0;
      let bestRise = -Infinity;
      for (let k = 0; k < wings.length; k++) {
        const [along, across] = wingCoords(wings[k]!, x + 0.5, y + 0.5);
        const rise = wingRise(wings[k]!, along, across, slope, hip, 1);
        if (rise > bestRise + 1e-9) {
          best = k;
          bestRise = rise;
        }
      }
      const w = wings[best]!;
      const [along, across] = wingCoords(w, x + 0.5, y + 0.5);
      shaders[best]!(
        Math.min(w.length, Math.max(0, along)) * mpp,
        Math.min(w.width, Math.max(0, across)) * mpp,
        X[x]!,
        Y[y]!,
        o,
      );
    },
    mask,
  );
}
