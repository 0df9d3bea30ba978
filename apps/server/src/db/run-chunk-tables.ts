import { sql } from 'kysely';
import type pg from 'pg';
import { withOwnConnection, type Db } from './database.js';
import { copyRowsFrozen } from './frozen-copy.js';

/**
 * A run's results written without WAL (issue 46; why and how: frozen-copy.ts). While a run wrote
 * its results to its table, lookups beside it spent most of their time in PostgreSQL waiting for
 * the WAL flush (WalSync, WALWrite) that carried the run's megabytes.
 *
 * Where the server skips the WAL of a table created in the writing transaction (wal_level
 * minimal, the embedded server), each chunk stages its results in a temporary table, then copies
 * them frozen into a table of its own made in its commit, `portfolio_results_<run>_c<chunk>`; the
 * finish gathers those into the run's table, emptied by TRUNCATE in the gathering transaction (a
 * new file: no WAL either), again frozen.
 */

/** The table of one chunk's results. */
export const chunkResultsTable = (runId: number, chunkIndex: number) =>
  `portfolio_results_${Math.trunc(runId)}_c${Math.trunc(chunkIndex)}`;

/** The session's table a chunk's INSERT … RETURNING writes to first (temporary: never in the WAL). */
export const CHUNK_STAGING_TABLE = 'pg_temp.zview_chunk_results';

const walSkipping = new WeakMap<Db, Promise<boolean>>();

/**
 * Whether chunks write to tables of their own: RUN_RESULTS_WITHOUT_WAL=1 and a server that skips
 * the WAL of new tables (wal_level minimal). Off by default: the copies cost PostgreSQL about 1 s
 * of CPU per 200,000 rows (bench:portfolio, upload → READY 2.4 → 3.8–4.2 s at load 6), which a
 * million-row run's ≤ 15 s target (issue 22) may not afford; the WAL it saves (32.5 MB per 200,000
 * rows) is what lookups beside the run wait for (issue 46). The lead's quiet run decides. On a
 * server that feeds replicas every row is in the WAL anyway, and the copies would only add to it.
 */
export function chunkTablesSkipWal(db: Db): Promise<boolean> {
  if (process.env.RUN_RESULTS_WITHOUT_WAL !== '1') return Promise.resolve(false);
  let known = walSkipping.get(db);
  if (!known) {
    known = sql<{ level: string }>`SELECT current_setting('wal_level') AS level`
      .execute(db)
      .then((r) => r.rows[0]?.level === 'minimal');
    known.catch(() => walSkipping.delete(db));
    walSkipping.set(db, known);
  }
  return known;
}

/** Creates the session's staging table for a chunk's results (dropped at commit). */
export async function createChunkStaging(client: pg.ClientBase): Promise<void> {
  await client.query(
    `CREATE TEMP TABLE zview_chunk_results (LIKE portfolio_results INCLUDING DEFAULTS) ON COMMIT DROP`,
  );
}

/** The staged results of a chunk, frozen into its own table created now (the chunk's transaction). */
export async function freezeChunkResults(client: pg.ClientBase, runId: number, chunkIndex: number): Promise<void> {
  const table = client.escapeIdentifier(chunkResultsTable(runId, chunkIndex));
  await client.query(`CREATE TABLE ${table} (LIKE portfolio_results INCLUDING DEFAULTS)`);
  // Synced at commit however small: under the 2 MB default a new table is written to the WAL at commit.
  await client.query(`SET LOCAL wal_skip_threshold = 0`);
  await copyRowsFrozen(client, CHUNK_STAGING_TABLE, table);
}

/**
 * Moves a run's chunk tables, in chunk order, into its results table and drops them, in one
 * transaction holding the run row (a finish in another process waits for it, then finds nothing to
 * gather). Called before the finish: a run whose chunks all committed. An empty results table is
 * emptied once more by TRUNCATE first, so that the COPYs fill a file of this transaction (no WAL,
 * rows frozen); one that holds rows (chunks committed before chunks had tables) is added to.
 */
export async function gatherChunkTables(db: Db, runId: number): Promise<void> {
  const name = `portfolio_results_${Math.trunc(runId)}`;
  await withOwnConnection(db, "A run's finish", async (client) => {
    await client.query('BEGIN');
    try {
      const { rows: run } = await client.query('SELECT completed_at FROM portfolio_runs WHERE id = $1 FOR UPDATE', [
        runId,
      ]);
      const { rows: chunks } = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c
         WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname ~ $1
         ORDER BY substring(c.relname FROM '_c([0-9]+)$')::int`,
        [`^${name}_c[0-9]+$`],
      );
      if (!run[0] || run[0].completed_at || chunks.length === 0) {
        await client.query('ROLLBACK');
        return;
      }
      const table = client.escapeIdentifier(name);
      const { rows: empty } = await client.query(`SELECT NOT EXISTS (SELECT 1 FROM ${table}) AS empty`);
      if (empty[0].empty) await client.query(`TRUNCATE ${table}`);
      await client.query(`SET LOCAL wal_skip_threshold = 0`);
      for (const chunk of chunks)
        await copyRowsFrozen(client, client.escapeIdentifier(chunk.name), table, empty[0].empty);
      await client.query(`DROP TABLE ${chunks.map((c) => client.escapeIdentifier(c.name)).join(', ')}`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  });
}
