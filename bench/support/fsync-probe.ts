/**
 * How long the disk takes to make 8 kB durable, measured on a thread of its own while a phase runs
 * (issue 46): every `everyMs` it writes 8 kB into a preallocated file beside PostgreSQL's data
 * folder and calls fdatasync, as a WAL flush of one commit does. Beside the bulk work a lookup's
 * usage commit waits in IO:WalSync and LWLock:WALWrite; this tells the disk's queue (the probe is
 * slow too) from PostgreSQL's own waits (the probe stays fast). Started with `startFsyncProbe`,
 * it answers its samples (ms) when stopped.
 */
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { percentile } from './figures.js';

const FILE_BYTES = 16 * 1024 * 1024;
const BLOCK = 8192;

interface ProbeJob {
  file: string;
  everyMs: number;
}

function probe(job: ProbeJob) {
  const fd = openSync(job.file, 'w+');
  // Preallocated and synced first, as a WAL segment is: the probe's flushes then change no metadata.
  const zeros = Buffer.alloc(1024 * 1024);
  for (let at = 0; at < FILE_BYTES; at += zeros.length) writeSync(fd, zeros, 0, zeros.length, at);
  fdatasyncSync(fd);
  const block = Buffer.alloc(BLOCK, 7);
  const samples: number[] = [];
  const startedAt: number[] = [];
  let stop = false;
  parentPort!.on('message', () => (stop = true));
  let offset = 0;
  const tick = () => {
    if (stop) {
      closeSync(fd);
      rmSync(job.file, { force: true });
      parentPort!.postMessage({ samples, startedAt });
      return;
    }
    const started = performance.now();
    startedAt.push(Date.now());
    writeSync(fd, block, 0, BLOCK, offset);
    fdatasyncSync(fd);
    samples.push(performance.now() - started);
    offset = (offset + BLOCK) % FILE_BYTES;
    setTimeout(tick, job.everyMs);
  };
  tick();
}

if (!isMainThread && (workerData as { fsyncProbe?: ProbeJob } | null)?.fsyncProbe) {
  probe((workerData as { fsyncProbe: ProbeJob }).fsyncProbe);
}

export interface FsyncProbe {
  /** Stops the probe and answers its samples' summary line. */
  stop(): Promise<string>;
  /** After stop: each sample's start (Date.now()) and duration, to line up with the disk's activity. */
  timed(): { at: number; ms: number }[];
}

/** Starts probing in `dir` (on the disk PostgreSQL writes to) every `everyMs`. */
export function startFsyncProbe(dir: string, everyMs = 10): FsyncProbe {
  const file = path.join(dir, `zview-fsync-probe-${process.pid}-${Date.now()}`);
  const worker = new Worker(new URL(import.meta.url), { workerData: { fsyncProbe: { file, everyMs } } });
  const samples = new Promise<{ samples: number[]; startedAt: number[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  let timed: { at: number; ms: number }[] = [];
  return {
    stop: async () => {
      worker.postMessage('stop');
      const got = await samples;
      await worker.terminate();
      timed = got.samples.map((ms, i) => ({ at: got.startedAt[i]!, ms }));
      return describeFsync(got.samples);
    },
    timed: () => timed,
  };
}

export function describeFsync(ms: number[]): string {
  const over = (limit: number) => ms.filter((m) => m > limit).length;
  return (
    `fdatasync of 8 kB on this disk (a probe thread, ${ms.length} samples): p50 ${percentile(ms, 50).toFixed(2)} ms, ` +
    `p95 ${percentile(ms, 95).toFixed(2)} ms, p99 ${percentile(ms, 99).toFixed(2)} ms, max ${Math.max(...ms).toFixed(1)} ms; ` +
    `over 5 ms ${over(5)}, over 20 ms ${over(20)}`
  );
}
