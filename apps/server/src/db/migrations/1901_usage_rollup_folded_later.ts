import { type Kysely, sql } from 'kysely';

/**
 * The billing rollup (0501) is no longer kept in the writer's statement: the usage ledger's new
 * rows are folded into usage_rollup afterwards, in bulk (`zview_fold_usage()`, called by the
 * worker every quarter second: jobs/usage-fold.ts), and billing reads `usage_totals`, the rollup plus the
 * rows not folded yet, so its figures are exact at every moment (issue 46).
 *
 * Why: the statement-level rollup trigger was a quarter of PostgreSQL's CPU in every usage group
 * commit of property lookups (a plpgsql call, a planned INSERT ... ON CONFLICT with a join,
 * a sort and an aggregate, whatever the batch's size), on the lookup's critical path. Alternating
 * runs of bench/lookup-write-cost.ts (batches of 7 lookups, two writers, load 6-8): 0.772 /
 * 0.766 / 0.939 ms of PostgreSQL CPU per batch with the trigger, 0.624 / 0.609 / 0.588 folded later.
 *
 * How the fold stays exact:
 * - Each new row carries its transaction's id (`xid`, pg_current_xact_id()); rows written before
 *   this migration have none and were rolled up by the triggers as they were written.
 * - usage_fold.watermark: every row whose xid is below it is in the rollup, no row at or above
 *   it is. A fold moves it to the oldest transaction still running (the xmin of its snapshot):
 *   every transaction below that is over, so the rows it folds are all it will ever see there.
 *   New rows always get an xid at or above the watermark (a running transaction's id is at least
 *   the xmin of any snapshot taken while it runs).
 * - A fold locks usage_fold's row (FOR UPDATE SKIP LOCKED: one fold at a time, and none while a
 *   deletion or update of the ledger is under way); deletions and updates lock it FOR SHARE before
 *   they correct the rollup, then subtract (and add) only the rows already folded.
 * - Deleting an organisation takes that lock before it deletes the organisation row, so a fold's
 *   rollup rows (whose key checks the organisation) never wait for it while it waits for the fold.
 * - A row of an organisation that does not exist is refused by a statement trigger (what the
 *   rollup's foreign key did in the writer's statement since migration 1860), without locking
 *   the organisation's row: rows written while it is deleted stay in the ledger, never billed.
 * The (organization_id, occurred_at) index of 0250 had no reader left; (organization_id, xid)
 * takes its place: the tail per organisation for billing, per organisation for the fold, and the
 * organisation's usage when it is deleted.
 */
const GROUPED = `
    SELECT n.organization_id, split_part(n.product, '|', 1), n.channel, (n.occurred_at AT TIME ZONE 'UTC')::date,
           coalesce(pr.previous_run_id IS NOT NULL, false),
           CASE WHEN n.channel <> 'portfolio' THEN '' WHEN n.run_id IS NOT NULL THEN 'run:' || n.run_id ELSE 'ref:' || coalesce(n.reference, '') END`;
const AGGREGATES = `max(n.portfolio_id), max(n.run_id), max(n.reference)`;

/** Upsert into usage_rollup of `rows` (a transition table) that are already folded, signed. */
const correct = (rows: string, sign: '' | '-') => `
      INSERT INTO usage_rollup AS r (organization_id, product, channel, day, rerun, batch_key, slot, portfolio_id, run_id, reference, quantity, last_at)
      ${GROUPED}, (pg_backend_pid() % 8)::smallint, ${AGGREGATES}, ${sign}sum(n.quantity)::bigint, max(n.occurred_at)
      FROM ${rows} n LEFT JOIN portfolio_runs pr ON pr.id = n.run_id
      WHERE (n.xid IS NULL OR n.xid < (SELECT watermark FROM usage_fold))
        -- An organisation being deleted takes its rollup rows with it.
        AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = n.organization_id)
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (organization_id, product, channel, day, rerun, batch_key, slot)
      DO UPDATE SET quantity = r.quantity + EXCLUDED.quantity, last_at = greatest(r.last_at, EXCLUDED.last_at)`;

