import { generateNeighbourhood } from './neighbourhood.js';
import { planWorld, type WorldOptions } from './plan.js';
import type { NeighbourhoodBatch } from '../rows.js';

export { planWorld, type WorldOptions } from './plan.js';
export { generateNeighbourhood } from './neighbourhood.js';

/** The whole world, one neighbourhood at a time (streams: a million properties never sit in memory). */
export function* generateWorld(options: WorldOptions): Generator<NeighbourhoodBatch> {
  for (const plan of planWorld(options)) yield generateNeighbourhood(plan);
}
