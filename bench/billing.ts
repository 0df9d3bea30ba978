/**
 * Billing benchmark (issue 14): one organisation with BILLING_ROWS usage rows (default 10,000,000)
 * written through the ledger (usage_events) by 8 connections at once over the past year, lookups,
 * API calls and monthly portfolio submissions, folded into the billing rollup as the worker does
 * (migration 1901), then the billing report's queries timed (target p50 ≤ 100 ms) with a tail of
 * TAIL_ROWS rows not folded yet (what billing reads besides the rollup between two folds). Also
 * prints one scan of the raw ledger for comparison. Run: npm run bench -- billing
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { foldUsage } from '../apps/server/src/db/usage.js';
import { billingReport } from '../apps/server/src/domain/billing/report.js';
import { percentile } from './support/figures.js';

const ROWS = Number(process.env.BILLING_ROWS ?? 10_000_000);
const STATEMENT_ROWS = 20_000;
const WRITERS = 8;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Rows written after the last fold: about two seconds of lookups at 1,500 a second, 7 products each. */
const TAIL_ROWS = Number(process.env.TAIL_ROWS ?? 20_000);

export async function benchBilling(): Promise<boolean> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'zview-bench-billing-'));
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg'), port: 0 });
  const { db } = createDb(embedded.url, WRITERS + 2);
  try {
    await migrateToLatest(db);
    const org = await db
      .insertInto('organizations')
      .values({ name: 'Bench Billing', products: ['zfire', 'zhail', 'zproperty', 'self_serve_billing'] })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('agreements')
      .values(
        ['zfire', 'zhail', 'zproperty'].map((product, i) => ({
          organization_id: org.id,
          product,
          contract_start:
            sql<string>`(date_trunc('month', current_date) - interval '${sql.raw(String(11 + i * 5))} months')::date` as never,
          committed_annual_volume: 3_000_000,
        })),
      )
      .execute();

    console.log(
      `Billing (one organisation, ${ROWS.toLocaleString('en-US')} usage rows over a year, ${WRITERS} writers; load average ${os.loadavg()[0]!.toFixed(2)})`,
    );
    const started = Date.now();
    const statements = Math.ceil(ROWS / STATEMENT_ROWS);
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let s = next++; s < statements; s = next++) {
          const n = Math.min(STATEMENT_ROWS, ROWS - s * STATEMENT_ROWS);
          // Each statement is a slice of the year: lookups mostly, some API calls, a portfolio chunk now and then.
          await sql`
            INSERT INTO usage_events (organization_id, user_id, product, channel, reference, quantity, occurred_at)
            SELECT ${org.id}::int, NULL, (ARRAY['zfire', 'zhail', 'zproperty', 'zfire|prefill'])[1 + i % 4],
                   CASE WHEN i % 1000 = 0 THEN 'portfolio' WHEN i % 7 = 0 THEN 'api' ELSE 'zview' END,
                   CASE WHEN i % 1000 = 0 THEN 'Batch ' || (${s}::int % 200) END,
                   CASE WHEN i % 1000 = 0 THEN 500 ELSE 1 END,
                   now() - make_interval(secs => ((${s}::bigint * ${STATEMENT_ROWS} + i) * 31536000 / ${ROWS}::bigint)::double precision)
            FROM generate_series(1, ${n}::int) AS i`.execute(db);
        }
      }),
    );
    const writeSeconds = (Date.now() - started) / 1000;
    // The worker's fold (jobs/usage-fold.ts), here all at once; then a tail it has not folded yet.
    const foldStarted = Date.now();
    await foldUsage(db);
    const foldSeconds = (Date.now() - foldStarted) / 1000;
    await sql`
      INSERT INTO usage_events (organization_id, user_id, product, channel, reference, quantity)
      SELECT ${org.id}::int, NULL, (ARRAY['zfire', 'zhail', 'zproperty'])[1 + i % 3], 'zview', NULL, 1
      FROM generate_series(1, ${TAIL_ROWS}::int) AS i`.execute(db);
    await sql`ANALYZE usage_events`.execute(db);
    await sql`ANALYZE usage_rollup`.execute(db);
    const rollupRows = await db
      .selectFrom('usage_rollup')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `  written in ${writeSeconds.toFixed(1)} s (${Math.round(ROWS / writeSeconds).toLocaleString('en-US')} rows/s), folded in ${foldSeconds.toFixed(1)} s; rollup rows: ${Number(rollupRows.n).toLocaleString('en-US')}; ${TAIL_ROWS.toLocaleString('en-US')} rows written since, not folded`,
    );

    const actor = { organization: { id: org.id, name: org.name, products: [], isTrial: false } } as never;
    const first = await billingReport(db, actor, {});
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await billingReport(db, actor, {});
      samples.push(performance.now() - t);
    }
    const total = first.annualUsageByAgreement.data.reduce((sum, row) => sum + row.usage, 0);
    const rawStart = performance.now();
    const raw = await db
      .selectFrom('usage_events')
      .select((eb) => eb.fn.sum<number>('quantity').as('n'))
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    const rawMs = performance.now() - rawStart;
    const p50 = percentile(samples, 50);
    console.log(
      `  GET /caribou/billing report (3 tables + chart)  p50 ${p50.toFixed(1)} ms   p95 ${percentile(samples, 95).toFixed(1)} ms   n=${RUNS}  ${p50 <= 100 ? '✓' : '✗'} target ≤ 100 ms`,
    );
    console.log(
      `  (${first.annualUsageByAgreement.data.length} annual, ${first.quarterlyUsageByAgreement.data.length} quarterly, ${first.batchWork.data.length} submission rows; ${total.toLocaleString('en-US')} billed in contract years; one sum over the raw ledger: ${rawMs.toFixed(0)} ms for ${Number(raw.n).toLocaleString('en-US')})`,
    );
    return p50 <= 100;
  } finally {
    await db.destroy();
    await embedded.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
