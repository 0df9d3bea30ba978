import { buildingExists, treeBurned, visibleEvents } from '../capture.js';
import { expandBBox, bboxIntersects, pixelProjector, toMercator, type LngLat } from '../geo.js';
import type { SceneView } from '../view.js';
import { hashUnit, seededRandom } from '../random.js';
import type { SceneBuilding, SceneFeatures, SceneTree } from '../scene.js';
import { orientedFrame, type Pt } from '../svg.js';
import { blurMask, Canvas, circle, hexColour, scratchMask, type Rect } from './canvas.js';
import { convexHull, offsetRing, polylineCoords, type PolylineCoords } from './geometry.js';
import { PITCH, roofShader } from './roof.js';
import { roofWings, wingCoords, wingRise, type Wing } from './wings.js';
import {
  asphalt,
  bed,
  concrete,
  greenness,
  ground,
  lerp,
  pool,
  setMix,
  water,
  type GroundLook,
  type RGB,
} from './materials.js';
import { cellHash, fbm, noise } from './noise.js';
import { climateAt, siteDetails, solarPosition, speciesOf, treeHeightM, wallHeightM, type Species } from './site.js';

const FT = 0.3048;
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** What to draw: the oblique renderer takes the ground (with its shadows) and draws the rest in 3-D. */
export interface OrthoLayers {
  roofs: boolean;
  trees: boolean;
  /** The air's haze and the camera's tone (the oblique applies its own over the whole view). */
  haze: boolean;
  /** Parked cars' tops (the oblique raises its own in 3-D; their shadows stay on the ground). */
  cars?: boolean;
}

/**
 * Context of one orthophoto: pixel projection, ground metres of each pixel (for textures), the
 * sun, the season and the region.
 */
function context(view: SceneView) {
  const { width: W, height: H, bbox } = view;
  const { project, metresPerPx } = pixelProjector(bbox, W, H);
  const [minX, minY] = toMercator([bbox[0], bbox[1]]);
  const [maxX, maxY] = toMercator([bbox[2], bbox[3]]);
  const midLat = (bbox[1] + bbox[3]) / 2;
  // Texture coordinates are Mercator metres scaled to ground metres by a latitude rounded to a
  // degree, so neighbouring tiles share the scale exactly and their textures continue.
  const k = Math.cos((Math.round(midLat) * Math.PI) / 180);
  const X = Float64Array.from({ length: W }, (_, x) => (minX + ((x + 0.5) * (maxX - minX)) / W) * k);
  const Y = Float64Array.from({ length: H }, (_, y) => (maxY - ((y + 0.5) * (maxY - minY)) / H) * k);
  const centre: LngLat = [(bbox[0] + bbox[2]) / 2, midLat];
  const climate = climateAt(centre);
  return {
    W,
    H,
    project,
    mpp: metresPerPx,
    ppm: 1 / metresPerPx,
    X,
    Y,
    climate,
    green: greenness(view.capturedOn, climate),
    month: Number(view.capturedOn.slice(5, 7)),
    sun: solarPosition(view.capturedOn, midLat, view.seed),
  };
}
type Ctx = ReturnType<typeof context>;

