import { buildingExists, visibleEvents } from '../capture.js';
import { expandBBox, type LngLat } from '../geo.js';
import { hashUnit, seededRandom } from '../random.js';
import type { SceneFeatures } from '../scene.js';
import { orientedFrame, type Pt } from '../svg.js';
import type { SceneView } from '../view.js';
import { circle, hexColour, scratchMask, type Canvas } from './canvas.js';
import { offsetRing, polylineCoords, type PolylineCoords } from './geometry.js';
import { asphalt, bed, concrete, ground, lerp, pool, setMix, water, type GroundLook, type RGB } from './materials.js';
import { cellHash, fbm, noise } from './noise.js';
import { clamp01, type OrthoCtx } from './ortho-context.js';
import type { SiteDetails } from './site.js';

/**
 * The orthophoto's ground and what lies flat on it, in painting order: open ground and yards,
 * water, streets, driveways, flower beds, pools, yard objects, scorched or silted ground, parked
 * cars' tops and fences. Shadows, roofs and crowns are painted over it by ortho.ts.
 */

type Street = { road: SceneFeatures['roads'][number]; pts: Pt[] };

export function paintGround(
  canvas: Canvas,
  ctx: OrthoCtx,
  mask: Float32Array,
  scene: SceneFeatures,
  site: SiteDetails,
  view: SceneView,
  options: { coarse: boolean; cars: boolean },
): void {
  const ring = (coords: GeoJSON.Position[]): Pt[] => coords.map((c) => ctx.project(c as LngLat));
  const streets = scene.roads.map((road) => ({ road, pts: ring(road.line.coordinates) }));
  paintYards(canvas, ctx, mask, scene, streets);
  paintStreets(canvas, ctx, mask, streets);
  paintDriveways(canvas, ctx, mask, site);
  paintLots(canvas, ctx, mask, scene, view, options.coarse);
  eventGround(canvas, ctx, view);
  if (options.cars)
    for (const car of site.cars) carTop(canvas, ctx, mask, car.center, car.heading, hexColour(car.colour));
  paintFences(canvas, ctx, mask, site);
}

/** Flower beds along the houses, pools with their copings, trampolines and debris in yards. */
function paintLots(
  canvas: Canvas,
  ctx: OrthoCtx,
  mask: Float32Array,
  scene: SceneFeatures,
  view: SceneView,
  coarse: boolean,
) {
  const { project, mpp, ppm, X, Y } = ctx;
  const ring = (coords: GeoJSON.Position[]): Pt[] => coords.map((c) => project(c as LngLat));
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
}

function paintFences(canvas: Canvas, ctx: OrthoCtx, mask: Float32Array, site: SiteDetails) {
  const { project, ppm } = ctx;

  for (const f of site.fences) {
    const pts = f.map(project);
    canvas.paint(
      mask,
      canvas.stroke(pts, Math.max(0.7, 0.12 * ppm), mask),
      (_x, _y, o) => setMix(o, [0.62, 0.55, 0.45], [0, 0, 0], 0, 1),
      0.8,
    );
  }
}

function paintYards(canvas: Canvas, ctx: OrthoCtx, mask: Float32Array, scene: SceneFeatures, streets: Street[]) {
  const { W, H, mpp, ppm, X, Y } = ctx;
  const ring = (coords: GeoJSON.Position[]): Pt[] => coords.map((c) => ctx.project(c as LngLat));
  const rgb = canvas.rgb;
  const out = new Float32Array(3);
  // Open ground everywhere, then each parcel's yard (lawn, dormant lawn or gravel).
  // (Open ground is only computed where no parcel covers it wholly: parcels are most of a view.)
  // Where a street (with its sidewalks) covers a pixel wholly, the ground under it is never seen.
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
}

function paintStreets(canvas: Canvas, ctx: OrthoCtx, mask: Float32Array, streets: Street[]) {
  const { W, H, mpp, ppm, X, Y } = ctx;
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
}

function paintDriveways(canvas: Canvas, ctx: OrthoCtx, mask: Float32Array, site: SiteDetails) {
  const { mpp, ppm, X, Y, project } = ctx;
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
}

/** Scorched ground after a wildfire, silt after a flood: patchy, fading at the area's edge. */
function eventGround(canvas: Canvas, ctx: OrthoCtx, view: SceneView) {
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

function carTop(canvas: Canvas, ctx: OrthoCtx, mask: Float32Array, center: LngLat, heading: number, colour: RGB) {
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
