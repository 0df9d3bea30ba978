import { E_TIMEOUT, Semaphore, withTimeout } from 'async-mutex';

/**
 * How many requests of this process may wait for the world changes' applier at once. A switch-on
 * waits for a change being applied (db/monitoring.ts waitForApplier, up to 15 s) inside its
 * transaction, on a connection of the API pool (about 20, shared with every property lookup): a
 * burst of switch-ons during a long change held every connection that long and lookups starved.
 * The applier's lock lets one switch-on copy at a time anyway, so two slots lose nothing: one
 * copies while the next waits on the lock; the rest wait here, in memory, holding no connection.
 */
export const APPLIER_WAITERS = 2;

const slots = new Semaphore(APPLIER_WAITERS);

/**
 * One of the process's applier slots (call the function returned to free it; calling it twice
 * frees it once), or undefined when `deadline` (ms since the epoch) passed first. A request refused
 * keeps its place in the queue and hands the slot straight on when it reaches it (withTimeout).
 */
export async function takeApplierSlot(deadline: number): Promise<(() => void) | undefined> {
  try {
    const [, release] = await withTimeout(slots, Math.max(0, deadline - Date.now())).acquire();
    return release;
  } catch (error) {
    if (error === E_TIMEOUT) return undefined;
    throw error;
  }
}
