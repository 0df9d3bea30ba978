import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: the CSV export read each result's top-factor names out of its top_factors jsonb, half
 * of the export's PostgreSQL time for a million rows. The names, joined with '; ' as the export
 * shows them, are now a plain column:
 * - score_index.top_factor_names, generated from top_factors (computed once per property and
 *   build, by every writer of the index, whatever it inserts);
 * - portfolio_results.top_factor_names, written with each result (copied from the index, or from
 *   an appeal version's or a scorer's factors). Null in results written before this migration:
 *   the export then reads the jsonb as before.
 * zview_factor_names(jsonb): the names of a factor array in order, joined; '' for none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION zview_factor_names(factors jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(string_agg(f.factor->>'name', '; ' ORDER BY f.n), '') FROM jsonb_array_elements(factors) WITH ORDINALITY AS f(factor, n)
    $$`.execute(db);
  await sql`ALTER TABLE score_index ADD COLUMN top_factor_names text GENERATED ALWAYS AS (zview_factor_names(top_factors)) STORED`.execute(
    db,
  );
  await sql`ALTER TABLE portfolio_results ADD COLUMN top_factor_names text`.execute(db);
  // Results tables of runs in progress are not attached yet: they get the column too, or attaching them would fail.
  await sql`
    DO $$
    DECLARE t regclass;
    BEGIN
      FOR t IN SELECT c.oid::regclass FROM pg_class c WHERE c.relname ~ '^portfolio_results_[0-9]+$' AND c.relkind = 'r' AND NOT c.relispartition LOOP
        EXECUTE format('ALTER TABLE %s ADD COLUMN IF NOT EXISTS top_factor_names text', t);
      END LOOP;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE portfolio_results DROP COLUMN IF EXISTS top_factor_names`.execute(db);
  await sql`ALTER TABLE score_index DROP COLUMN IF EXISTS top_factor_names`.execute(db);
  await sql`DROP FUNCTION IF EXISTS zview_factor_names(jsonb)`.execute(db);
}
