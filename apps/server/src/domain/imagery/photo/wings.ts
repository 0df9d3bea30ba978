import { orientedFrame, type Pt } from '../svg.js';

/**
 * One wing of a roof: a rectangle with its own ridge along `u` (its long side), in the units of
 * the footprint it came from. `minU`/`minV` are its corner's projections on `u`/`v`.
 */
export interface Wing {
  u: Pt;
  v: Pt;
  minU: number;
  minV: number;
  length: number;
  width: number;
}

/** Grids finer than this (a footprint of many jogs) are roofed as one wing. */
const MAX_GRID = 12;

/**
 * The wings of a footprint's roof. A rectilinear footprint that is not a rectangle (an L, a T, a
 * U) is roofed as its maximal rectangles, each arm running through the corner it shares with
 * the next, so that the roofs' planes meet in valleys as on a house; anything else is one wing,
 * the footprint's oriented rectangle. The largest wing comes first.
 */
export function roofWings(ring: Pt[]): Wing[] {
  const frame = orientedFrame(ring);
  const whole: Wing = {
    u: frame.u,
    v: frame.v,
    minU: frame.minU,
    minV: frame.minV,
    length: frame.length,
    width: frame.width,
  };
  const closed = ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1];
  const corners = (closed ? ring.slice(0, -1) : ring).map((p): Pt => [
    p[0] * frame.u[0] + p[1] * frame.u[1],
    p[0] * frame.v[0] + p[1] * frame.v[1],
  ]);
  if (corners.length <= 4) return [whole];
  const tol = 0.03 * Math.max(frame.length, frame.width);
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % corners.length]!;
    if (Math.abs(a[0] - b[0]) > tol && Math.abs(a[1] - b[1]) > tol) return [whole];
  }
  const us = gridLines(
    corners.map((p) => p[0]),
    tol,
  );
  const vs = gridLines(
    corners.map((p) => p[1]),
    tol,
  );
  if (us.length > MAX_GRID || vs.length > MAX_GRID) return [whole];
  const filled = (i: number, j: number) => inside(corners, (us[i]! + us[i + 1]!) / 2, (vs[j]! + vs[j + 1]!) / 2);
  const cells = Array.from({ length: us.length - 1 }, (_, i) =>
    Array.from({ length: vs.length - 1 }, (_, j) => filled(i, j)),
  );

  // Every rectangle of filled cells, then those no other contains.
  const rects: [number, number, number, number][] = [];
  for (let i0 = 0; i0 < cells.length; i0++)
    for (let j0 = 0; j0 < cells[0]!.length; j0++)
      for (let i1 = i0; i1 < cells.length; i1++)
        for (let j1 = j0; j1 < cells[0]!.length; j1++) {
          let full = true;
          for (let i = i0; i <= i1 && full; i++) for (let j = j0; j <= j1 && full; j++) full = cells[i]![j]!;
          if (full) rects.push([i0, j0, i1, j1]);
        }
  const maximal = rects.filter(
    (r) =>
      !rects.some(
        (o) => o !== r && o[0] <= r[0] && o[1] <= r[1] && o[2] >= r[2] && o[3] >= r[3] && o.join() !== r.join(),
      ),
  );
  if (maximal.length <= 1) return [whole];
  const wings = maximal.map(([i0, j0, i1, j1]): Wing => {
    const [u0, u1, v0, v1] = [us[i0]!, us[i1 + 1]!, vs[j0]!, vs[j1 + 1]!];
    if (u1 - u0 >= v1 - v0) return { u: frame.u, v: frame.v, minU: u0, minV: v0, length: u1 - u0, width: v1 - v0 };
    // A wing across the footprint's long axis: its own u is the footprint's v (v turned a right angle on).
    return { u: frame.v, v: [-frame.u[0], -frame.u[1]], minU: v0, minV: -u1, length: v1 - v0, width: u1 - u0 };
  });
  wings.sort((a, b) => b.length * b.width - a.length * a.width);
  return [wings[0]!, ...wings.slice(1).map((w) => endAtRidge(w, wings[0]!))];
}

/**
 * An arm across the main wing stops at the main ridge (a maximal rectangle runs on to the main
 * wing's far eave, where its gable would stick out of the far slope as a cross-gable).
 */
function endAtRidge(w: Wing, main: Wing): Wing {
  const cross = w.u[0] * main.v[0] + w.u[1] * main.v[1];
  if (Math.abs(cross) < 0.9) return w;
  // The main wing's across-coordinate along this wing's centre line: c0 + along × cross.
  const centre = (along: number): Pt => {
    const pu = w.minU + along;
    const pv = w.minV + w.width / 2;
    return [pu * w.u[0] + pv * w.v[0], pu * w.u[1] + pv * w.v[1]];
  };
  const inMain = (along: number) => {
    const [mu, mv] = wingCoords(main, ...centre(along));
    return mu > 0 && mu < main.length && mv > 0 && mv < main.width;
  };
  const c0 = wingCoords(main, ...centre(0))[1];
  const ridge = (main.width / 2 - c0) / cross;
  if (ridge <= 0 || ridge >= w.length) return w;
  // (Tested just inside each end: an end on the main wing's eave is on its edge.)
  const [start, end] = [inMain(0.01 * w.length), inMain(0.99 * w.length)];
  if (start && !end) return { ...w, minU: w.minU + ridge, length: w.length - ridge };
  if (end && !start) return { ...w, length: ridge };
  return w;
}

/** Where a point of the footprint's plane lies in a wing: metres along and across it. */
export function wingCoords(w: Wing, x: number, y: number): [along: number, across: number] {
  return [x * w.u[0] + y * w.u[1] - w.minU, x * w.v[0] + y * w.v[1] - w.minV];
}

/**
 * The roof's height above the eaves at (along, across) of a wing, for the planes' pitch
 * (`slope` = tan of it): gables rise to the ridge, hips also from each end; -Infinity outside.
 */
export function wingRise(w: Wing, along: number, across: number, slope: number, hip: boolean, edge = 0): number {
  if (along < -edge || along > w.length + edge || across < -edge || across > w.width + edge) return -Infinity;
  const side = Math.min(across, w.width - across);
  return (hip ? Math.min(side, Math.min(along, w.length - along)) : side) * slope;
}

function gridLines(values: number[], tol: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const lines: number[] = [];
  for (const v of sorted) if (!lines.length || v - lines.at(-1)! > tol) lines.push(v);
  return lines;
}

/** Even-odd point in polygon (corners without the closing point). */
function inside(corners: Pt[], x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
    const [xi, yi] = corners[i]!;
    const [xj, yj] = corners[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}
