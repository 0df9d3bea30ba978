import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// bigint (int8) and numeric come back as strings by default; counts in this app fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

export interface PoolTimeouts {
  /** Give up opening a connection after this long (a stopped or frozen database answers 503 fast). */
  connectMs?: number;
  /** Client-side bound on one query: a frozen server cannot enforce its own statement_timeout. */
  queryMs?: number;
}

/** Timeouts of the API processes' pools (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS). */
export function apiPoolTimeouts(env: NodeJS.ProcessEnv = process.env): PoolTimeouts {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return { connectMs: read('DB_CONNECT_TIMEOUT_MS', 2000), queryMs: read('DB_QUERY_TIMEOUT_MS', 30_000) };
}

export function createDb(connectionString: string, max = 10, timeouts: PoolTimeouts = {}): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max,
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return { db, pool };
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
