/**
 * How many requests of this process may wait for the world changes' applier at once. A switch-on
 * waits for a change being applied (db/monitoring.ts waitForApplier, up to 15 s) inside its
 * transaction, on a connection of the API pool (about 20, shared with every property lookup): a
 * burst of switch-ons during a long change held every connection that long and lookups starved.
 * The applier's lock lets one switch-on copy at a time anyway, so two slots lose nothing: one
 * copies while the next waits on the lock; the rest wait here, in memory, holding no connection.
 */
export const APPLIER_WAITERS = 2;

/**
 * At most `size` holders at once; the others queue in order, each until its deadline (ms since
 * the epoch). Not p-limit: its queue cannot drop a task whose deadline passed, so every refused
 * request would stay queued until a slot freed.
 */
export function deadlineSlots(size: number) {
  let free = size;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else free += 1;
  };
  /** A slot (call the function returned to free it), or undefined when the deadline passed first. */
  async function take(deadline: number): Promise<(() => void) | undefined> {
    if (free > 0) {
      free -= 1;
      return once(release);
    }
    if (Date.now() >= deadline) return undefined;
    const handedOver = await new Promise<boolean>((resolve) => {
      const handOver = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(handOver), 1);
        resolve(false);
      }, deadline - Date.now());
      queue.push(handOver);
    });
    if (!handedOver) return undefined;
    // Handed over after the deadline (the timer not run yet on a busy loop): pass it on, answer late.
    if (Date.now() >= deadline) {
      release();
      return undefined;
    }
    return once(release);
  }
  return { take };
}

function once(release: () => void) {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}

/** The applier waits of this process (the switch-ons'; domain/monitoring/books.ts). */
export const applierWaits = deadlineSlots(APPLIER_WAITERS);
