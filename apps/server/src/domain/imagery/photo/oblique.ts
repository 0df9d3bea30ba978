import { buildingExists, roofDamage, treeBurned, type ObliqueDirection } from '../capture.js';
import { metresPerDegreeLng, pixelProjector, toMercator, type BBox, type LngLat } from '../geo.js';
import type { ObliqueView } from '../view.js';
import { hashUnit } from '../random.js';
import type { SceneBuilding, SceneFeatures, SceneTree } from '../scene.js';
import { orientedFrame, type Pt } from '../svg.js';
import { Canvas, hexColour, scratchMask, type Shader } from './canvas.js';
import { lerp, setMix, type RGB } from './materials.js';
import { cellHash, noise } from './noise.js';
import { haze, orthoPhoto } from './ortho.js';
import { PITCH, roofShader } from './roof.js';
import { roofWings, type Wing } from './wings.js';
import { climateAt, siteDetails, solarPosition, speciesOf, treeHeightM, wallHeightM } from './site.js';

const AZIMUTH: Record<ObliqueDirection, number> = { north: 0, east: 90, south: 180, west: 270 };
/** Ground foreshortening and height lift of a ~40° oblique camera (as the drawn obliques had). */
const GROUND_SCALE = 0.62;
const HEIGHT_SCALE = 0.78;
/** Ground resolution of the orthophoto the oblique's ground is taken from. */
const GROUND_MPP = 0.26;
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

type P3 = [x: number, y: number, z: number];

/**
 * An oblique photo: the orthophoto's ground (with the same shadows) seen from a camera on
 * `direction`'s side, and the same buildings, roofs and trees raised in 3-D, drawn far to near.
 * Coordinates: `local` ground metres east/north around the centre; `rotated` so the camera looks
 * along +y; screen as the drawn obliques had it (parallel projection).
 */
