import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: portfolio_rows loses its foreign key to portfolios. Attaching an ingest's rows table
 * checked it by reading every row (0.17 s of a million, on one core, while nothing else could
 * run), for what the code around it already guarantees: the ingest, the only writer of rows,
 * locks its portfolio before the attach and fails when it is gone (attachIngestedRows), and
 * deleting a portfolio empties its rows with its trigger (migration 0890), not through the
 * cascade. portfolio_results has never had one, for the same reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE
      fk record;
    BEGIN
      FOR fk IN SELECT conname FROM pg_constraint
                WHERE conrelid = 'portfolio_rows'::regclass AND contype = 'f' AND confrelid = 'portfolios'::regclass LOOP
        EXECUTE format('ALTER TABLE portfolio_rows DROP CONSTRAINT %I', fk.conname);
      END LOOP;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_rows ADD FOREIGN KEY (portfolio_id) REFERENCES portfolios(id) ON DELETE CASCADE`.execute(
    db,
  );
}
