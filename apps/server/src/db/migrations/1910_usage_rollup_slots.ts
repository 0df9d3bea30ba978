import { type Kysely, sql } from 'kysely';

/**
 * The usage rollup's slot (migration 0501) is the writing backend's pid modulo 32 instead of 8
 * (issue 46). Two lookups' group commits in flight at once update the same rollup row when their
 * backends' pids agree modulo 8, and the second then waits for the first's whole commit, its WAL
 * flush included (Lock:transactionid: 2–6% of the lookups' samples beside exports and a portfolio
 * run, docs/performance/lookups-s27-beside.md). The API pool's backends are opened together at
 * start, so their pids are mostly consecutive: with 32 slots a pool of up to 32 connections
 * writes to rows of its own. Readers sum the slots, as before; rows written before keep theirs.
 * Only the slot expression changes: the functions are otherwise 0501's.
 */
function rollupFunctions(slots: number) {
  const select = (rows: string, sign: '' | '-') => `
    SELECT n.organization_id, split_part(n.product, '|', 1), n.channel, (n.occurred_at AT TIME ZONE 'UTC')::date,
           coalesce(pr.previous_run_id IS NOT NULL, false),
           CASE WHEN n.channel <> 'portfolio' THEN '' WHEN n.run_id IS NOT NULL THEN 'run:' || n.run_id ELSE 'ref:' || coalesce(n.reference, '') END,
           (pg_backend_pid() % ${slots})::smallint, max(n.portfolio_id), max(n.run_id), max(n.reference), ${sign}sum(n.quantity)::bigint, max(n.occurred_at)
    FROM ${rows} n LEFT JOIN portfolio_runs pr ON pr.id = n.run_id
    ${sign === '-' ? '-- An organisation being deleted takes its rollup rows with it.\n    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = n.organization_id)' : ''}
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6`;
  const upsert = (rows: string, sign: '' | '-') => `
    INSERT INTO usage_rollup AS r (organization_id, product, channel, day, rerun, batch_key, slot, portfolio_id, run_id, reference, quantity, last_at)
    ${select(rows, sign)}
    ON CONFLICT (organization_id, product, channel, day, rerun, batch_key, slot)
    DO UPDATE SET quantity = r.quantity + EXCLUDED.quantity, last_at = greatest(r.last_at, EXCLUDED.last_at)`;
  const fn = (name: string, statements: string[]) =>
    sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${statements.join(';\n      ')};
      RETURN NULL;
    END $$`);
  return [
    fn('zview_usage_rollup_insert', [upsert('new_rows', '')]),
    fn('zview_usage_rollup_delete', [upsert('old_rows', '-')]),
    fn('zview_usage_rollup_update', [upsert('old_rows', '-'), upsert('new_rows', '')]),
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of rollupFunctions(32)) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of rollupFunctions(8)) await statement.execute(db);
}
