import type pg from 'pg';
import type { Db } from './database.js';

/** The SQL of a portfolio's ingest job (jobs/portfolio-jobs.ts): what to read, its lock, its error. */

/** A portfolio with the upload it reads (delimiter, encoding, column mapping); undefined when gone. */
export function findIngestSource(db: Db, portfolioId: number) {
  return db
    .selectFrom('portfolios')
    .innerJoin('portfolio_uploads', 'portfolio_uploads.name', 'portfolios.uploaded_file_name')
    .select([
      'portfolios.id',
      'portfolios.uploaded_file_name',
      'portfolios.column_mapping',
      'portfolios.created_by',
      'portfolios.ingested_at',
      'portfolio_uploads.delimiter',
      'portfolio_uploads.encoding',
    ])
    .where('portfolios.id', '=', portfolioId)
    .executeTakeFirst();
}

export async function isIngested(db: Db, portfolioId: number): Promise<boolean> {
  const row = await db.selectFrom('portfolios').select('ingested_at').where('id', '=', portfolioId).executeTakeFirst();
  return Boolean(row?.ingested_at);
}

/** Shown with the portfolio until a successful read clears it. */
export async function setProcessingError(db: Db, portfolioId: number, message: string): Promise<void> {
  await db.updateTable('portfolios').set({ processing_error: message }).where('id', '=', portfolioId).execute();
}

/** The session-level advisory lock one ingest of a portfolio holds on its connection. */
export async function lockIngest(client: pg.ClientBase, lockName: string, portfolioId: number): Promise<void> {
  await client.query('SELECT pg_advisory_lock(hashtext($1), $2)', [lockName, portfolioId]);
}

export async function unlockIngest(client: pg.ClientBase, lockName: string, portfolioId: number): Promise<void> {
  await client.query('SELECT pg_advisory_unlock(hashtext($1), $2)', [lockName, portfolioId]);
}

/** The partition that holds one portfolio's rows (migration 0320). */
export const rowsPartition = (portfolioId: number) => `portfolio_rows_${Math.trunc(portfolioId)}`;

/** A portfolio row's reference and address parts as the file gave them. */
export const ROW_ADDRESS_COLUMNS = ['ref', 'address', 'street', 'city', 'state', 'zip', 'country'] as const;

/**
 * What an ingest stores as a row's placed_property_id when its point is far from every property
 * of the world (domain/portfolio/pipeline/parcel-grid.ts isFarFromEveryProperty): no property id is empty.
 * A run trusting the placements gives such a row "outside coverage" without asking Node
 * (db/portfolio-placement.ts farAtIngest).
 */
export const FAR_FROM_EVERY_PROPERTY = '';

/** How many unplaced rows an ingest records with the portfolio (portfolios.unplaced_rows, migration 0910); more are not recorded. */
export const UNPLACED_ROWS_KEPT = 10_000;

/**
 * The columns an ingest's COPY fills, in the order of each line (domain/portfolio/pipeline/ingest.ts writes the
 * lines). Not geocoded_at: a row placed by its own coordinates was not geocoded (its geo_precision
 * says it is placed, rowsToGeocode), and 'now' parsed for each row was a tenth of the COPY's time.
 */
export const INGEST_COPY_COLUMNS = [
  'portfolio_id',
  'row_number',
  'raw_values',
  ...ROW_ADDRESS_COLUMNS,
  'latitude',
  'longitude',
  'attributes',
  'problem',
  'geo_latitude',
  'geo_longitude',
  'geo_precision',
  'csv_line',
  'placed_property_id',
  'geo_property_id',
] as const;

/**
 * Opens an ingest's transaction on its own connection (two workers never ingest the same file at
 * once: the caller holds lockIngest) and creates its fresh rows table, dropping one an earlier read left
 * (not a normal path: the rows and the mark commit together). False (and rolled back) when the
 * portfolio is gone or already ingested.
 */
export async function beginIngest(client: pg.ClientBase, portfolioId: number): Promise<boolean> {
  const id = Math.trunc(portfolioId);
  const table = client.escapeIdentifier(rowsPartition(id));
  await client.query('BEGIN');
  // No row lock during the read (a rename or delete would wait for the whole file): the attach
  // takes it (attachIngestedRows), and a portfolio deleted meanwhile fails it there (the read rolls
  // back; its retry finds the portfolio gone). Two reads of one file are kept apart by the ingest's
  // advisory lock (lockIngest).
  const { rows } = await client.query(
    'SELECT ingested_at, to_regclass($2) AS partition FROM portfolios WHERE id = $1',
    [id, rowsPartition(id)],
  );
  if (!rows[0] || rows[0].ingested_at) {
    await client.query('ROLLBACK');
    return false;
  }
  if (rows[0].partition) await client.query(`DROP TABLE ${table}`);
  // The partition bound's check is made with the table, so the COPY checks each row as it comes in
  // rather than a scan of them all before the attach (~0.1 s a million); so are portfolio_rows' own
  // checks, which a partition must have to be attached. The primary key is built after the COPY
  // (buildIngestKeys).
  // The COPY's pages go to the kernel's writeback as they are written, not all at the commit's
  // sync, which the ingest waited for (a million rows' commit 0.14 → 0.05 s).
  await client.query(`SET LOCAL backend_flush_after = '2MB'`);
  await client.query(
    `CREATE TABLE ${table} (LIKE portfolio_rows INCLUDING DEFAULTS INCLUDING CONSTRAINTS, CHECK (portfolio_id = ${id}))`,
  );
  return true;
}

