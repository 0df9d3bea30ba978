import { type Kysely, sql } from 'kysely';

/**
 * The file read as a job staff can suspend and resume (issue 45 item 2): set while an ingest is
 * suspended. The read checks it as it goes and rolls back (it is one transaction); resuming clears
 * it and queues the read again, which starts the file over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolios ADD COLUMN ingest_suspended_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolios DROP COLUMN ingest_suspended_at`.execute(db);
}
