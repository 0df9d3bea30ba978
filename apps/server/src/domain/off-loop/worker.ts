import type { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import { createDb, asBackgroundDb, type Db } from '../../db/database.js';
import { backgroundNiceness, idlePolicyThisThread, niceThisThread } from '../../ops/priority.js';
import { CREDIT, type ToApi, type ToRenderer } from './protocol.js';
import { renderTask, type OffLoopTask } from './tasks.js';

/** A render thread (pool.ts): runs tasks and streams their output to the API's thread over the task's port. */

// Below the API's thread: when both want a core, the lookup gets it (the portfolio worker process
// is niced the same way). On Linux a thread's niceness is its own: this lowers this thread only.
// OFF_LOOP_NICENESS sets it (0 on a machine shared with other work at normal priority, where a
// niced render would starve). The database backends of the thread's pool are niced the same way.
const niceness = backgroundNiceness();
niceThisThread(niceness);
void idlePolicyThisThread();

/** A pool per database, opened on first use: exports hold at most two connections each. */
const databases = new Map<string, Db>();
const databaseAt = (url: string) => {
  let db = databases.get(url);
  if (!db) databases.set(url, (db = asBackgroundDb(createDb(url, 8).db, niceness)));
  return db;
};

/** A chunk the port can move without copying: one that owns its whole memory (a pooled slice is copied). */
function movable(chunk: Buffer | string): Uint8Array {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

export default async function render(input: {
  task: OffLoopTask;
  databaseUrl?: string;
  port: MessagePort;
}): Promise<void> {
  const { task, databaseUrl, port } = input;
  let credit = CREDIT;
  let cancelled = false;
  let wake: (() => void) | undefined;
  let source: Readable | undefined;
  const send = (message: ToApi, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  port.on('message', (message: ToRenderer) => {
    if (message === 'more') credit++;
    else {
      cancelled = true;
      source?.destroy();
    }
    wake?.();
  });
  try {
    source = renderTask(task, () => {
      if (!databaseUrl) throw new Error(`The ${task.kind} task needs a database.`);
      return databaseAt(databaseUrl);
    });
    for await (const chunk of source as AsyncIterable<Buffer | string>) {
      while (credit === 0 && !cancelled) await new Promise<void>((resolve) => (wake = resolve));
      if (cancelled) break;
      credit--;
      const bytes = movable(chunk);
      send({ chunk: bytes }, [bytes.buffer as ArrayBuffer]);
    }
    if (!cancelled) send({ end: true });
  } catch (error) {
    if (!cancelled) send({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    port.close();
  }
}