export function obliquePhoto(scene: SceneFeatures, view: ObliqueView): Canvas {
  const { width: W, height: H, center } = view;
  const mPerLng = metresPerDegreeLng(center[1]);
  const theta = ((AZIMUTH[view.direction] - 180) * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const scale = W / view.spanM;
  const horizon = H * 0.55;
  const toLocal = ([lng, lat]: GeoJSON.Position): Pt => [(lng! - center[0]) * mPerLng, (lat! - center[1]) * 111_320];
  const rotate = ([x, y]: Pt): Pt => [x * cos - y * sin, x * sin + y * cos];
  const unrotate = ([x, y]: Pt): Pt => [x * cos + y * sin, -x * sin + y * cos];
  const screen = ([x, y, z]: P3): Pt => [W / 2 + x * scale, horizon - (y * GROUND_SCALE + z * HEIGHT_SCALE) * scale];
  const groundAt = (sx: number, sy: number): Pt => [(sx - W / 2) / scale, (horizon - sy) / (GROUND_SCALE * scale)];

  // The ground: an orthophoto (without roofs and crowns, with their shadows) of what the view sees.
  const corners = [groundAt(0, 0), groundAt(W, 0), groundAt(0, H), groundAt(W, H)].map(unrotate);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const bbox: BBox = [
    center[0] + Math.min(...xs) / mPerLng,
    center[1] + Math.min(...ys) / 111_320,
    center[0] + Math.max(...xs) / mPerLng,
    center[1] + Math.max(...ys) / 111_320,
  ];
  const gw = Math.ceil((Math.max(...xs) - Math.min(...xs)) / GROUND_MPP);
  const gh = Math.ceil((Math.max(...ys) - Math.min(...ys)) / GROUND_MPP);
  const sceneView = { ...view, bbox, width: gw, height: gh };
  const groundPhoto = orthoPhoto(scene, sceneView, { roofs: false, trees: false, haze: false, cars: false });
  // Local metres → ground photo pixels, affine over this small area.
  const { project } = pixelProjector(bbox, gw, gh);
  const o0 = project(center);
  const ox = project([center[0] + 1 / mPerLng, center[1]]);
  const oy = project([center[0], center[1] + 1 / 111_320]);
  const ex: Pt = [ox[0] - o0[0], ox[1] - o0[1]];
  const ey: Pt = [oy[0] - o0[0], oy[1] - o0[1]];
  // Local metres → texture metres (Mercator × cos of the rounded latitude, as the ortho uses).
  const k = Math.cos((Math.round((bbox[1] + bbox[3]) / 2) * Math.PI) / 180);
  const [mx0, my0] = toMercator(center);
  const merc = 1 / Math.cos((center[1] * Math.PI) / 180);
  const textureX = (x: number) => (mx0 + x * merc) * k;
  const textureY = (y: number) => (my0 + y * merc) * k;
  /** Texture x of a rotated point (the east coordinate, unrotated). */
  const textureOf = (p: P3) => textureX(p[0] * cos + p[1] * sin);

  const canvas = new Canvas(W, H);
  const rgb = canvas.rgb;
  const src = groundPhoto.rgb;
  for (let sy = 0; sy < H; sy++)
    for (let sx = 0; sx < W; sx++) {
      // (Inlined unrotate(groundAt(…)): this loop runs for every pixel, arrays would cost GC.)
      const gx = (sx + 0.5 - W / 2) / scale;
      const gy = (horizon - sy - 0.5) / (GROUND_SCALE * scale);
      const lx = gx * cos + gy * sin;
      const ly = -gx * sin + gy * cos;
      const px = o0[0] + ex[0] * lx + ey[0] * ly - 0.5;
      const py = o0[1] + ex[1] * lx + ey[1] * ly - 0.5;
      const x0 = Math.max(0, Math.min(gw - 2, Math.floor(px)));
      const y0 = Math.max(0, Math.min(gh - 2, Math.floor(py)));
      const tx = clamp01(px - x0);
      const ty = clamp01(py - y0);
      const i00 = (y0 * gw + x0) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + gw * 3;
      const i11 = i01 + 3;
      const j = (sy * W + sx) * 3;
      for (let c = 0; c < 3; c++) {
        const top = src[i00 + c]! + (src[i10 + c]! - src[i00 + c]!) * tx;
        const bottom = src[i01 + c]! + (src[i11 + c]! - src[i01 + c]!) * tx;
        rgb[j + c] = top + (bottom - top) * ty;
      }
    }

  const sun = solarPosition(view.capturedOn, center[1], view.seed);
  // The sun in rotated coordinates (x right, y away from the camera, z up).
  const sunLocal = rotate([sun.toSun[0], -sun.toSun[1]]);
  const L: P3 = [sunLocal[0], sunLocal[1], sun.toSun[2]];
  const climate = climateAt(center);
  const month = Number(view.capturedOn.slice(5, 7));
  const mask = scratchMask('oblique', W * H);
  const site = siteDetails(scene, view.capturedOn, view.events);

  const objects: { depth: number; draw: () => void }[] = [];
  for (const b of [...scene.buildings.filter((x) => buildingExists(x, view.capturedOn)), ...site.sheds]) {
    const local = (b.outline.coordinates[0] ?? []).map(toLocal);
    if (local.length < 4) continue;
    const rotated = local.map(rotate);
    const depth = rotated.reduce((s, p) => s + p[1], 0) / rotated.length;
    objects.push({ depth, draw: () => building(b, local) });
  }
  for (const t of scene.trees) {
    const [x, y] = rotate(toLocal(t.center));
    objects.push({ depth: y, draw: () => tree(t, [x, y]) });
  }
  for (const car of site.cars) {
    const centre = toLocal(car.center);
    objects.push({ depth: rotate(centre)[1], draw: () => parkedCar(car, centre) });
  }
  objects.sort((a, b) => b.depth - a.depth);
  for (const o of objects) o.draw();

  // Haze grows with distance: the top of an oblique is farther away.
  haze(canvas);
  for (let sy = 0; sy < H; sy++) {
    const t = clamp01((horizon - sy) / horizon) * 0.22;
    for (let sx = 0; sx < W; sx++) {
      const j = (sy * W + sx) * 3;
      rgb[j] = lerp(rgb[j]!, 0.74, t);
      rgb[j + 1] = lerp(rgb[j + 1]!, 0.78, t);
      rgb[j + 2] = lerp(rgb[j + 2]!, 0.83, t);
    }
  }
  return canvas;

  /** Fills a planar 3-D polygon; the shader gets the 3-D point (rotated metres) of each pixel. */
  /**
   * `depthBuffer`: where a nearer face of the same depth-tested group was painted, this one is
   * not (the camera's distance, HEIGHT_SCALE·y − GROUND_SCALE·z, smaller is nearer).
   */
  function face(points: P3[], shade: (p: P3, o: Float32Array) => void, depthBuffer?: Float32Array) {
    const s = points.map(screen);
    const [a, b, c] = [points[0]!, points[1]!, points[points.length - 1]!];
    const [sa, sb, sc] = [s[0]!, s[1]!, s[s.length - 1]!];
    const det = (sb[0] - sa[0]) * (sc[1] - sa[1]) - (sc[0] - sa[0]) * (sb[1] - sa[1]);
    if (Math.abs(det) < 1e-6) return;
    const p: P3 = [0, 0, 0];
    const shader: Shader = (x, y, o) => {
      const dx = x + 0.5 - sa[0];
      const dy = y + 0.5 - sa[1];
      const alpha = (dx * (sc[1] - sa[1]) - dy * (sc[0] - sa[0])) / det;
      const beta = ((sb[0] - sa[0]) * dy - (sb[1] - sa[1]) * dx) / det;
      for (let i = 0; i < 3; i++) p[i] = a[i]! + (b[i]! - a[i]!) * alpha + (c[i]! - a[i]!) * beta;
      if (depthBuffer) {
        const d = HEIGHT_SCALE * p[1] - GROUND_SCALE * p[2];
        const k = y * W + x;
        if (d > depthBuffer[k]! + 1e-3) {
          // Hidden: leave the pixel as it is.
          o[0] = rgb[k * 3]!;
          o[1] = rgb[k * 3 + 1]!;
          o[2] = rgb[k * 3 + 2]!;
          return;
        }
        depthBuffer[k] = Math.min(depthBuffer[k]!, d);
      }
      shade(p, o);
    };
    canvas.fill([[...s, s[0]!]], shader, mask);
  }

  function building(b: SceneBuilding, local: Pt[]) {
    // Roof frame in east/south metres, as the ortho's pixel space, so the roof shader agrees.
    const es = local.map(([x, y]): Pt => [x, -y]);
    const frame = orientedFrame(es);
    const roof = roofShader(
      b,
      view,
      sun.toSun,
      { u: frame.u, v: frame.v, lengthM: frame.length, widthM: frame.width },
      0.14,
    );
    const damage = roofDamage(b, view.capturedOn, view.events);
    // An L, T or U footprint is roofed as wings (as in the orthophoto); the eaves are the main wing's.
    const wings = es.length > 5 ? roofWings(es) : [];
    const walls = wallHeightM(b, wings.length > 1 ? wings[0]!.width : frame.width, PITCH);
    const total = b.heightFt * 0.3048;
    const flat = b.roofShape === 'flat' || b.roofShape === 'unknown' || damage === 'burned';
    const hip = b.roofShape === 'hip' || b.roofShape === 'mansard';
    const style = wallStyle(b, climate, frame.length, frame.width);
    const wallColour = damage === 'burned' ? ([0.3, 0.27, 0.25] as RGB) : style.colour;
    const brick = style.kind === 'brick';
    const storeys = Math.max(1, Math.round(walls / 2.9));
    const shed = b.id.endsWith('-shed');
    const rotated = local.map(rotate);
    const area = rotated.reduce(
      (s, p, i) => (i + 1 < rotated.length ? s + p[0] * rotated[i + 1]![1] - rotated[i + 1]![0] * p[1] : s),
      0,
    );
    let doorWall = -1;
    let longest = 0;
    for (let i = 0; i + 1 < rotated.length; i++) {
      const [a, c] = [rotated[i]!, rotated[i + 1]!];
      const ny = -(c[0] - a[0]) * Math.sign(area);
      const len = Math.hypot(c[0] - a[0], c[1] - a[1]);
      if (ny < 0 && len > longest) {
        longest = len;
        doorWall = i;
      }
    }
    for (let i = 0; i + 1 < rotated.length; i++) {
      const [a, c] = [rotated[i]!, rotated[i + 1]!];
      const nx = (c[1] - a[1]) * Math.sign(area);
      const ny = -(c[0] - a[0]) * Math.sign(area);
      if (ny >= 0) continue;
      const len = Math.hypot(c[0] - a[0], c[1] - a[1]);
      const nLen = Math.hypot(nx, ny) || 1;
      const lit = 0.38 + 0.72 * Math.max(0, (nx / nLen) * L[0] + (ny / nLen) * L[1]);
      const windows = shed ? 0 : Math.max(1, Math.floor(len / 3.6));
      const hasDoor = !shed && i === doorWall;
      const garage = hasDoor && len > 11 && damage !== 'burned';
      face(
        [
          [a[0], a[1], 0],
          [c[0], c[1], 0],
          [c[0], c[1], walls],
          [a[0], a[1], walls],
        ],
        (p, o) => {
          const t = (Math.sqrt((p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2) / (len || 1)) * len;
          const z = p[2];
          const wx = textureOf(p);
          let f = lit * (1 + (cellHash(wx / 0.12 + z * 7, z / 0.12) - 0.5) * 0.08);
          if (brick) f *= z % 0.075 < 0.012 || (t + (Math.floor(z / 0.075) % 2) * 0.1) % 0.2 < 0.012 ? 1.25 : 1;
          else if (style.kind === 'siding' && z % 0.2 < 0.03) f *= 0.9;
          else if (style.kind === 'metal' && ((t % 0.3) + 0.3) % 0.3 < 0.05) f *= 0.85;
          else if (style.kind === 'stucco') f *= 1 + (noise(wx / 0.9, z / 0.9) - 0.5) * 0.08;
          if (walls - z < 0.35) f *= 0.7;
          setMix(o, wallColour, wallColour, 0, f);
          if (damage === 'burned') {
            setMix(o, [0.16, 0.14, 0.12], [0.4, 0.38, 0.35], noise(wx / 0.8, z / 0.8), 1);
            return;
          }
          if (garage && t > len - 5.6 && t < len - 0.6 && z < 2.2) {
            setMix(o, [0.9, 0.89, 0.85], [0, 0, 0], 0, lit * (z % 0.55 < 0.05 ? 0.8 : 1));
            return;
          }
          if (hasDoor && Math.abs(t - len * 0.35) < 0.48 && z < 2.1) {
            setMix(o, [0.35, 0.22, 0.15], [0, 0, 0], 0, lit);
            return;
          }
          const storey = Math.floor(z / 2.9);
          const zs = z - storey * 2.9;
          if (storey < storeys && zs > 0.9 && zs < 2.2 && windows > 0) {
            const slot = (t / len) * windows;
            const within = slot - Math.floor(slot);
            const halfW = 0.55 / (len / windows);
            if (Math.abs(within - 0.5) < halfW && !(hasDoor && Math.abs(t - len * 0.35) < 1.2)) {
              const edge = Math.abs(within - 0.5) > halfW - 0.08 / (len / windows) || zs < 0.98 || zs > 2.12;
              if (edge) setMix(o, [0.92, 0.92, 0.9], [0, 0, 0], 0, lit);
              else setMix(o, [0.1, 0.12, 0.15], [0.45, 0.52, 0.6], clamp01((zs - 0.9) / 1.3) * 0.5, 1);
            }
          }
        },
      );
    }
    // Roof faces in east/south metres (the frame's corners), lifted to eave and ridge height.
    const at = (fu: number, fv: number, z: number): P3 => {
      const [x, ys] = frame.at(fu, fv);
      const [rx, ry] = rotate([x, -ys]);
      return [rx, ry, z];
    };
    const shadeRoof = (p: P3, o: Float32Array) => {
      const x = p[0] * cos + p[1] * sin;
      const y = -p[0] * sin + p[1] * cos;
      const um = x * frame.u[0] - y * frame.u[1] - frame.minU;
      const vm = x * frame.v[0] - y * frame.v[1] - frame.minV;
      roof(um, vm, textureX(x), textureY(y), o);
    };
    if (flat) {
      face(
        rotated.slice(0, -1).map(([x, y]): P3 => [x, y, walls]),
        shadeRoof,
      );
      return;
    }
    if (wings.length > 1) {
      wingRoofs(b, wings, walls, total, hip, wallColour);
      return;
    }
    const inset = hip ? Math.min(0.45, frame.width / 2 / Math.max(frame.length, 1e-9)) : 0;
    const r0 = at(inset, 0.5, total);
    const r1 = at(1 - inset, 0.5, total);
    const faces: { pts: P3[]; gable: boolean }[] = [
      { pts: [at(0, 0, walls), at(1, 0, walls), r1, r0], gable: false },
      { pts: [at(0, 1, walls), at(1, 1, walls), r1, r0], gable: false },
      { pts: [at(0, 0, walls), at(0, 1, walls), r0], gable: !hip },
      { pts: [at(1, 0, walls), at(1, 1, walls), r1], gable: !hip },
    ];
    const depth = (pts: P3[]) => pts.reduce((s, p) => s + p[1] - p[2] * 0.01, 0) / pts.length;
    faces.sort((x, y) => depth(y.pts) - depth(x.pts));
    for (const f of faces) {
      if (f.gable)
        face(f.pts, (p, o) => {
          const wx = textureOf(p);
          setMix(o, wallColour, wallColour, 0, 0.55 + (cellHash(wx / 0.12, p[2] / 0.2) - 0.5) * 0.06);
        });
      else face(f.pts, shadeRoof);
    }
  }

  /**
   * The roofs of a footprint's wings (see wings.ts), each on its own frame with its ridge at the
   * height its width gives, through one depth buffer: where an arm runs into the main roof,
   * whichever plane is nearer the camera shows, so they meet in valleys.
   */
  function wingRoofs(b: SceneBuilding, wings: Wing[], walls: number, total: number, hip: boolean, wallColour: RGB) {
    const depthBuffer = scratchMask('oblique-depth', W * H).fill(Infinity);
    const faces: { pts: P3[]; shade: (p: P3, o: Float32Array) => void }[] = [];
    const gable = (p: P3, o: Float32Array) =>
      setMix(o, wallColour, wallColour, 0, 0.55 + (cellHash(textureOf(p) / 0.12, p[2] / 0.2) - 0.5) * 0.06);
    for (const w of wings) {
      const roof = roofShader(b, view, sun.toSun, { u: w.u, v: w.v, lengthM: w.length, widthM: w.width }, 0.14);
      const at = (fu: number, fv: number, z: number): P3 => {
        const pu = w.minU + fu * w.length;
        const pv = w.minV + fv * w.width;
        const [rx, ry] = rotate([pu * w.u[0] + pv * w.v[0], -(pu * w.u[1] + pv * w.v[1])]);
        return [rx, ry, z];
      };
      const shade = (p: P3, o: Float32Array) => {
        const x = p[0] * cos + p[1] * sin;
        const y = -p[0] * sin + p[1] * cos;
        const um = Math.min(w.length, Math.max(0, x * w.u[0] - y * w.u[1] - w.minU));
        const vm = Math.min(w.width, Math.max(0, x * w.v[0] - y * w.v[1] - w.minV));
        roof(um, vm, textureX(x), textureY(y), o);
      };
      const ridge = walls + Math.max(0.3, Math.min(total - walls, (w.width / 2) * Math.tan(PITCH)));
      const inset = hip ? Math.min(0.45, w.width / 2 / Math.max(w.length, 1e-9)) : 0;
      const r0 = at(inset, 0.5, ridge);
      const r1 = at(1 - inset, 0.5, ridge);
      faces.push(
        { pts: [at(0, 0, walls), at(1, 0, walls), r1, r0], shade },
        { pts: [at(0, 1, walls), at(1, 1, walls), r1, r0], shade },
        { pts: [at(0, 0, walls), at(0, 1, walls), r0], shade: hip ? shade : gable },
        { pts: [at(1, 0, walls), at(1, 1, walls), r1], shade: hip ? shade : gable },
      );
    }
    for (const f of faces) face(f.pts, f.shade, depthBuffer);
  }

  /**
   * A convex solid from a `base` ring at z0 to a `top` ring at z1 (same corners, closed rings, in
   * rotated metres): its sides far to near, then its top, so what is hidden is painted over. The
   * side shader gets the lit factor of that side's normal.
   */
  function solid(
    base: Pt[],
    top: Pt[],
    z0: number,
    z1: number,
    side: (lit: number, p: P3, o: Float32Array) => void,
    lid: (p: P3, o: Float32Array) => void,
  ) {
    const faces: { pts: P3[]; depth: number; lit: number }[] = [];
    const [cx, cy] = base.slice(0, -1).reduce(([x, y], p) => [x + p[0], y + p[1]], [0, 0]);
    const centre: Pt = [cx / (base.length - 1), cy / (base.length - 1)];
    for (let i = 0; i + 1 < base.length; i++) {
      const pts: P3[] = [
        [base[i]![0], base[i]![1], z0],
        [base[i + 1]![0], base[i + 1]![1], z0],
        [top[i + 1]![0], top[i + 1]![1], z1],
        [top[i]![0], top[i]![1], z1],
      ];
      // Outward normal: (edge along the base) × (up the side), turned away from the centre.
      const e: P3 = [pts[1]![0] - pts[0]![0], pts[1]![1] - pts[0]![1], 0];
      const f: P3 = [pts[3]![0] - pts[0]![0], pts[3]![1] - pts[0]![1], z1 - z0];
      let n: P3 = [e[1] * f[2] - e[2] * f[1], e[2] * f[0] - e[0] * f[2], e[0] * f[1] - e[1] * f[0]];
      const mid: Pt = [(pts[0]![0] + pts[1]![0]) / 2 - centre[0], (pts[0]![1] + pts[1]![1]) / 2 - centre[1]];
      if (n[0] * mid[0] + n[1] * mid[1] < 0) n = [-n[0], -n[1], -n[2]];
      const len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) || 1;
      const lit = 0.38 + 0.72 * Math.max(0, (n[0] * L[0] + n[1] * L[1] + n[2] * L[2]) / len);
      faces.push({ pts, depth: (pts[0]![1] + pts[1]![1]) / 2, lit });
    }
    faces.sort((a, b) => b.depth - a.depth);
    for (const { pts, lit } of faces) face(pts, (p, o) => side(lit, p, o));
    face(
      top.slice(0, -1).map(([x, y]): P3 => [x, y, z1]),
      lid,
    );
  }

  /**
   * A parked car with volume: tyres, a body lit like the walls, and a cabin of sloping glass
   * under a roof of the car's colour: the same car the orthophoto shows from above (its shadow
   * is the ground's).
   */
  function parkedCar(car: { heading: number; colour: string }, [cx, cy]: Pt) {
    const colour = hexColour(car.colour);
    const u: Pt = [Math.cos(car.heading), Math.sin(car.heading)];
    const v: Pt = [-u[1], u[0]];
    // From a0 to a1 metres along the car (front +), ±b across; in rotated metres.
    const ring = (a0: number, a1: number, b: number): Pt[] =>
      [
        [a0, -b],
        [a1, -b],
        [a1, b],
        [a0, b],
        [a0, -b],
      ].map(([a, w]) => rotate([cx + u[0] * a! + v[0] * w!, cy + u[1] * a! + v[1] * w!]));
    const tyres = ring(-1.95, 1.95, 0.84);
    solid(
      tyres,
      tyres,
      0,
      0.36,
      (lit, _p, o) => setMix(o, TYRE, TYRE, 0, lit),
      (_p, o) => setMix(o, TYRE, TYRE, 0, 1),
    );
    const body = ring(-2.3, 2.3, 0.92);
    solid(
      body,
      ring(-2.25, 2.22, 0.9),
      0.32,
      0.98,
      // A crease along the side and a little gloss towards the shoulder.
      (lit, p, o) =>
        setMix(o, colour, [1, 1, 1], p[2] > 0.86 ? 0.12 : 0, Math.abs(p[2] - 0.7) < 0.03 ? lit * 0.8 : lit),
      (_p, o) => setMix(o, colour, [1, 1, 1], 0.1, 1.02),
    );
    solid(
      ring(-1.55, 0.75, 0.84),
      ring(-1.05, 0.05, 0.7),
      0.98,
      1.48,
      // Glass all round (a sky reflection higher up), pillars of the body's colour at the top.
      (lit, p, o) =>
        p[2] > 1.43 ? setMix(o, colour, colour, 0, lit) : setMix(o, GLASS, SKY, clamp01((p[2] - 0.98) / 0.5) * 0.5, 1),
      (_p, o) => setMix(o, colour, [1, 1, 1], 0.08, 1.05),
    );
  }

  function tree(t: SceneTree, [x, y]: Pt) {
    const species = speciesOf(t, climate);
    const burned = treeBurned(t, view.capturedOn, view.events);
    const leafOff = !burned && species === 'broadleaf' && (month >= 12 || month <= 3);
    const autumn = !burned && species === 'broadleaf' && (month === 10 || month === 11);
    const h = treeHeightM(t, species);
    const r = t.radiusM;
    const [bx, by] = screen([x, y, 0]);
    const crownZ = species === 'conifer' ? h * 0.55 : species === 'palm' ? h : h - r * 0.85;
    const [cx, cy] = screen([x, y, crownZ]);
    // Trunk.
    const trunkTop = screen([x, y, species === 'palm' ? h : crownZ]);
    canvas.paint(
      mask,
      canvas.stroke([[bx, by], trunkTop], Math.max(1, (species === 'palm' ? 0.35 : 0.3) * scale), mask),
      (_x, _y, o) => setMix(o, burned ? [0.1, 0.09, 0.08] : [0.33, 0.27, 0.21], [0, 0, 0], 0, 1),
    );
    const R = r * scale;
    const norm = Math.hypot(GROUND_SCALE, HEIGHT_SCALE);
    const U: P3 = [0, GROUND_SCALE / norm, HEIGHT_SCALE / norm];
    const V: P3 = [0, -HEIGHT_SCALE / norm, GROUND_SCALE / norm];
    let colour: RGB =
      species === 'conifer'
        ? [0.14, 0.22, 0.13]
        : species === 'palm'
          ? [0.36, 0.42, 0.2]
          : species === 'broadleaf'
            ? [0.26, 0.36, 0.14]
            : [0.21, 0.3, 0.15];
    if (autumn) colour = [0.45, 0.3, 0.1];
    const tall = species === 'conifer' ? (h * 0.5 * HEIGHT_SCALE * scale) / R : 0.9;
    const x0 = Math.max(0, Math.floor(cx - R * 1.3));
    const x1 = Math.min(W, Math.ceil(cx + R * 1.3));
    const y0 = Math.max(0, Math.floor(cy - R * tall * 1.3));
    const y1 = Math.min(H, Math.ceil(cy + R * tall * 1.3));
    const turn = hashUnit(t.id, 'turn') * Math.PI * 2;
    for (let py = y0; py < y1; py++)
      for (let px = x0; px < x1; px++) {
        const dx = (px + 0.5 - cx) / R;
        const dy = -(py + 0.5 - cy) / (R * tall);
        const d = Math.sqrt(dx * dx + dy * dy);
        const n1 = noise((px + t.radiusM * 97) / (0.7 * scale), (py + t.radiusM * 31) / (0.7 * scale));
        let alpha: number;
        let f: number;
        let c = colour;
        if (burned || leafOff) {
          const branch = Math.abs(Math.sin(Math.atan2(dy, dx) * 3.5 + turn + n1 * 4));
          if (d > 1) continue;
          alpha = (branch < 0.2 ? 0.8 : n1 > 0.6 ? 0.4 : 0.12) * (1 - d * d * 0.5);
          c = burned ? BURNED_BRANCHES : BARE_BRANCHES;
          f = 1;
        } else if (species === 'conifer') {
          // A cone: narrow at the top, branch tiers, lit on the sun's side.
          const width = 1 - (dy + 1) / 2;
          if (dy < -1 || dy > 1 || Math.abs(dx) > width * (0.9 + n1 * 0.25)) continue;
          alpha = 1;
          const side = dx * L[0] + 0.4;
          f = 0.55 + 0.45 * clamp01(side + 0.5) + (((dy + 1) * 6 + n1) % 1 < 0.3 ? -0.2 : 0);
        } else if (species === 'palm') {
          const a = Math.atan2(dy * 1.6, dx) + turn;
          const fronds = 10;
          const diff = Math.abs(a - Math.round((a / (Math.PI * 2)) * fronds) * ((Math.PI * 2) / fronds));
          if (d > 1 || diff > 0.18 * (1 - d) + 0.05) continue;
          alpha = 1;
          f = 0.7 + 0.5 * clamp01(dx * L[0] + 0.5) + (n1 - 0.5) * 0.3;
        } else {
          const edge = 0.92 + (n1 - 0.5) * 0.35;
          if (d > edge) continue;
          alpha = clamp01((edge - d) * R * 0.8 + 0.3);
          const nz = Math.sqrt(Math.max(0, 1 - (d / edge) ** 2));
          // The crown's normal (scalars: an array per pixel was garbage).
          const n0 = dx + V[0] * nz;
          const n1y = dy * U[1] + V[1] * nz;
          const n2 = dy * U[2] + V[2] * nz;
          const lambert = Math.max(0, n0 * L[0] + n1y * L[1] + n2 * L[2]);
          f = 0.42 + 0.75 * lambert + (n1 - 0.5) * 0.6 + (n1 < 0.28 ? -0.2 : 0);
        }
        const i = (py * W + px) * 3;
        const g = Math.max(0.2, f);
        rgb[i] = lerp(rgb[i]!, c[0] * g, alpha);
        rgb[i + 1] = lerp(rgb[i + 1]!, c[1] * g, alpha);
        rgb[i + 2] = lerp(rgb[i + 2]!, c[2] * g, alpha);
      }
  }
}

const BURNED_BRANCHES: RGB = [0.12, 0.1, 0.09];
const TYRE: RGB = [0.07, 0.07, 0.075];
const GLASS: RGB = [0.08, 0.1, 0.12];
const SKY: RGB = [0.55, 0.62, 0.7];
const BARE_BRANCHES: RGB = [0.38, 0.33, 0.28];

type WallKind = 'siding' | 'brick' | 'stucco' | 'metal';

/**
 * Walls by region, era and type: stucco in the West and on the Gulf coast, brick and lap siding
 * elsewhere (brick likelier on older houses), ribbed metal on manufactured homes (long and
 * narrow), barns and sheds (red or grey), and on small commercial blocks (large, flat-roofed).
 */
function wallStyle(b: SceneBuilding, climate: ReturnType<typeof climateAt>, lengthM: number, widthM: number) {
  const pick = <T>(items: T[], salt: string) => items[Math.floor(hashUnit(b.id, salt) * items.length)]!;
  const style = (kind: WallKind, colours: RGB[]) => ({ kind, colour: pick(colours, 'wall-colour') });
  const area = lengthM * widthM;
  if (b.id.endsWith('-shed') || (b.roofMaterial === 'metal' && area > 250 && b.heightFt < 30))
    return style('metal', [
      [0.55, 0.2, 0.16],
      [0.72, 0.72, 0.7],
      [0.6, 0.62, 0.6],
    ]);
  if (widthM < 5.5 && lengthM / Math.max(widthM, 1) > 2.8)
    return style('metal', [
      [0.88, 0.88, 0.85],
      [0.8, 0.83, 0.82],
      [0.86, 0.82, 0.72],
    ]);
  if ((b.roofShape === 'flat' && area > 300) || climate !== 'east') {
    if (climate !== 'east' || hashUnit(b.id, 'commercial-wall') < 0.5)
      return style('stucco', [
        [0.86, 0.82, 0.72],
        [0.9, 0.87, 0.8],
        [0.8, 0.72, 0.6],
        [0.84, 0.8, 0.76],
      ]);
  }
  const old = (b.yearBuilt ?? 1990) < 1960;
  if (hashUnit(b.id, 'brick') < (old ? 0.7 : 0.3))
    return style('brick', [
      [0.6, 0.34, 0.27],
      [0.55, 0.3, 0.24],
      [0.66, 0.44, 0.34],
    ]);
  return style('siding', [
    [0.84, 0.8, 0.72],
    [0.8, 0.78, 0.74],
    [0.88, 0.86, 0.8],
    [0.62, 0.66, 0.68],
    [0.7, 0.66, 0.55],
  ]);
}

export type { LngLat };
