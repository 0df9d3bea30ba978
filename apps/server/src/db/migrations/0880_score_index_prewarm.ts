import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: pg_prewarm (shipped with PostgreSQL's contrib modules, and with the embedded server),
 * with which a run on a large score index build reads the build into PostgreSQL's buffers in one
 * sequential pass instead of page by page through a million random probes
 * (db/score-index-parts.ts prewarmScoreBuild). A server without the module, or a role not allowed
 * to create it, goes on without: runs then probe a cold build, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_prewarm;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_prewarm is not available: %', SQLERRM;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP EXTENSION IF EXISTS pg_prewarm`.execute(db);
}