/** The COPY … FREEZE statement that fills the rows table created by beginIngest (text format, INGEST_COPY_COLUMNS). */
export function ingestCopyStatement(client: pg.ClientBase, portfolioId: number): string {
  return `COPY ${client.escapeIdentifier(rowsPartition(portfolioId))} (${INGEST_COPY_COLUMNS.join(', ')}) FROM STDIN (FREEZE)`;
}

/**
 * The rows table's primary key, built by one sort once the rows are in. The COPY kept it as the
 * rows came (in key order, while the worker was still reading) when the worker's parse was the
 * slower of the two; since the worker writes plain rows from their bytes (ingest-plain-rows.ts),
 * PostgreSQL's COPY is, and the key was a quarter of it (1.3 of 5.0 s for a million rows here); the
 * sort takes ~0.5 s.
 */
export async function buildIngestKeys(client: pg.ClientBase, portfolioId: number): Promise<void> {
  const table = client.escapeIdentifier(rowsPartition(portfolioId));
  // The keys of a million rows sort in memory rather than in temporary files (the embedded
  // server's setting already; this keeps it on a server configured lower).
  await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
  await client.query(`ALTER TABLE ${table} ADD PRIMARY KEY (portfolio_id, row_number)`);
}

/** Thrown by attachIngestedRows when the portfolio was deleted while its file was read. */
export const DELETED_DURING_READ = 'The portfolio was deleted while its file was read.';

/**
 * Attaches the rows table as the portfolio's partition of portfolio_rows: its check (beginIngest)
 * proves the bound, so the rows are not scanned for it. The portfolio's row is locked first, and
 * stays locked to the commit: a portfolio deleted during the read fails the ingest (DELETED_DURING_READ,
 * the read rolls back), and one deleted from now on waits for the commit, then empties the rows
 * attached (migration 0890). That is what the rows' foreign key checked, by reading them all
 * (migration 0950). The lock is taken this late, and nothing here waits on the portfolios table
 * holding it: a rename or delete waits for it, never the other way round.
 */
export async function attachIngestedRows(client: pg.ClientBase, portfolioId: number): Promise<void> {
  const id = Math.trunc(portfolioId);
  const { rowCount } = await client.query('SELECT 1 FROM portfolios WHERE id = $1 FOR NO KEY UPDATE', [id]);
  if (!rowCount) throw new Error(DELETED_DURING_READ);
  const table = client.escapeIdentifier(rowsPartition(id));
  await client.query(`ALTER TABLE portfolio_rows ATTACH PARTITION ${table} FOR VALUES IN (${id})`);
}

/** Fresh statistics now rather than at autovacuum's leisure, or chunk and export queries may scan instead of using the key. */
export async function analyzeIngestedRows(client: pg.ClientBase, portfolioId: number): Promise<void> {
  // A sample of 3,000 rows (statistics target 10) is enough for the chunk and export plans (row
  // ranges of one portfolio) and reads a tenth of the pages the default's 30,000 do: 0.23 → 0.02 s
  // for a million rows. (SET LOCAL: the ingest is one transaction.)
  await client.query('SET LOCAL default_statistics_target = 10');
  await client.query(`ANALYZE ${client.escapeIdentifier(rowsPartition(portfolioId))}`);
}

/**
 * Marks the portfolio ingested with its row count, geocode counts, the world revision its rows'
 * placed_property_id hold for (null: none placed at ingest) and the rows placed on no parcel
 * (unplaced_rows, migration 0910), and commits the ingest.
 */
export async function commitIngest(
  client: pg.ClientBase,
  portfolioId: number,
  rowCount: number,
  geocodeCounts: Record<string, number>,
  placed: { worldRevision: string; unplacedRows: number[] | null } | null,
): Promise<void> {
  await client.query(
    'UPDATE portfolios SET row_count = $2, geocode_counts = $3, placed_world_revision = $4, unplaced_rows = $5, ingested_at = now(), processing_error = NULL WHERE id = $1',
    [
      Math.trunc(portfolioId),
      rowCount,
      JSON.stringify(geocodeCounts),
      placed?.worldRevision ?? null,
      placed?.unplacedRows ?? null,
    ],
  );
  await client.query('COMMIT');
}

export async function rollbackIngest(client: pg.ClientBase): Promise<void> {
  await client.query('ROLLBACK');
}