/** A north-up orthophoto of the scene inside `view.bbox`, painted per pixel. */
export function orthoPhoto(
  fullScene: SceneFeatures,
  view: SceneView,
  layers: OrthoLayers = { roofs: true, trees: true, haze: true },
): Canvas {
  const ctx = context(view);
  const { W, H, project, mpp, ppm, X, Y } = ctx;
  const canvas = new Canvas(W, H);
  const mask = scratchMask('ortho', W * H);
  const scene = cull(fullScene, view);
  const site = siteDetails(scene, view.capturedOn);
  // Coarse map tiles (z16–17, over 0.6 m a pixel) leave out what would be a pixel or two: cars,
  // fences and flower beds, which cost most per object in a dense suburb's tile.
  const coarse = mpp > 0.6;
  if (coarse) {
    site.cars = [];
    site.fences = [];
  }
  const ring = (coords: GeoJSON.Position[]): Pt[] => coords.map((c) => project(c as LngLat));
  const rgb = canvas.rgb;
  const out = new Float32Array(3);

  // Open ground everywhere, then each parcel's yard (lawn, dormant lawn or gravel).
  // (Open ground is only computed where no parcel covers it wholly: parcels are most of a view.)
  // Where a street (with its sidewalks) covers a pixel wholly, the ground under it is never seen.
  const streets = scene.roads.map((road) => ({ road, pts: ring(road.line.coordinates) }));
  const streetCover = scratchMask('ortho-street-cover', W * H);
  for (const { road, pts } of streets) canvas.stroke(pts, (road.widthM + 7) * ppm, streetCover);
  const open: GroundLook = { green: ctx.green, lawn: false, gravel: false };
  for (const parcel of scene.parcels) canvas.polygon(parcel.outline.coordinates.map(ring), mask);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (mask[y * W + x]! > 0.999 || streetCover[y * W + x]! >= 1) continue;
      ground(X[x]!, Y[y]!, mpp, open, out);
      rgb.set(out, (y * W + x) * 3);
    }
  mask.fill(0);
  for (const parcel of scene.parcels) {
    const watered = hashUnit(parcel.id, 'watered') < 0.75;
    const look: GroundLook = {
      green: watered ? Math.min(1, ctx.green + (ctx.month >= 5 && ctx.month <= 9 ? 0.45 : 0.15)) : ctx.green,
      lawn: watered,
      gravel: ctx.climate === 'west' && hashUnit(parcel.id, 'xeriscape') < 0.25,
    };
    // Mowing leaves stripes a mower's width apart along the yard's long side.
    const rings = parcel.outline.coordinates.map(ring);
    const axis = orientedFrame(rings[0] ?? []).u;
    const stripes = watered && look.green > 0.45;
    canvas.fill(
      rings,
      (x, y, o) => {
        ground(X[x]!, Y[y]!, mpp, look, o);
        if (stripes && ((x * axis[1] - y * axis[0]) * mpp) % 1.6 < 0.8 === (x * axis[1] - y * axis[0]) * mpp >= 0) {
          o[0]! *= 1.06;
          o[1]! *= 1.07;
          o[2]! *= 1.04;
        }
      },
      mask,
      1,
      streetCover,
    );
  }
  for (const w of scene.water ?? [])
    canvas.fill(w.outline.coordinates.map(ring), (x, y, o) => water(X[x]!, Y[y]!, mpp, o), mask);

  // Streets: sidewalk, grass verge, curb, asphalt with wheel paths, cracks and a centre line.
  // Each band is rasterised before the one outside it is painted, which then skips what the band
  // inside covers wholly (an asphalt pixel was shaded four times).
  const onRoad: PolylineCoords = { across: 0, along: 0 };
  const vergeMask = scratchMask('ortho-verge', W * H);
  const curbMask = scratchMask('ortho-curb', W * H);
  const asphaltMask = scratchMask('ortho-asphalt', W * H);
  for (const { road, pts } of streets) {
    const age = hashUnit(road.id, 'age') * 0.6;
    const half = road.widthM / 2;
    const sidewalkRect = canvas.stroke(pts, (road.widthM + 7) * ppm, mask);
    const vergeRect = canvas.stroke(pts, (road.widthM + 4) * ppm, vergeMask);
    const curbRect = canvas.stroke(pts, (road.widthM + 0.4) * ppm, curbMask);
    const asphaltRect = canvas.stroke(pts, road.widthM * ppm, asphaltMask);
    canvas.paint(
      mask,
      sidewalkRect,
      (x, y, o) => {
        const { along } = polylineCoords(pts, x + 0.5, y + 0.5, onRoad);
        concrete(X[x]!, Y[y]!, mpp, along * mpp, 1.5, o);
      },
      1,
      vergeMask,
    );
    const verge: GroundLook = { green: Math.min(1, ctx.green + 0.2), lawn: true, gravel: false };
    canvas.paint(vergeMask, vergeRect, (x, y, o) => ground(X[x]!, Y[y]!, mpp, verge, o), 1, curbMask);
    canvas.paint(curbMask, curbRect, (x, y, o) => concrete(X[x]!, Y[y]!, mpp, 0, 1e9, o), 1, asphaltMask);
    canvas.paint(asphaltMask, asphaltRect, (x, y, o) => {
      const { across, along } = polylineCoords(pts, x + 0.5, y + 0.5, onRoad);
      const d = Math.abs(across * mpp);
      const wheel = Math.min(Math.abs(d - half / 2 - 0.85), Math.abs(d - half / 2 + 0.85));
      asphalt(X[x]!, Y[y]!, mpp, age, wheel, o);
      const along_m = along * mpp;
      if (road.widthM >= 7 && d < Math.max(0.1, mpp * 0.5) && along_m % 9 < 3)
        setMix(o, [0.86, 0.76, 0.42], [0.86, 0.76, 0.42], 0, 0.9);
    });
  }

  for (const drive of site.driveways) {
    const pts = drive.line.map(project);
    const [a, b] = [pts[0]!, pts[1]!];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    // Square-ended slab from the garage to the curb.
    const half = (drive.widthM / 2) * ppm;
    const [nx, ny] = [(-(b[1] - a[1]) / len) * half, ((b[0] - a[0]) / len) * half];
    const slab: Pt[] = [
      [a[0] + nx, a[1] + ny],
      [b[0] + nx, b[1] + ny],
      [b[0] - nx, b[1] - ny],
      [a[0] - nx, a[1] - ny],
      [a[0] + nx, a[1] + ny],
    ];
    canvas.paint(mask, canvas.polygon([slab], mask), (x, y, o) => {
      const along = (((x + 0.5 - a[0]) * (b[0] - a[0]) + (y + 0.5 - a[1]) * (b[1] - a[1])) / len) * mpp;
      concrete(X[x]!, Y[y]!, mpp, along, 3, o);
      // Oil and tyre stains where cars stand.
      const stain = noise(X[x]! / 0.8 + 5, Y[y]! / 0.8);
      if (stain > 0.72) for (let c = 0; c < 3; c++) o[c]! *= 1 - (stain - 0.72) * 1.2;
    });
  }

  const buildings = [...scene.buildings.filter((b) => buildingExists(b, view.capturedOn)), ...site.sheds];
  // Flower beds along the houses.
  for (const b of scene.buildings.filter((b) => buildingExists(b, view.capturedOn))) {
    if (coarse || hashUnit(b.id, 'beds') > 0.7) continue;
    const outer = offsetRing(ring(b.outline.coordinates[0] ?? []), 1.2 * ppm);
    canvas.fill([outer], (x, y, o) => bed(X[x]!, Y[y]!, mpp, ctx.green, o), mask);
  }

  for (const p of scene.pools) {
    const rings = p.outline.coordinates.map(ring);
    canvas.fill([offsetRing(rings[0]!, 0.9 * ppm)], (x, y, o) => concrete(X[x]!, Y[y]!, mpp, 0, 1e9, o), mask);
    const frame = orientedFrame(rings[0]!);
    const covered = (ctx.month >= 11 || ctx.month <= 3) && ctx.climate !== 'gulf' && hashUnit(p.id, 'cover') < 0.5;
    canvas.fill(
      rings,
      (x, y, o) => {
        if (covered) {
          setMix(o, [0.16, 0.24, 0.2], [0.3, 0.32, 0.26], clamp01(0.5 + fbm(X[x]!, Y[y]!, 2, 2, mpp)), 1);
          return;
        }
        const u = ((x + 0.5) * frame.u[0] + (y + 0.5) * frame.u[1] - frame.minU) / (frame.length || 1);
        pool(X[x]!, Y[y]!, mpp, clamp01(u * 1.2 - 0.1), o);
      },
      mask,
    );
  }

  for (const object of scene.yardObjects ?? []) {
    const [cx, cy] = project(object.center);
    if (object.kind === 'trampoline') {
      canvas.fill([circle(cx, cy, 2.1 * ppm, 24)], (_x, _y, o) => setMix(o, [0.2, 0.35, 0.6], [0, 0, 0], 0, 1), mask);
      canvas.fill([circle(cx, cy, 1.7 * ppm, 24)], (_x, _y, o) => setMix(o, [0.07, 0.07, 0.08], [0, 0, 0], 0, 1), mask);
    } else {
      const rand = seededRandom(object.id, 'debris');
      for (let i = 0; i < 9; i++) {
        const x = cx + (rand() - 0.5) * 4 * ppm;
        const y = cy + (rand() - 0.5) * 3 * ppm;
        const w = (0.5 + rand() * 1.4) * ppm;
        const h = (0.3 + rand() * 0.8) * ppm;
        const colour: RGB = [
          [0.55, 0.49, 0.42],
          [0.36, 0.34, 0.31],
          [0.64, 0.6, 0.5],
          [0.42, 0.31, 0.23],
        ][i % 4] as RGB;
        canvas.fill(
          [
            [
              [x, y],
              [x + w, y],
              [x + w, y + h],
              [x, y + h],
              [x, y],
            ],
          ],
          (_x, _y, o) => setMix(o, colour, colour, 0, 1),
          mask,
        );
      }
    }
  }

  eventGround(canvas, ctx, view);

  if (layers.cars !== false)
    for (const car of site.cars) carTop(canvas, ctx, mask, car.center, car.heading, hexColour(car.colour));
  for (const f of site.fences) {
    const pts = f.map(project);
    canvas.paint(
      mask,
      canvas.stroke(pts, Math.max(0.7, 0.12 * ppm), mask),
      (_x, _y, o) => setMix(o, [0.62, 0.55, 0.45], [0, 0, 0], 0, 1),
      0.8,
    );
  }

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

