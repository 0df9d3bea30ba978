import { buildingExists, roofDamage, treeBurned, visibleEvents, type WeatherEvent } from './capture.js';
import { bboxIntersects, expandBBox, pixelProjector, type BBox, type LngLat } from './geo.js';
import { hashUnit, seededRandom } from './random.js';
import type { SceneBuilding, SceneFeatures, SceneYardObject } from './scene.js';
import { COLOURS, groundColour, mix, roofLook, treeColour } from './style.js';
import { attrs, circlePath, orientedFrame, pathOf, polylineOf, svgDocument, type Pt } from './svg.js';

export interface SceneView {
  bbox: BBox;
  width: number;
  height: number;
  /** YYYY-MM-DD: season, sun, roof ages and which buildings exist. */
  capturedOn: string;
  events: WeatherEvent[];
  /** Varies what is not data (sun angle, texture) between captures. */
  seed: string;
}

/** Sun for a capture: mid-morning, higher in summer; the azimuth wobbles a little per capture. */
export function sunFor(capturedOn: string, seed: string) {
  const month = Number(capturedOn.slice(5, 7));
  const elevationDeg = 45 + 20 * Math.cos(((month - 6.5) / 12) * 2 * Math.PI);
  const azimuthDeg = 135 + (hashUnit(seed, 'sun') - 0.5) * 40;
  const length = 1 / Math.tan((elevationDeg * Math.PI) / 180);
  const az = (azimuthDeg * Math.PI) / 180;
  /** Shadow direction in screen space (north up): away from the sun. */
  return { dx: -Math.sin(az) * length, dy: Math.cos(az) * length };
}

const FT = 0.3048;

