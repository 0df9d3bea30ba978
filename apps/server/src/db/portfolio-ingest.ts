import type pg from 'pg';
import type { Db } from './database.js';

/** The SQL of a portfolio's ingest job (jobs/portfolio-jobs.ts): what to read, its lock, its error. */

/** A portfolio with the upload it reads (delimiter, encoding, column mapping); undefined when gone. */
export function findIngestSource(db: Db, portfolioId: number) {
  return db
    .selectFrom('portfolios')
    .innerJoin('portfolio_uploads', 'portfolio_uploads.name', 'portfolios.uploaded_file_name')
    .select(['portfolios.id', 'portfolios.uploaded_file_name', 'portfolios.column_mapping', 'portfolios.created_by', 'portfolios.ingested_at', 'portfolio_uploads.delimiter', 'portfolio_uploads.encoding'])
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