/** Scorched ground after a wildfire, silt after a flood: patchy, fading at the area's edge. */
function eventGround(canvas: Canvas, ctx: Ctx, view: SceneView) {
  for (const event of visibleEvents(view.capturedOn, view.events)) {
    if (event.kind !== 'wildfire' && event.kind !== 'flood') continue;
    const area = event.area ?? expandBBox(view.bbox, 1);
    const [x0, y1] = ctx.project([area[0], area[1]]);
    const [x1, y0] = ctx.project([area[2], area[3]]);
    const fade = 12 * ctx.ppm;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(ctx.H, Math.ceil(y1)); y++)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(ctx.W, Math.ceil(x1)); x++) {
        const edge = clamp01(Math.min(x - x0, x1 - x, y - y0, y1 - y) / fade);
        const patch = fbm(ctx.X[x]!, ctx.Y[y]!, 7, 3, ctx.mpp);
        const i = (y * ctx.W + x) * 3;
        const rgb = canvas.rgb;
        if (event.kind === 'wildfire') {
          const t = clamp01((0.35 + event.severity * 0.55 + patch * 1.2) * edge);
          // Grey ash where the fuel was heavy, black char elsewhere, with a fine grain.
          const grey = fbm(ctx.X[x]! + 40, ctx.Y[y]!, 4, 3, ctx.mpp);
          const ash =
            (0.2 + clamp01(grey * 1.5 + 0.1) * 0.22) * (1 + (cellHash(ctx.X[x]! / 0.2, ctx.Y[y]! / 0.2) - 0.5) * 0.2);
          for (let c = 0; c < 3; c++) rgb[i + c] = lerp(rgb[i + c]!, ash * [1, 0.93, 0.86][c]!, t);
        } else {
          const t = clamp01((0.2 + event.severity * 0.4 + patch) * edge);
          for (let c = 0; c < 3; c++) rgb[i + c] = lerp(rgb[i + c]!, [0.42, 0.38, 0.28][c]!, t);
        }
      }
  }
}

