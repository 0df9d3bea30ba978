import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { childExecArgv, restartBackoff, terminate } from './child-processes.js';
import { getProcessLogger } from '../ops/logger.js';

const ENTRY = fileURLToPath(new URL('./api-process.ts', import.meta.url));

export interface ApiCluster {
  /** Resolves when every process listens (rejects if one dies first). */
  ready: Promise<void>;
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * Forks `count` API processes that share the port (node:cluster), and restarts one that dies.
 * Each gets the environment plus DATABASE_URL (the database this process prepared) and
 * API_PROCESSES (the count).
 */
export function startApiCluster(options: {
  count: number;
  databaseUrl: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** 'ignore': the processes' stdout (their log lines) goes nowhere (the lookup bench logs as production does, unread). */
  stdout?: 'inherit' | 'ignore';
}): ApiCluster {
  const log = options.log ?? ((line) => getProcessLogger().info(line));
  cluster.setupPrimary({
    exec: ENTRY,
    execArgv: childExecArgv(),
    args: [],
    ...(options.stdout === 'ignore' ? { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] } : {}),
  });
  // API_PROCESSES as started, whatever asked for them: each process sizes its pool by it (api-pool.ts).
  const env = {
    ...process.env,
    ...options.env,
    API_PROCESSES: String(options.count),
    DATABASE_URL: options.databaseUrl,
  };
  const workers = new Set<Worker>();
  let stopped = false;
  const backoff = restartBackoff();

  const fork = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const startedAt = Date.now();
      const worker = cluster.fork(env);
      workers.add(worker);
      worker.on('message', (message: { listening?: boolean }) => {
        if (message?.listening) resolve();
      });
      worker.on('exit', (code, signal) => {
        workers.delete(worker);
        reject(new Error(`An API process exited before it listened (${signal ?? code}).`));
        if (stopped) return;
        const delay = backoff(startedAt);
        log(`[api] process ${worker.process.pid} exited (${signal ?? code}); restarting in ${delay / 1000} s`);
        setTimeout(() => !stopped && void fork().catch(() => {}), delay).unref();
      });
    });

  const ready = Promise.all(Array.from({ length: options.count }, fork)).then(() => undefined);
  ready.catch(() => {});
  return {
    ready,
    pids: () => [...workers].flatMap((w) => (w.process.pid ? [w.process.pid] : [])),
    async stop() {
      stopped = true;
      await Promise.all([...workers].map((worker) => terminate(worker.process)));
    },
  };
}