/** A north-up orthophoto of the scene inside `view.bbox`, as an SVG document. */
export function orthoSvg(fullScene: SceneFeatures, view: SceneView): string {
  const { project, metresPerPx } = pixelProjector(view.bbox, view.width, view.height);
  const scene = cullToView(fullScene, view.bbox);
  // Below ~0.6 m per pixel (property images, tiles from z18) roofs get ridges, weathering and
  // panels; coarser tiles draw plain shapes, which keeps a dense z16 tile fast to rasterise.
  const detailed = metresPerPx < 0.6;
  const px = (m: number) => m / metresPerPx;
  const ring = (coords: GeoJSON.Position[]): Pt[] => coords.map((c) => project(c as LngLat));
  const sun = sunFor(view.capturedOn, view.seed);
  const events = visibleEvents(view.capturedOn, view.events);
  const defs: string[] = [];
  const body: string[] = [];

  body.push(`<rect width="${view.width}" height="${view.height}" fill="${groundColour(view.capturedOn)}"/>`);
  if (detailed) body.push(groundTexture(view, px));

  // Lawns take one of eight tints (grouped into one path each); fences are one path.
  const lawns = new Map<string, string[]>();
  const fences: string[] = [];
  for (const parcel of scene.parcels) {
    const level = Math.floor(hashUnit(parcel.id, 'lawn2') * 4) / 4;
    const tint = mix(
      groundColour(view.capturedOn),
      hashUnit(parcel.id, 'lawn') < 0.5 ? '#86a35c' : '#a9a57a',
      0.35 + level * 0.3,
    );
    const d = pathOf(parcel.outline.coordinates.map(ring));
    lawns.set(tint, [...(lawns.get(tint) ?? []), d]);
    fences.push(d);
  }
  for (const [fill, ds] of lawns) body.push(`<path ${attrs({ d: ds.join(''), fill })}/>`);
  if (fences.length)
    body.push(
      `<path ${attrs({ d: fences.join(''), fill: 'none', stroke: COLOURS.fence, 'stroke-width': Math.max(0.6, px(0.25)), 'stroke-opacity': 0.7 })}/>`,
    );
  for (const water of scene.water ?? []) {
    body.push(
      `<path ${attrs({ d: pathOf(water.outline.coordinates.map(ring)), fill: COLOURS.water, 'fill-rule': 'evenodd' })}/>`,
    );
  }
  for (const road of scene.roads) {
    const d = polylineOf(ring(road.line.coordinates));
    body.push(
      `<path ${attrs({ d, fill: 'none', stroke: COLOURS.roadEdge, 'stroke-width': px(road.widthM + 3), 'stroke-linejoin': 'round' })}/>`,
    );
    body.push(
      `<path ${attrs({ d, fill: 'none', stroke: COLOURS.road, 'stroke-width': px(road.widthM), 'stroke-linejoin': 'round' })}/>`,
    );
    if (road.widthM >= 7)
      body.push(
        `<path ${attrs({ d, fill: 'none', stroke: COLOURS.roadMarking, 'stroke-width': Math.max(0.5, px(0.15)), 'stroke-dasharray': `${px(3)} ${px(6)}` })}/>`,
      );
  }
  for (const pool of scene.pools) {
    body.push(
      `<path ${attrs({ d: pathOf(pool.outline.coordinates.map(ring)), fill: COLOURS.pool, stroke: COLOURS.poolEdge, 'stroke-width': px(0.6) })}/>`,
    );
  }
  for (const object of scene.yardObjects ?? []) body.push(yardObjectSvg(object, project, px));
  // Wildfire leaves scorched ground, a flood silt-brown ground, over the event's area.
  for (const event of events.filter((e) => e.kind === 'wildfire' || e.kind === 'flood')) {
    const area = event.area ?? view.bbox;
    if (!bboxIntersects(area, view.bbox)) continue;
    const [x0, y1] = project([area[0], area[1]]);
    const [x1, y0] = project([area[2], area[3]]);
    body.push(
      `<rect ${attrs({ x: x0, y: y0, width: x1 - x0, height: y1 - y0, fill: event.kind === 'flood' ? COLOURS.silt : COLOURS.scorched, 'fill-opacity': 0.25 + event.severity * 0.35 })}/>`,
    );
  }

  const buildings = scene.buildings.filter((b) => buildingExists(b, view.capturedOn));
  // Shadows first, so roofs and canopies are drawn over them. All shadows are one path (and
  // canopies one path per colour): overlapping shadows do not darken twice, and librsvg's cost
  // is per element, which keeps dense tiles fast.
  const shadows: string[] = [];
  for (const b of buildings) {
    const h = px(b.heightFt * FT);
    shadows.push(
      pathOf(b.outline.coordinates.map((r) => ring(r).map(([x, y]): Pt => [x + sun.dx * h, y + sun.dy * h]))),
    );
  }
  for (const t of scene.trees) {
    const [x, y] = project(t.center);
    const r = px(t.radiusM);
    shadows.push(circlePath(x + sun.dx * r * 1.6, y + sun.dy * r * 1.6, r));
  }
  if (shadows.length) {
    // Soft-edged shadows, as skylight and the sun's half-degree disc make them (penumbra ≈ 0.3 m).
    defs.push(
      `<filter id="soft-shadow" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="${Math.max(0.6, px(0.3)).toFixed(1)}"/></filter>`,
    );
    body.push(
      `<path ${attrs({ d: shadows.join(''), fill: COLOURS.shadow, 'fill-opacity': 0.38, filter: 'url(#soft-shadow)' })}/>`,
    );
  }
  if (detailed) for (const b of buildings) body.push(...roofSvg(b, ring, px, view, defs));
  else body.push(...plainRoofsSvg(buildings, ring, view));
  const canopies = new Map<string, string[]>();
  const highlights = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, d: string) => {
    const list = map.get(key);
    if (list) list.push(d);
    else map.set(key, [d]);
  };
  for (const t of scene.trees) {
    const [x, y] = project(t.center);
    const r = px(t.radiusM);
    const burned = treeBurned(t, view.capturedOn, view.events);
    const fill = burned ? COLOURS.burnedTree : treeColour(t.id, view.capturedOn);
    if (!detailed) add(canopies, fill, circlePath(x, y, r));
    else {
      // A crown seen from above is lumpy: a core and a ring of lobes (same winding, so one fill),
      // lit on the side facing the sun (opposite its shadow).
      const lobes = 6;
      const turn = hashUnit(t.id, 'crown') * Math.PI * 2;
      const crown = [circlePath(x, y, r * 0.72)];
      for (let k = 0; k < lobes; k++) {
        const a = turn + (k / lobes) * Math.PI * 2;
        const reach = r * (0.42 + 0.12 * hashUnit(t.id, 'lobe', k));
        crown.push(circlePath(x + Math.cos(a) * reach, y + Math.sin(a) * reach, r * 0.5));
      }
      add(canopies, fill, crown.join(''));
      const norm = Math.hypot(sun.dx, sun.dy) || 1;
      add(
        highlights,
        burned ? '#4a423b' : mix(fill, '#a8c47a', 0.25),
        circlePath(x - (sun.dx / norm) * r * 0.3, y - (sun.dy / norm) * r * 0.3, r * 0.5),
      );
    }
  }
  for (const [fill, ds] of canopies) body.push(`<path ${attrs({ d: ds.join(''), fill })}/>`);
  for (const [fill, ds] of highlights) body.push(`<path ${attrs({ d: ds.join(''), fill, 'fill-opacity': 0.6 })}/>`);
  return svgDocument(view.width, view.height, body, defs);
}

