import { buildingExists, roofDamage, treeBurned, type ObliqueDirection } from './capture.js';
import { metresPerDegreeLng, type LngLat } from './geo.js';
import type { SceneView } from './ortho.js';
import { hashUnit, seededRandom } from './random.js';
import type { SceneBuilding, SceneFeatures } from './scene.js';
import { COLOURS, groundColour, mix, roofLook, treeColour } from './style.js';
import { attrs, orientedFrame, pathOf, polylineOf, svgDocument, type Pt } from './svg.js';

const FT = 0.3048;
const AZIMUTH: Record<ObliqueDirection, number> = { north: 0, east: 90, south: 180, west: 270 };
/** Ground foreshortening and height lift of a ~40° oblique camera. */
const GROUND_SCALE = 0.62;
const HEIGHT_SCALE = 0.78;

type P3 = [x: number, y: number, z: number];

export interface ObliqueView extends Omit<SceneView, 'bbox'> {
  center: LngLat;
  /** Ground metres shown across the image at the centre. */
  spanM: number;
  /** The side the camera looks from. */
  direction: ObliqueDirection;
}

/**
 * An oblique view: the scene rotated so the camera (on `direction`'s side) is at the bottom,
 * the ground foreshortened and buildings extruded to their height, drawn far to near.
 */
