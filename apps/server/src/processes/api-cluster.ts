import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { childExecArgv } from './exec-argv.js';

const ENTRY = fileURLToPath(new URL('./api-process.ts', import.meta.url));

export interface ApiCluster {
  /** Resolves when every process listens (rejects if one dies first). */
  ready: Promise<void>;
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * Forks `count` API processes that share the port (node:cluster), and restarts one that dies.
 * Each gets the environment plus DATABASE_URL (the database this process prepared).
 */
export function startApiCluster(options: { count: number; databaseUrl: string; env?: NodeJS.ProcessEnv; log?: (line: string) => void }): ApiCluster {
  const log = options.log ?? ((line) => console.log(line));
  cluster.setupPrimary({ exec: ENTRY, execArgv: childExecArgv(), args: [] });
  const env = { ...process.env, ...options.env, DATABASE_URL: options.databaseUrl };
  const workers = new Set<Worker>();
  let stopped = false;
  let restarts = 0;

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
        // One that keeps dying at start-up is retried more slowly (up to a minute).
        restarts = Date.now() - startedAt > 60_000 ? 0 : restarts + 1;
        const delay = Math.min(60_000, 1000 * 2 ** Math.min(restarts, 6));
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
      await Promise.all(
        [...workers].map((worker) => {
          if (worker.isDead()) return undefined;
          const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
          worker.process.kill('SIGTERM');
          const timer = setTimeout(() => worker.process.kill('SIGKILL'), 10_000);
          return exited.finally(() => clearTimeout(timer));
        }),
      );
    },
  };
}
