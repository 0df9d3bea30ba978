import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { backgroundIdlePolicy, idlePolicyLocalBackend, niceLocalBackend } from '../ops/priority.js';
import type { Database } from './schema.js';
import { destroyClient, StallGuard, type StallGuardOptions } from './stall-guard.js';

// bigint (int8) and numeric come back as strings by default; counts in this app fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();
const guards = new WeakMap<Db, StallGuard>();

export interface PoolTimeouts {
  /** Give up opening a connection after this long (a stopped or frozen database answers 503 fast). */
  connectMs?: number;
  /** Client-side bound on one query: a frozen server cannot enforce its own statement_timeout. */
  queryMs?: number;
  /**
   * Bound every wait (acquire, connect, query) on a database that stopped answering: a frozen
   * server answers 503 within about watchMs + probeMs (stall-guard.ts). API pools only.
   */
  stall?: StallGuardOptions;
  /**
   * Connections kept open however long they are idle (pg-pool closes the others after 10 s): the
   * ones the start-up warm-up opened and readied (their backends' catalogue caches, the prepared
   * usage statement), so a lookup after a quiet spell does not open and ready a connection first.
   */
  keepOpen?: number;
}

/** Timeouts of the API processes' pools (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS). */
export function apiPoolTimeouts(env: NodeJS.ProcessEnv = process.env): PoolTimeouts {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    connectMs: read('DB_CONNECT_TIMEOUT_MS', 2000),
    queryMs: read('DB_QUERY_TIMEOUT_MS', 30_000),
    stall: { watchMs: read('DB_STALL_WATCH_MS', 700), probeMs: read('DB_STALL_PROBE_MS', 900) },
    keepOpen: 4,
  };
}

export function createDb(connectionString: string, max = 10, timeouts: PoolTimeouts = {}): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max,
    min: Math.min(max, timeouts.keepOpen ?? 0),
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    // Notice a peer that vanished (machine lost, network cut) instead of waiting on it for hours.
    keepAlive: true,
  });
  // An idle client that loses its connection must not crash the process; neither may one that is
  // checked out (a transaction between statements, a COPY being prepared) when the server goes
  // away (57P01 on a database stop): pg-pool listens only on idle clients, and an 'error' event
  // nobody listens to kills the process. The query in flight fails; the client is discarded.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const guard = timeouts.stall ? guardPool(pool, timeouts.stall) : undefined;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  if (guard) {
    guards.set(db, guard);
    const end = pool.end.bind(pool);
    pool.end = (async () => {
      await guard.close();
      return end();
    }) as typeof pool.end;
  }
  return { db, pool };
}

/**
 * Session settings of every connection serving background work (issue 46), sent at connect as the
 * startup packet's options (no round trip): a lookup's usage commit waits for the disk's flush,
 * which is slower while the bulk work's data goes to the disk in bursts.
 * - No parallel workers: PostgreSQL's postmaster forks them, so they run at its priority (nice 0)
 *   beside the lookups however the backend that asked for them is niced, and a parallel index
 *   build writes each worker's sorted run to temporary files (a serial one sorts in
 *   maintenance_work_mem).
 * - backend_flush_after: the pages a bulk statement writes go to the kernel's writeback every
 *   256 kB as they are written, instead of all at once at the commit's sync of a fresh table (or
 *   at the kernel's leisure), where a lookup's WAL flush queued behind them.
 * BACKGROUND_PG_OPTIONS replaces them (empty: none), to measure against.
 */
export function backgroundSessionOptions(env: NodeJS.ProcessEnv = process.env): string {
  return (
    env.BACKGROUND_PG_OPTIONS ??
    '-c max_parallel_workers_per_gather=0 -c max_parallel_maintenance_workers=0 -c backend_flush_after=256kB'
  );
}

/**
 * A pool serving only background work (render threads, the portfolio worker process): its
 * connections get the background session settings (backgroundSessionOptions), and each of its
 * backends runs at `niceness` when the database is this machine's own (the embedded PostgreSQL),
 * so an export's COPY or a portfolio's inserts yield the cores to the lookups' backends. Call it
 * before the pool's first connection.
 */
