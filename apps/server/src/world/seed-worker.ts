import { parentPort } from 'node:worker_threads';
import { encodeBatches } from './encode.js';
import { generateNeighbourhood } from './generate/neighbourhood.js';
import type { NeighbourhoodPlan } from './generate/plan.js';

/** Worker thread of the seeder: generates planned neighbourhoods and encodes them as COPY text. */
parentPort?.on('message', (message: { id: number; plans: NeighbourhoodPlan[] }) => {
  const chunk = encodeBatches(message.plans.map(generateNeighbourhood));
  parentPort!.postMessage({ id: message.id, chunk });
});
