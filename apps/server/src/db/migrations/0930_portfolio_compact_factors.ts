import { type Kysely, sql } from 'kysely';

/**
 * Issue 22: a result's top factors are stored as their names and their contributions, not as a
 * jsonb array as well. The jsonb was 191 of a result's 327 bytes and 211 of a score index row's
 * 335: a run of a million rows wrote 326 MB of results (and as much WAL), and each chunk copied the
 * jsonb out of the index and into the results.
 * - score_index.top_factor_contributions and portfolio_results.top_factor_contributions (float8[],
 *   exact: a contribution is a double, in the order of top_factor_names);
 * - top_factors, in both tables, is left null by writers that give the contributions. Rows written
 *   before this migration (and results from an appeal version or a scorer without the index) keep
 *   their jsonb, so a row keeps one of the two (the checks);
 * - zview_top_factors(top_factors, names, contributions): the jsonb array a reader shows, from
 *   whichever the row has. Factor names hold no '; ' (a test checks every model's), so the joined
 *   names split back.
 * Builds made before this migration keep their jsonb (runs on them copy it, as before); the next
 * build of a product (a new world revision or model version) is compact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION zview_top_factors(top_factors jsonb, names text, contributions float8[]) RETURNS jsonb
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(top_factors, (
        SELECT coalesce(jsonb_agg(jsonb_build_object('name', f.name, 'contribution', f.contribution) ORDER BY f.n), '[]'::jsonb)
        FROM unnest(string_to_array(nullif(names, ''), '; '), contributions) WITH ORDINALITY AS f(name, contribution, n)))
    $$`.execute(db);
  for (const table of ['score_index', 'portfolio_results']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN top_factor_contributions float8[]`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN top_factors DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(`${table}_factors_kept`)}
      CHECK (top_factors IS NOT NULL OR top_factor_contributions IS NOT NULL)`.execute(db);
  }
  // A build's partition (migration 0870's trigger) is made with the index's checks, which its attach requires.
  await buildPartitionTrigger('INCLUDING DEFAULTS INCLUDING CONSTRAINTS').execute(db);
  // Results tables of runs in progress are not attached yet: they get the column too, or attaching them would fail.
  await eachUnattachedResultsTable([
    'ALTER TABLE %s ADD COLUMN IF NOT EXISTS top_factor_contributions float8[]',
    'ALTER TABLE %s ALTER COLUMN top_factors DROP NOT NULL',
  ]).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['score_index', 'portfolio_results']) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(`${table}_factors_kept`)}`.execute(db);
    await sql`UPDATE ${sql.table(table)} SET top_factors = zview_top_factors(NULL, top_factor_names, top_factor_contributions)
      WHERE top_factors IS NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN top_factors SET NOT NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN top_factor_contributions`.execute(db);
  }
  await eachUnattachedResultsTable([
    'UPDATE %s SET top_factors = zview_top_factors(NULL, top_factor_names, top_factor_contributions) WHERE top_factors IS NULL',
    'ALTER TABLE %s ALTER COLUMN top_factors SET NOT NULL',
    'ALTER TABLE %s DROP COLUMN IF EXISTS top_factor_contributions',
  ]).execute(db);
  await buildPartitionTrigger('INCLUDING DEFAULTS').execute(db);
  await sql`DROP FUNCTION zview_top_factors(jsonb, text, float8[])`.execute(db);
}

/** Migration 0870's trigger function, its build partition made LIKE score_index with `including`. */
function buildPartitionTrigger(including: 'INCLUDING DEFAULTS' | 'INCLUDING DEFAULTS INCLUDING CONSTRAINTS') {
  return sql`
    CREATE OR REPLACE FUNCTION zview_create_build_partition() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      partition text := 'score_index_' || NEW.id;
    BEGIN
      IF to_regclass(partition) IS NULL THEN
        EXECUTE format('CREATE TABLE %I (LIKE score_index ${sql.raw(including)})', partition);
        EXECUTE format('ALTER TABLE score_index ATTACH PARTITION %I FOR VALUES IN (%s)', partition, NEW.id);
      END IF;
      RETURN NULL;
    END $$`;
}

/**
 * Runs each statement (a format() string, %s the table; no quotes inside) on the results tables of
 * runs still in progress: they are not attached yet, so a change to portfolio_results misses them,
 * and attaching them would then fail.
 */
function eachUnattachedResultsTable(statements: readonly string[]) {
  return sql`
    DO $$
    DECLARE t regclass;
    BEGIN
      FOR t IN SELECT c.oid::regclass FROM pg_class c WHERE c.relname ~ '^portfolio_results_[0-9]+$' AND c.relkind = 'r' AND NOT c.relispartition LOOP
        ${sql.raw(statements.map((statement) => `EXECUTE format('${statement}', t);`).join('\n'))}
      END LOOP;
    END $$`;
}