/** Drops what lies wholly outside the view (with a margin for shadows and canopies). */
function cullToView(scene: SceneFeatures, bbox: BBox): SceneFeatures {
  const margin = expandBBox(bbox, 0.15);
  const polygonIn = (p: GeoJSON.Polygon | GeoJSON.LineString) => {
    const pts = (p.type === 'Polygon' ? p.coordinates[0] : p.coordinates) ?? [];
    let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const c of pts) {
      w = Math.min(w, c[0]!);
      e = Math.max(e, c[0]!);
      s = Math.min(s, c[1]!);
      n = Math.max(n, c[1]!);
    }
    return bboxIntersects([w, s, e, n], margin);
  };
  const pointIn = ([x, y]: LngLat) => x >= margin[0] && x <= margin[2] && y >= margin[1] && y <= margin[3];
  return {
    ...scene,
    parcels: scene.parcels.filter((p) => polygonIn(p.outline)),
    buildings: scene.buildings.filter((b) => polygonIn(b.outline)),
    trees: scene.trees.filter((t) => pointIn(t.center)),
    pools: scene.pools.filter((p) => polygonIn(p.outline)),
    roads: scene.roads.filter((r) => polygonIn(r.line)),
    water: (scene.water ?? []).filter((w) => polygonIn(w.outline)),
    yardObjects: (scene.yardObjects ?? []).filter((o) => pointIn(o.center)),
  };
}

/** Roofs as flat shapes, one path per colour (coarse tiles). */
function plainRoofsSvg(buildings: SceneBuilding[], ring: (c: GeoJSON.Position[]) => Pt[], view: SceneView): string[] {
  const byFill = new Map<string, string[]>();
  for (const b of buildings) {
    const look = roofLook(b, view.capturedOn, roofDamage(b, view.capturedOn, view.events));
    const fill =
      look.damage === 'tarp' ? COLOURS.tarp : look.damage === 'hail' ? mix(look.fill, COLOURS.hail, 0.35) : look.fill;
    byFill.set(fill, [...(byFill.get(fill) ?? []), pathOf(b.outline.coordinates.map(ring))]);
  }
  return [...byFill].map(([fill, ds]) => `<path ${attrs({ d: ds.join(''), fill })}/>`);
}

function yardObjectSvg(object: SceneYardObject, project: (p: LngLat) => Pt, px: (m: number) => number): string {
  const [x, y] = project(object.center);
  if (object.kind === 'trampoline') {
    return `<circle ${attrs({ cx: x, cy: y, r: px(2.1), fill: '#1f1f22', stroke: '#3a6fb0', 'stroke-width': px(0.35) })}/>`;
  }
  const rand = seededRandom(object.id, 'debris');
  const pieces: string[] = [];
  for (let i = 0; i < 7; i++) {
    pieces.push(
      `<rect ${attrs({ x: x + px((rand() - 0.5) * 4), y: y + px((rand() - 0.5) * 3), width: px(0.6 + rand() * 1.4), height: px(0.4 + rand() * 0.9), fill: ['#8b7d6b', '#5d5750', '#a39880', '#6b4f3a'][i % 4]! })}/>`,
    );
  }
  return pieces.join('');
}

/** A sparse deterministic speckle: enough texture to read as ground, cheap to rasterise. */
function groundTexture(view: SceneView, px: (m: number) => number): string {
  const rand = seededRandom(view.seed, view.bbox.join(','), 'texture');
  const cells = Math.min(220, Math.round((view.width * view.height) / 1400));
  const dots: string[] = [];
  for (let i = 0; i < cells; i++) {
    const x = rand() * view.width;
    const y = rand() * view.height;
    const r = Math.max(1, px(0.6 + rand() * 1.4));
    dots.push(
      `<circle ${attrs({ cx: x, cy: y, r, fill: rand() < 0.5 ? '#5b7240' : '#b3ad86', 'fill-opacity': 0.18 })}/>`,
    );
  }
  return dots.join('');
}

