import os from 'node:os';
import { Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { poolOf, type Db } from '../../db/database.js';
import { getProcessLogger } from '../../ops/logger.js';
import type { ToApi, ToRenderer } from './protocol.js';
import { needsDatabase, renderTask, type OffLoopTask } from './tasks.js';

/**
 * Files rendered off the API's event loop (issue 46): XLSX and CSV exports and the notice and
 * report PDFs are rendered (and compressed) on a pool of worker threads running at a lower
 * priority, and streamed back chunk by chunk with backpressure, so a lookup is answered while
 * exports of 200k rows render beside it. The API's thread only moves bytes to the socket.
 *
 * Threads: OFF_LOOP_THREADS (default: the cores, at most 4); 0 renders on the API's thread as
 * before (the bench compares both). A thread renders several files at once (most of an export's
 * time is waiting for PostgreSQL or the client), and exits after a minute idle.
 */
const threads = () => {
  const set = Number(process.env.OFF_LOOP_THREADS);
  return Number.isInteger(set) && set >= 0 ? set : Math.max(1, Math.min(4, os.availableParallelism()));
};

let pool: Piscina | undefined;

function renderPool(maxThreads: number): Piscina {
  if (pool) return pool;
  pool = new Piscina({
    filename: new URL('./entry.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 8,
    // A task waits on I/O: the thread's event loop must keep running between its messages.
    atomics: 'disabled',
  });
  // A render thread that died (its renders fail with it; Piscina starts another): logged, not
  // fatal. Listened to once, when the pool is made (one listener per render leaked).
  pool.on('error', (error: unknown) => getProcessLogger().error({ err: error }, 'a render thread failed'));
  return pool;
}

/** Renders finished on render threads since start (tests check a file went through them). */
export const offLoopRendersDone = (): number => pool?.completed ?? 0;

/** Render threads running now (tests check they end with the app). */
export const offLoopThreadCount = (): number => pool?.threads.length ?? 0;

/** Ends the render threads (the server's shutdown; tests). Renders in progress fail. */
export async function closeOffLoopPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}

/**
 * The task's output as a stream, rendered on a render thread; on this thread when the pool is
 * switched off or the database was not opened by createDb (no URL to open it again by).
 */
export function renderOffLoop(task: OffLoopTask, db?: Db): Readable {
  const maxThreads = threads();
  const databaseUrl = db ? poolOf(db)?.options.connectionString : undefined;
  if (maxThreads === 0 || (needsDatabase(task) && !databaseUrl))
    return renderTask(task, () => {
      if (!db) throw new Error(`The ${task.kind} task needs a database.`);
      return db;
    });
  const { port1, port2 } = new MessageChannel();
  let open = true;
  let owed = false;
  const tell = (message: ToRenderer) => open && port1.postMessage(message);
  const close = () => {
    open = false;
    port1.close();
  };
  const out = new Readable({
    highWaterMark: 1 << 20,
    read() {
      if (owed) {
        owed = false;
        tell('more');
      }
    },
    destroy(error, callback) {
      tell('cancel');
      close();
      callback(error);
    },
  });
  port1.on('message', (message: ToApi) => {
    if ('chunk' in message) {
      const chunk = Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength);
      if (out.push(chunk)) tell('more');
      else owed = true;
    } else if ('end' in message) {
      close();
      out.push(null);
    } else {
      close();
      out.destroy(new Error(message.error));
    }
  });
  renderPool(maxThreads)
    .run({ task, databaseUrl, port: port2 }, { transferList: [port2] })
    .catch((error: Error) => out.destroy(error));
  return out;
}