function carTop(canvas: Canvas, ctx: Ctx, mask: Float32Array, center: LngLat, heading: number, colour: RGB) {
  const [cx, cy] = ctx.project(center);
  // Screen y runs south: a heading counter-clockwise from east is (cos, −sin) on screen.
  const u: Pt = [Math.cos(heading), -Math.sin(heading)];
  const v: Pt = [-u[1], u[0]];
  const L = 2.3 * ctx.ppm;
  const Wd = 0.92 * ctx.ppm;
  const at = (a: number, b: number): Pt => [cx + u[0] * a * L + v[0] * b * Wd, cy + u[1] * a * L + v[1] * b * Wd];
  canvas.fill(
    [[at(-1, -1), at(1, -1), at(1, 1), at(-1, 1), at(-1, -1)]],
    (x, y, o) => {
      const a = ((x + 0.5 - cx) * u[0] + (y + 0.5 - cy) * u[1]) / L;
      const b = ((x + 0.5 - cx) * v[0] + (y + 0.5 - cy) * v[1]) / Wd;
      // Windscreens front and back, a lighter roof between, darker sides.
      const glass = (a > 0.18 && a < 0.42) || (a < -0.45 && a > -0.62);
      if (glass && Math.abs(b) < 0.8) setMix(o, [0.1, 0.12, 0.14], [0, 0, 0], 0, 1);
      else
        setMix(o, colour, [1, 1, 1], Math.abs(a) < 0.45 && Math.abs(b) < 0.7 ? 0.12 : 0, Math.abs(b) > 0.8 ? 0.75 : 1);
    },
    mask,
  );
}

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
function shadows(
  canvas: Canvas,
  ctx: Ctx,
  view: SceneView,
  scene: SceneFeatures,
  buildings: SceneBuilding[],
  site: ReturnType<typeof siteDetails>,
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

/** A roof seen from above: each pixel mapped into the footprint's frame and shaded by roof.ts. */
function roof(canvas: Canvas, ctx: Ctx, mask: Float32Array, b: SceneBuilding, view: SceneView) {
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
  ctx: Ctx,
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

const CROWN: Record<Species, RGB> = {
  broadleaf: [0.26, 0.36, 0.14],
  'evergreen-broadleaf': [0.21, 0.3, 0.15],
  conifer: [0.14, 0.22, 0.13],
  palm: [0.36, 0.42, 0.2],
};

/** A tree from above: lumpy crown of lit leaf clusters, star-shaped conifer, palm fronds or bare branches. */
function tree(canvas: Canvas, ctx: Ctx, t: SceneTree, view: SceneView) {
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
