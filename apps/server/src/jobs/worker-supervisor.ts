import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { childExecArgv, restartBackoff, terminate } from '../processes/child-processes.js';
import { getProcessLogger } from '../ops/logger.js';
import { backgroundNiceness } from '../ops/priority.js';

const ENTRY = fileURLToPath(new URL('./portfolio-worker-process.ts', import.meta.url));
/**
 * A young generation of 32 MB semi-spaces (V8's default is 16 MB): an ingest makes a few short-lived
 * strings per cell, and with the smaller one a million rows spent ~1 s in garbage collection,
 * objects surviving a scavenge only because it came too soon (~0.4 s with this; ~50 MB more memory).
 */
const WORKER_V8_FLAGS = ['--max-semi-space-size=32'];

export interface WorkerSupervisor {
  /** The worker's process id (changes when it is restarted). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

/**
 * Forks the portfolio worker process and restarts it if it dies (its unfinished chunk jobs
 * expire and are taken again: nothing is lost). The child gets the environment plus
 * DATABASE_URL, and leaves when this process does (IPC disconnect).
 */
export function superviseWorkerProcess(options: {
  databaseUrl: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): WorkerSupervisor {
  const log = options.log ?? ((line) => getProcessLogger().info(line));
  let child: ChildProcess | undefined;
  let stopped = false;
  const backoff = restartBackoff();
  const start = () => {
    const startedAt = Date.now();
    child = fork(ENTRY, [], {
      env: { ...process.env, ...options.env, DATABASE_URL: options.databaseUrl },
      execArgv: [...childExecArgv(), ...WORKER_V8_FLAGS],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Bulk work yields the cores to the API: lookups and map tiles stay quick while a portfolio
    // or the score index is being processed (OFF_LOOP_NICENESS, default 10). The worker renices
    // its other threads and its database backends itself (portfolio-worker-process.ts).
    const niceness = backgroundNiceness({ ...process.env, ...options.env });
    if (child.pid && niceness > 0) {
      try {
        os.setPriority(child.pid, niceness);
      } catch {
        // Not permitted here: the worker runs at normal priority.
      }
    }
    child.on('exit', (code, signal) => {
      if (stopped) return;
      const delay = backoff(startedAt);
      log(`[portfolio worker] exited (${signal ?? code}); restarting in ${delay / 1000} s`);
      setTimeout(() => !stopped && start(), delay).unref();
    });
  };
  start();
  return {
    pid: () => child?.pid,
    async stop() {
      stopped = true;
      if (child) await terminate(child);
    },
  };
}
