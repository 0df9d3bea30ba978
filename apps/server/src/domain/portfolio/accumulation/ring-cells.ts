/**
 * The grid rings are searched on (issue 43): cells `radius` metres tall (degrees of latitude) and
 * at least as wide at every latitude of the contiguous states (longitude scaled by the cosine of
 * 50°; Alaska's rows get narrower cells, which only makes the search there looser, never a ring's
 * figures wrong: they are counted exactly). A ring centred in a cell holds only rows of the 3×3
 * block around it. The exposure stores each row's cells; SQL computes the same cells of a centre.
 */
import { METRES_PER_DEGREE, RING_CELL_COS } from '../../../db/portfolio-exposure.js';

export const RING_CELL_RADII = [250, 1000] as const;
export type RingRadius = (typeof RING_CELL_RADII)[number];

export function ringCell(latitude: number, longitude: number, radius: number): [number, number] {
  const size = radius / METRES_PER_DEGREE;
  return [Math.floor(latitude / size), Math.floor((longitude * RING_CELL_COS) / size)];
}