const plpgsql = (name: string, body: string) =>
  sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${body}
      RETURN NULL;
    END $$`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE usage_events ADD COLUMN xid xid8`.execute(db);
  await sql`ALTER TABLE usage_events ALTER COLUMN xid SET DEFAULT pg_current_xact_id()`.execute(db);
  await sql`CREATE INDEX usage_events_org_xid_idx ON usage_events (organization_id, xid)`.execute(db);
  await sql`DROP INDEX usage_events_org_time_idx`.execute(db);
  await sql`
    CREATE TABLE usage_fold (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      watermark xid8 NOT NULL
    )`.execute(db);
  // Transactions running now (none should write usage during a migration) are above it.
  await sql`INSERT INTO usage_fold (watermark) VALUES (pg_snapshot_xmin(pg_current_snapshot()))`.execute(db);

  await sql`DROP TRIGGER usage_events_rollup_insert ON usage_events`.execute(db);
  await sql`DROP FUNCTION zview_usage_rollup_insert()`.execute(db);
  await plpgsql(
    'zview_usage_check_organization',
    `-- No row lock on the organisation, unlike a foreign key: two group commits of one
      -- organisation would share it through a multixact each time (a fifth of a batch's CPU
      -- with the lock, bench/lookup-write-cost.ts). Rows of an organisation deleted while they
      -- were written stay in the ledger unbilled (the fold and billing read existing ones).
      IF EXISTS (SELECT 1 FROM (SELECT DISTINCT organization_id FROM new_rows) n
                 WHERE NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = n.organization_id)) THEN
        RAISE EXCEPTION 'insert on table "usage_events" violates foreign key constraint: its organization does not exist'
          USING ERRCODE = 'foreign_key_violation';
      END IF;`,
  ).execute(db);
  await sql`
    CREATE TRIGGER usage_events_check_organization AFTER INSERT ON usage_events
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION zview_usage_check_organization()`.execute(db);

  const waitForFold = `-- A fold under way finishes first; none starts until this transaction ends.
      PERFORM 1 FROM usage_fold FOR SHARE;`;
  await plpgsql('zview_usage_rollup_delete', `${waitForFold}\n${correct('old_rows', '-')};`).execute(db);
  await plpgsql(
    'zview_usage_rollup_update',
    `${waitForFold}\n${correct('old_rows', '-')};\n${correct('new_rows', '')};`,
  ).execute(db);
  await plpgsql('zview_usage_fold_before_organization_delete', waitForFold).execute(db);
  await sql`
    CREATE TRIGGER organizations_delete_wait_for_fold BEFORE DELETE ON organizations
    FOR EACH STATEMENT EXECUTE FUNCTION zview_usage_fold_before_organization_delete()`.execute(db);

  await sql`
    CREATE FUNCTION zview_fold_usage() RETURNS bigint LANGUAGE plpgsql AS $$
    DECLARE
      folded_from xid8;
      upto xid8;
      rollup_rows bigint;
    BEGIN
      SELECT watermark INTO folded_from FROM usage_fold FOR UPDATE SKIP LOCKED;
      -- Another fold, or a deletion or update of the ledger, is under way: the next call folds.
      IF NOT FOUND THEN RETURN 0; END IF;
      -- Every transaction below the oldest one running is over (this statement's snapshot).
      upto := pg_snapshot_xmin(pg_current_snapshot());
      IF upto <= folded_from THEN RETURN 0; END IF;
      INSERT INTO usage_rollup AS r (organization_id, product, channel, day, rerun, batch_key, slot, portfolio_id, run_id, reference, quantity, last_at)
      ${sql.raw(GROUPED)}, 0::smallint, ${sql.raw(AGGREGATES)}, sum(n.quantity)::bigint, max(n.occurred_at)
      FROM organizations o
      JOIN usage_events n ON n.organization_id = o.id AND n.xid >= folded_from AND n.xid < upto
      LEFT JOIN portfolio_runs pr ON pr.id = n.run_id
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (organization_id, product, channel, day, rerun, batch_key, slot)
      DO UPDATE SET quantity = r.quantity + EXCLUDED.quantity, last_at = greatest(r.last_at, EXCLUDED.last_at);
      GET DIAGNOSTICS rollup_rows = ROW_COUNT;
      UPDATE usage_fold SET watermark = upto;
      RETURN rollup_rows;
    END $$`.execute(db);

  // What billing reads: the rollup and the rows not folded yet, summed the same way.
  await sql`
    CREATE VIEW usage_totals AS
      SELECT organization_id, product, channel, day, rerun, batch_key, slot, portfolio_id, run_id, reference, quantity, last_at
      FROM usage_rollup
      UNION ALL
      ${sql.raw(GROUPED)}, (-1)::smallint, ${sql.raw(AGGREGATES)}, sum(n.quantity)::bigint, max(n.occurred_at)
      FROM usage_events n LEFT JOIN portfolio_runs pr ON pr.id = n.run_id
      WHERE n.xid >= (SELECT watermark FROM usage_fold)
      GROUP BY 1, 2, 3, 4, 5, 6`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Whatever is not folded yet goes into the rollup first (nothing writes usage during a
  // migration), then the triggers of 0501 are back.
  await sql`
    INSERT INTO usage_rollup AS r (organization_id, product, channel, day, rerun, batch_key, slot, portfolio_id, run_id, reference, quantity, last_at)
    SELECT organization_id, product, channel, day, rerun, batch_key, 0, portfolio_id, run_id, reference, quantity, last_at
    FROM usage_totals WHERE slot = -1 AND organization_id IN (SELECT id FROM organizations)
    ON CONFLICT (organization_id, product, channel, day, rerun, batch_key, slot)
    DO UPDATE SET quantity = r.quantity + EXCLUDED.quantity, last_at = greatest(r.last_at, EXCLUDED.last_at)`.execute(
    db,
  );
  await sql`DROP VIEW usage_totals`.execute(db);
  await sql`DROP FUNCTION zview_fold_usage()`.execute(db);
  await sql`DROP TRIGGER organizations_delete_wait_for_fold ON organizations`.execute(db);
  await sql`DROP FUNCTION zview_usage_fold_before_organization_delete()`.execute(db);
  await sql`DROP TRIGGER usage_events_check_organization ON usage_events`.execute(db);
  await sql`DROP FUNCTION zview_usage_check_organization()`.execute(db);
  await sql`ALTER TABLE usage_events DROP COLUMN xid`.execute(db);
  await sql`DROP TABLE usage_fold`.execute(db);
  // 0501's functions and insert trigger, as they were.
  const select = (rows: string, sign: '' | '-') => `
    SELECT n.organization_id, split_part(n.product, '|', 1), n.channel, (n.occurred_at AT TIME ZONE 'UTC')::date,
           coalesce(pr.previous_run_id IS NOT NULL, false),
           CASE WHEN n.channel <> 'portfolio' THEN '' WHEN n.run_id IS NOT NULL THEN 'run:' || n.run_id ELSE 'ref:' || coalesce(n.reference, '') END,
           (pg_backend_pid() % 8)::smallint, max(n.portfolio_id), max(n.run_id), max(n.reference), ${sign}sum(n.quantity)::bigint, max(n.occurred_at)
    FROM ${rows} n LEFT JOIN portfolio_runs pr ON pr.id = n.run_id
    ${sign === '-' ? 'WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = n.organization_id)' : ''}
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6`;
  const upsert = (rows: string, sign: '' | '-') => `
    INSERT INTO usage_rollup AS r (organization_id, product, channel, day, rerun, batch_key, slot, portfolio_id, run_id, reference, quantity, last_at)
    ${select(rows, sign)}
    ON CONFLICT (organization_id, product, channel, day, rerun, batch_key, slot)
    DO UPDATE SET quantity = r.quantity + EXCLUDED.quantity, last_at = greatest(r.last_at, EXCLUDED.last_at)`;
  await plpgsql('zview_usage_rollup_insert', `${upsert('new_rows', '')};`).execute(db);
  await plpgsql('zview_usage_rollup_delete', `${upsert('old_rows', '-')};`).execute(db);
  await plpgsql('zview_usage_rollup_update', `${upsert('old_rows', '-')};\n${upsert('new_rows', '')};`).execute(db);
  await sql`CREATE TRIGGER usage_events_rollup_insert AFTER INSERT ON usage_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION zview_usage_rollup_insert()`.execute(
    db,
  );
  await sql`CREATE INDEX usage_events_org_time_idx ON usage_events (organization_id, occurred_at)`.execute(db);
}