export function obliqueSvg(scene: SceneFeatures, view: ObliqueView): string {
  const mPerLng = metresPerDegreeLng(view.center[1]);
  const theta = ((AZIMUTH[view.direction] - 180) * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const scale = view.width / view.spanM;
  const horizon = view.height * 0.55;
  /** Ground metres (rotated, camera at -y) of a lng/lat. */
  const local = ([lng, lat]: GeoJSON.Position): Pt => {
    const x = (lng! - view.center[0]) * mPerLng;
    const y = (lat! - view.center[1]) * 111_320;
    return [x * cos - y * sin, x * sin + y * cos];
  };
  const screen = ([x, y, z]: P3): Pt => [
    view.width / 2 + x * scale,
    horizon - (y * GROUND_SCALE + z * HEIGHT_SCALE) * scale,
  ];
  const flat = (coords: GeoJSON.Position[]) => coords.map((c) => screen([...local(c), 0]));

  const body: string[] = [
    `<rect width="${view.width}" height="${view.height}" fill="${groundColour(view.capturedOn)}"/>`,
  ];
  // A hazy band at the top: the far distance of an oblique photo.
  body.push(`<rect width="${view.width}" height="${view.height * 0.12}" fill="#c8d0d4" fill-opacity="0.55"/>`);
  for (const parcel of scene.parcels) {
    body.push(
      `<path ${attrs({ d: pathOf(parcel.outline.coordinates.map(flat)), fill: mix(groundColour(view.capturedOn), '#86a35c', 0.3 + hashUnit(parcel.id, 'lawn') * 0.3), stroke: COLOURS.fence, 'stroke-width': 0.8 })}/>`,
    );
  }
  for (const water of scene.water ?? [])
    body.push(`<path ${attrs({ d: pathOf(water.outline.coordinates.map(flat)), fill: COLOURS.water })}/>`);
  for (const road of scene.roads) {
    const d = polylineOf(flat(road.line.coordinates));
    body.push(
      `<path ${attrs({ d, fill: 'none', stroke: COLOURS.roadEdge, 'stroke-width': (road.widthM + 3) * scale * GROUND_SCALE })}/>`,
    );
    body.push(
      `<path ${attrs({ d, fill: 'none', stroke: COLOURS.road, 'stroke-width': road.widthM * scale * GROUND_SCALE })}/>`,
    );
  }
  for (const pool of scene.pools)
    body.push(
      `<path ${attrs({ d: pathOf(pool.outline.coordinates.map(flat)), fill: COLOURS.pool, stroke: COLOURS.poolEdge, 'stroke-width': 1 })}/>`,
    );

  for (const object of scene.yardObjects ?? []) {
    const [x, y] = screen([...local([object.center[0], object.center[1]]), 0]);
    const r = (object.kind === 'trampoline' ? 2.1 : 1.5) * scale;
    body.push(
      `<ellipse ${attrs({ cx: x, cy: y, rx: r, ry: r * GROUND_SCALE, fill: object.kind === 'trampoline' ? '#1f1f22' : '#7a6e5f', stroke: object.kind === 'trampoline' ? '#3a6fb0' : 'none', 'stroke-width': 1 })}/>`,
    );
  }
  const objects: { depth: number; svg: string }[] = [];
  for (const b of scene.buildings) {
    if (!buildingExists(b, view.capturedOn)) continue;
    const ring = (b.outline.coordinates[0] ?? []).map(local);
    if (ring.length < 4) continue;
    const depth = Math.max(...ring.map((p) => p[1]));
    objects.push({ depth, svg: buildingSvg(b, ring, screen, view) });
  }
  for (const t of scene.trees) {
    const [x, y] = local(t.center);
    const burned = treeBurned(t, view.capturedOn, view.events);
    const h = t.radiusM * 1.6;
    const [bx, by] = screen([x, y, 0]);
    const [cx, cy] = screen([x, y, h]);
    const r = t.radiusM * scale;
    const fill = burned ? COLOURS.burnedTree : treeColour(t.id, view.capturedOn);
    objects.push({
      depth: y,
      svg:
        `<path ${attrs({
          d: polylineOf([
            [bx, by],
            [cx, cy],
          ]),
          stroke: '#4b3a2a',
          'stroke-width': Math.max(1, r * 0.12),
        })}/>` +
        `<ellipse ${attrs({ cx, cy, rx: r, ry: r * 0.85, fill })}/>` +
        `<ellipse ${attrs({ cx: cx - r * 0.2, cy: cy - r * 0.25, rx: r * 0.55, ry: r * 0.45, fill: burned ? '#4a423b' : mix(fill, '#a8c47a', 0.3), 'fill-opacity': 0.6 })}/>`,
    });
  }
  objects.sort((a, b) => b.depth - a.depth);
  body.push(...objects.map((o) => o.svg));
  return svgDocument(view.width, view.height, body);
}

function buildingSvg(b: SceneBuilding, ring: Pt[], screen: (p: P3) => Pt, view: ObliqueView): string {
  const h = b.heightFt * FT;
  const damage = roofDamage(b, view.capturedOn, view.events);
  const look = roofLook(b, view.capturedOn, damage);
  const wall =
    damage === 'burned' ? '#3a3430' : COLOURS.wall[Math.floor(hashUnit(b.id, 'wall') * COLOURS.wall.length)]!;
  const area = ring.reduce(
    (s, p, i) => (i + 1 < ring.length ? s + p[0] * ring[i + 1]![1] - ring[i + 1]![0] * p[1] : s),
    0,
  );
  const out: string[] = [];
  const stories = Math.max(1, Math.round(h / 3.2));
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = ring[i]!;
    const c = ring[i + 1]!;
    // Outward normal (depends on winding); a wall shows when it faces the camera (−y).
    const nx = (c[1] - a[1]) * Math.sign(area);
    const ny = -(c[0] - a[0]) * Math.sign(area);
    if (ny >= 0) continue;
    const shade = 0.1 + 0.25 * Math.abs(nx / Math.hypot(nx, ny));
    const quad = [screen([a[0], a[1], 0]), screen([c[0], c[1], 0]), screen([c[0], c[1], h]), screen([a[0], a[1], h])];
    out.push(
      `<path ${attrs({ d: pathOf([quad]), fill: mix(wall, '#000000', shade), stroke: mix(wall, '#000000', 0.4), 'stroke-width': 0.6 })}/>`,
    );
    const len = Math.hypot(c[0] - a[0], c[1] - a[1]);
    const windows = Math.floor(len / 3);
    for (let s = 0; s < stories && damage !== 'burned'; s++) {
      for (let w = 0; w < windows; w++) {
        const t0 = (w + 0.35) / windows;
        const t1 = (w + 0.65) / windows;
        const z0 = s * 3.2 + 1;
        const z1 = z0 + 1.3;
        if (z1 > h) continue;
        const p = (t: number, z: number) => screen([a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t, z]);
        out.push(
          `<path ${attrs({ d: pathOf([[p(t0, z0), p(t1, z0), p(t1, z1), p(t0, z1)]]), fill: '#2c3440', 'fill-opacity': 0.8 })}/>`,
        );
      }
    }
  }
  const frame = orientedFrame(ring);
  const flatRoof = b.roofShape === 'flat' || b.roofShape === 'unknown' || damage === 'burned';
  const ridgeH = flatRoof ? 0 : frame.width * 0.3;
  const hip = b.roofShape === 'hip' || b.roofShape === 'mansard';
  const inset = hip ? Math.min(0.45, frame.width / 2 / Math.max(frame.length, 1e-9)) : 0;
  const at = (u: number, v: number, z: number): P3 => [...frame.at(u, v), z];
  const r0 = at(inset, 0.5, h + ridgeH);
  const r1 = at(1 - inset, 0.5, h + ridgeH);
  const faces: P3[][] = flatRoof
    ? [ring.map((p): P3 => [p[0], p[1], h])]
    : [
        [at(0, 0, h), at(1, 0, h), r1, r0],
        [at(0, 1, h), at(1, 1, h), r1, r0],
        [at(0, 0, h), at(0, 1, h), r0],
        [at(1, 0, h), at(1, 1, h), r1],
      ];
  const faceDepth = (face: P3[]) => face.reduce((s, p) => s + p[1], 0) / face.length;
  const sorted = [...faces].sort((x, y) => faceDepth(y) - faceDepth(x));
  const rand = seededRandom(b.id, view.capturedOn, 'oblique-roof');
  sorted.forEach((face, index) => {
    const gableEnd = !flatRoof && !hip && face.length === 3;
    const fill = gableEnd ? wall : mix(look.fill, index % 2 ? '#ffffff' : '#000000', 0.12);
    out.push(
      `<path ${attrs({ d: pathOf([face.map(screen)]), fill, stroke: mix(look.fill, '#000000', 0.4), 'stroke-width': 0.6 })}/>`,
    );
  });
  const near = sorted[sorted.length - 1]!.filter((_, i) => i < 4);
  const onNear = (u: number, v: number): Pt => {
    const [p0, p1, p2, p3] = near.length === 4 ? near : [near[0]!, near[1]!, near[2]!, near[2]!];
    const top: P3 = [p0![0] + (p1![0] - p0![0]) * u, p0![1] + (p1![1] - p0![1]) * u, p0![2] + (p1![2] - p0![2]) * u];
    const bottom: P3 = [p3![0] + (p2![0] - p3![0]) * u, p3![1] + (p2![1] - p3![1]) * u, p3![2] + (p2![2] - p3![2]) * u];
    return screen([
      top[0] + (bottom[0] - top[0]) * v,
      top[1] + (bottom[1] - top[1]) * v,
      top[2] + (bottom[2] - top[2]) * v,
    ]);
  };
  if (damage === 'tarp') {
    const u0 = 0.15 + rand() * 0.3;
    out.push(
      `<path ${attrs({ d: pathOf([[onNear(u0, 0.1), onNear(u0 + 0.4, 0.1), onNear(u0 + 0.4, 0.7), onNear(u0, 0.7)]]), fill: COLOURS.tarp })}/>`,
    );
  } else if (damage === 'hail') {
    for (let i = 0; i < 40; i++) {
      const [x, y] = onNear(rand(), rand());
      out.push(`<circle ${attrs({ cx: x, cy: y, r: 0.9, fill: COLOURS.hail })}/>`);
    }
  }
  if (b.hasSolar && damage !== 'burned') {
    out.push(
      `<path ${attrs({ d: pathOf([[onNear(0.2, 0.25), onNear(0.8, 0.25), onNear(0.8, 0.75), onNear(0.2, 0.75)]]), fill: COLOURS.solar, 'fill-opacity': 0.9 })}/>`,
    );
  }
  return out.join('');
}
