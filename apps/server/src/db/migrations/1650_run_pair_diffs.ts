import { type Kysely, sql } from 'kysely';

/**
 * Issue 41, the diff summary of any two runs bounded: when a run finishes, its diff summary against
 * each earlier run of its chain (not only the previous one) is kept — counts by level transition,
 * no rows — made from the previous run's own kept pairs and the rows this run moved (a lookup of
 * each moved row in the earlier run's results), so its cost follows the rows this run moved, never
 * the rows that moved several times between two runs. The summary of any pair of runs then reads one
 * row. Runs finished before this migration have none: their summary is composed from the steps as
 * before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE portfolio_run_pair_diffs (
      run_id integer NOT NULL REFERENCES portfolio_runs(id) ON DELETE CASCADE,
      earlier_run_id integer NOT NULL,
      rows integer NOT NULL,
      changed integer NOT NULL,
      -- [{from, to, count, deltaSum}] over the rows that differ between the two runs.
      transitions jsonb NOT NULL DEFAULT '[]',
      PRIMARY KEY (run_id, earlier_run_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS portfolio_run_pair_diffs`.execute(db);
}
