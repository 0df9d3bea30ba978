import { type Kysely, sql } from 'kysely';

/**
 * The billing rollup: usage_events (the one ledger) summed per organisation, product, channel and
 * UTC day, maintained by statement-level triggers as usage is written, so a billing report reads
 * a few thousand rows instead of millions of events.
 *
 * - `product`: the product billed (`zfire|prefill` bills as zfire).
 * - `rerun`: the usage came from a portfolio rerun (its run has a previous run); billing counts it
 *   only where the agreement says `bill_reruns`.
 * - `batch_key`: for the portfolio channel, the submission the rows belong to ('run:{run id}', or
 *   'ref:{reference}' for usage recorded without a run); '' for other channels.
 * - `slot`: the writing backend's pid modulo 8. Concurrent writers (group commits of lookups,
 *   portfolio chunks of one run) mostly update different rows, so they never queue behind each
 *   other's commit; readers sum the slots.
 * Only inserted rows reach the trigger (ON CONFLICT DO NOTHING skips a repeated event key), so
 * retried work counts once here as in the ledger. Deletes subtract.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE usage_rollup (
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      product text NOT NULL,
      channel text NOT NULL,
      day date NOT NULL,
      rerun boolean NOT NULL,
      batch_key text NOT NULL,
      slot smallint NOT NULL,
      portfolio_id integer,
      run_id integer,
      reference text,
      quantity bigint NOT NULL,
      last_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, product, channel, day, rerun, batch_key, slot)
    )`.execute(db);

  const select = (rows: string, sign: '' | '-') => `
    SELECT n.organization_id, split_part(n.product, '|', 1), n.channel, (n.occurred_at AT TIME ZONE 'UTC')::date,
           coalesce(pr.previous_run_id IS NOT NULL, false),
           CASE WHEN n.channel <> 'portfolio' THEN '' WHEN n.run_id IS NOT NULL THEN 'run:' || n.run_id ELSE 'ref:' || coalesce(n.reference, '') END,
           (pg_backend_pid() % 8)::smallint, max(n.portfolio_id), max(n.run_id), max(n.reference), ${sign}sum(n.quantity)::bigint, max(n.occurred_at)
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
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${statements.join(';\n      ')};
      RETURN NULL;
    END $$`);
  await fn('zview_usage_rollup_insert', [upsert('new_rows', '')]).execute(db);
  await fn('zview_usage_rollup_delete', [upsert('old_rows', '-')]).execute(db);
  await fn('zview_usage_rollup_update', [upsert('old_rows', '-'), upsert('new_rows', '')]).execute(db);
  await sql`CREATE TRIGGER usage_events_rollup_insert AFTER INSERT ON usage_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION zview_usage_rollup_insert()`.execute(
    db,
  );
  await sql`CREATE TRIGGER usage_events_rollup_delete AFTER DELETE ON usage_events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION zview_usage_rollup_delete()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER usage_events_rollup_update AFTER UPDATE ON usage_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION zview_usage_rollup_update()`.execute(db);

  // Usage written before this migration.
  await sql`
    INSERT INTO usage_rollup (organization_id, product, channel, day, rerun, batch_key, slot, portfolio_id, run_id, reference, quantity, last_at)
    ${sql.raw(select('usage_events', ''))}`.execute(db);

  // Submissions of an organisation, newest first (the batch-work table).
  await sql`CREATE INDEX usage_rollup_batches_idx ON usage_rollup (organization_id, batch_key) WHERE channel = 'portfolio'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER usage_events_rollup_insert ON usage_events`.execute(db);
  await sql`DROP TRIGGER usage_events_rollup_delete ON usage_events`.execute(db);
  await sql`DROP TRIGGER usage_events_rollup_update ON usage_events`.execute(db);
  await sql`DROP FUNCTION zview_usage_rollup_insert(), zview_usage_rollup_delete(), zview_usage_rollup_update()`.execute(
    db,
  );
  await sql`DROP TABLE usage_rollup`.execute(db);
}
