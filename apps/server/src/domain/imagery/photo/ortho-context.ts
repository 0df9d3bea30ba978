import { pixelProjector, toMercator, type LngLat } from '../geo.js';
import type { SceneView } from '../view.js';
import { greenness } from './materials.js';
import { climateAt, solarPosition } from './site.js';

export const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * Context of one orthophoto: pixel projection, ground metres of each pixel (for textures), the
 * sun, the season and the region.
 */
export function orthoContext(view: SceneView) {
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
export type OrthoCtx = ReturnType<typeof orthoContext>;