export function asBackgroundDb(db: Db, niceness: number): Db {
  const pool = pools.get(db);
  if (!pool) return db;
  const options = backgroundSessionOptions();
  if (options) pool.options.options = [pool.options.options, options].filter(Boolean).join(' ');
  if (niceness > 0) {
    pool.on('connect', (client) => lowerBackendPriority(client, niceness));
    nicenessOfPools.set(db, niceness);
  }
  return db;
}

/**
 * A background connection's backend niced (niceBackend), and under SCHED_IDLE when
 * BACKGROUND_CPU_POLICY=idle (a child process runs chrt: the connection does not wait for it).
 */
export function lowerBackendPriority(client: pg.ClientBase, niceness: number): void {
  if (niceness <= 0) return;
  niceBackend(client, niceness);
  const { processID, port } = backendOf(client);
  void idlePolicyLocalBackend(processID, port, backgroundIdlePolicy());
}

const nicenessOfPools = new WeakMap<Db, number>();

/**
 * The niceness a Db's backends run at (asBackgroundDb; 0 for the API's). A connection opened
 * beside the pool for the same work (an export's second COPY, with the pool's options) is niced
 * the same way with it.
 */
export function backendNicenessOf(db: Db): number {
  return nicenessOfPools.get(db) ?? 0;
}

/**
 * Lowers the priority of a connected client's backend when it runs on this machine (ops/priority.ts
 * checks the process is the backend of this very connection). Answers whether it did.
 */
export function niceBackend(client: pg.ClientBase, niceness: number): boolean {
  const { processID, port } = backendOf(client);
  return niceLocalBackend(processID, port, niceness);
}

/** A connected client's backend: its process id and this side's port (which its process title names). */
function backendOf(client: pg.ClientBase): { processID?: number; port?: number } {
  // pg keeps the backend's id (BackendKeyData) and the socket; its types do not say so.
  const { processID, connection } = client as pg.ClientBase & {
    processID?: number;
    connection?: { stream?: { localPort?: number } };
  };
  return { processID, port: connection?.stream?.localPort };
}

/** The stall guard of an API Db (createDb with `stall`), for waits outside the pool (the change feed's fence). */
export function stallGuardOf(db: Db): StallGuard | undefined {
  return guards.get(db);
}

const GUARDED = Symbol('stall-guarded');

/**
 * Puts the pool's connect (acquire and open) and its clients' promise queries under a stall
 * guard. Streams and cursors (submittables, COPY) are left alone: they have their own
 * consumers, which time out on their side.
 */
function guardPool(pool: pg.Pool, options: StallGuardOptions): StallGuard {
  const guard = new StallGuard(pool.options as pg.ClientConfig, options);
  const rawConnect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const guardedConnect = async (): Promise<pg.PoolClient> => {
    const client = await guard.run(rawConnect, (late) => {
      late.then((c) => c.release(true)).catch(() => {});
    });
    guardClient(client, guard);
    return client;
  };
  pool.connect = ((callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    if (!callback) return guardedConnect();
    guardedConnect().then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error),
    );
  }) as typeof pool.connect;
  return guard;
}

function guardClient(client: pg.PoolClient, guard: StallGuard) {
  const marked = client as pg.PoolClient & { [GUARDED]?: true };
  if (marked[GUARDED]) return;
  marked[GUARDED] = true;
  const rawQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    const plain = typeof first?.submit !== 'function' && !args.some((a) => typeof a === 'function');
    if (!plain) return rawQuery(...args);
    // Abandoned: the connection is cut, so the pool discards it when it is released.
    return guard.run(
      () => rawQuery(...args) as Promise<unknown>,
      () => destroyClient(client),
    );
  }) as typeof client.query;
}

/** The pool behind a Db made by createDb (its connection settings open dedicated clients, e.g. LISTEN). */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/**
 * Runs `work` on a connection of its own from the Db's pool (a COPY stream needs one). A
 * connection whose work failed is discarded, not reused: a COPY cut off half-way leaves it
 * mid-protocol. `purpose` names the caller in the error when the Db was not made by createDb.
 */
export async function withOwnConnection<T>(
  db: Db,
  purpose: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) throw new Error(`${purpose} needs a database opened by createDb.`);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await work(client);
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
