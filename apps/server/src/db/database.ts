import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// bigint (int8) and numeric come back as strings by default; counts in this app fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

export function createDb(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return { db, pool };
}

/** The pool behind a Db made by createDb (its connection settings open dedicated clients, e.g. LISTEN). */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}
