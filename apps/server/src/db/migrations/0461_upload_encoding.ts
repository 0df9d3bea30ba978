import { type Kysely, sql } from 'kysely';

/** The text encoding an upload was read in (issue 12): UTF-8, UTF-16 with a BOM, or Windows-1252. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_uploads ADD COLUMN encoding text NOT NULL DEFAULT 'utf-8'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_uploads DROP COLUMN encoding`.execute(db);
}