function roofSvg(
  b: SceneBuilding,
  ring: (c: GeoJSON.Position[]) => Pt[],
  px: (m: number) => number,
  view: SceneView,
  defs: string[],
): string[] {
  const damage = roofDamage(b, view.capturedOn, view.events);
  const look = roofLook(b, view.capturedOn, damage);
  const rings = b.outline.coordinates.map(ring);
  const outer = rings[0]!;
  const d = pathOf(rings);
  const out: string[] = [
    `<path ${attrs({ d, fill: look.fill, stroke: mix(look.fill, '#000000', 0.35), 'stroke-width': Math.max(0.6, px(0.2)) })}/>`,
  ];
  const frame = orientedFrame(outer);
  const clipId = `c${defs.length}`;
  defs.push(`<clipPath id="${clipId}"><path d="${d}"/></clipPath>`);
  const inClip = (inner: string) => `<g clip-path="url(#${clipId})">${inner}</g>`;
  const parts: string[] = [];

  if (damage !== 'burned' && b.roofShape !== 'flat' && b.roofShape !== 'unknown') {
    // The half of the roof facing away from the sun is darker; the ridge runs along the long axis.
    const hip = b.roofShape === 'hip' || b.roofShape === 'mansard';
    const inset = hip ? Math.min(0.45, frame.width / 2 / Math.max(frame.length, 1e-9)) : 0;
    parts.push(
      `<path ${attrs({ d: pathOf([[frame.at(0, 0.5), frame.at(1, 0.5), frame.at(1, 1), frame.at(0, 1)]]), fill: '#000000', 'fill-opacity': 0.16 })}/>`,
    );
    const r0 = frame.at(inset, 0.5);
    const r1 = frame.at(1 - inset, 0.5);
    const line = (a: Pt, c: Pt) =>
      `<path ${attrs({ d: polylineOf([a, c]), stroke: mix(look.fill, '#ffffff', 0.25), 'stroke-width': Math.max(0.8, px(0.3)), fill: 'none' })}/>`;
    parts.push(line(r0, r1));
    if (hip)
      parts.push(
        line(frame.at(0, 0), r0),
        line(frame.at(0, 1), r0),
        line(frame.at(1, 0), r1),
        line(frame.at(1, 1), r1),
      );
  }
  const rand = seededRandom(b.id, view.capturedOn, 'roof');
  for (let i = 0; i < look.blotches; i++) {
    const [x, y] = frame.at(rand(), rand());
    parts.push(
      `<circle ${attrs({ cx: x, cy: y, r: px(0.4 + rand() * 0.9), fill: rand() < 0.5 ? '#3a3833' : '#a7a391', 'fill-opacity': 0.35 })}/>`,
    );
  }
  if (b.hasSolar && damage !== 'burned') {
    const rows = 2;
    const cols = Math.max(2, Math.min(8, Math.floor(frame.length / px(1.7))));
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const a0 = 0.15 + (0.7 * c) / cols;
        const a1 = a0 + (0.7 / cols) * 0.9;
        const b0 = 0.56 + r * 0.18;
        const b1 = b0 + 0.16;
        parts.push(
          `<path ${attrs({ d: pathOf([[frame.at(a0, b0), frame.at(a1, b0), frame.at(a1, b1), frame.at(a0, b1)]]), fill: COLOURS.solar, stroke: '#8796b0', 'stroke-width': 0.5 })}/>`,
        );
      }
    }
  }
  if (damage === 'hail') {
    for (let i = 0; i < 60; i++) {
      const [x, y] = frame.at(rand(), rand());
      parts.push(
        `<circle ${attrs({ cx: x, cy: y, r: Math.max(0.7, px(0.18)), fill: COLOURS.hail, 'fill-opacity': 0.85 })}/>`,
      );
    }
  } else if (damage === 'tarp') {
    const a0 = 0.1 + rand() * 0.3;
    const b0 = rand() < 0.5 ? 0.05 : 0.5;
    const corners: Pt[] = [
      frame.at(a0, b0),
      frame.at(a0 + 0.45, b0),
      frame.at(a0 + 0.45, b0 + 0.45),
      frame.at(a0, b0 + 0.45),
    ];
    parts.push(
      `<path ${attrs({ d: pathOf([corners]), fill: COLOURS.tarp, stroke: '#1c4a91', 'stroke-width': 0.8 })}/>`,
    );
  } else if (damage === 'burned') {
    for (let i = 0; i < 18; i++) {
      const [x, y] = frame.at(rand(), rand());
      parts.push(
        `<circle ${attrs({ cx: x, cy: y, r: px(0.6 + rand() * 1.5), fill: rand() < 0.6 ? '#6d665e' : '#1a1715', 'fill-opacity': 0.7 })}/>`,
      );
    }
  }
  out.push(inClip(parts.join('')));
  return out;
}
