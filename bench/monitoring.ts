/**
 * Monitored portfolios (issue 41). On an embedded PostgreSQL with a world of PROPERTIES properties
 * (default 20,000; 10,000 of them touched), BOOKS monitored books (default 5) of BOOK_ROWS rows
 * each (default 1,000,000), each holding every world property once and the rest of its rows on
 * properties no change here reaches (a national book), an alert rule with the webhook channel on
 * each and one endpoint:
 *   1. a capture touching TOUCHED properties (default 10,000): every affected row of every book
 *      re-scored, its change recorded and its alerts (notification, webhook messages) queued — the
 *      time and the CPU of Node and of PostgreSQL;
 *   2. a capture over an area holding no monitored property: what the untouched rows cost;
 *   3. the diff of two runs of a BOOK_ROWS book, consecutive or not, and of a run and the book now:
 *      summary, then the CSV export read to its end (monitoring-diff.ts);
 *   4. EVENTS webhook events (default the issue's 10,000; EVENTS=1000 for a quicker run) to a
 *      receiver answering in 200 ms, delivered by the worker process's lanes side by side: exactly
 *      once per id and in order per portfolio (checked by the receiver, signatures verified), with
 *      the real API's lookup p95 and a RUN_ROWS-row portfolio run's time (default 20,000) measured
 *      without and during the delivery (monitoring-webhooks.ts).
 * PARTS=capture,diff,webhooks (the default) chooses the parts to run; without capture the books'
 * monitored rows are not written (the diff and the webhooks need only the books).
 * The books are written straight into the tables (a portfolio run of 5M rows would be the
 * portfolio bench's subject, not this one). Load averages are printed: the machine is shared.
 *
 *   npx tsx bench/monitoring.ts      (or npm run bench -- monitoring)
 */
import { sql } from 'kysely';
import { insertWorldChange } from '../apps/server/src/db/monitoring.js';
import { applyPendingChanges } from '../apps/server/src/domain/monitoring/engine.js';
import { alertOnChanges } from '../apps/server/src/domain/notifications/alerts.js';
import { benchRunDiff } from './monitoring-diff.js';
import { benchWebhooks } from './monitoring-webhooks.js';
import { loadavg, mark, secs } from './support/figures.js';
import { insertBenchAccount, insertBenchBook, startMonitoringBenchDb } from './support/monitoring-seed.js';
import { cpuSeconds, postgresCpu } from './support/processes.js';

const PROPERTIES = Number(process.env.PROPERTIES ?? 20_000);
const BOOKS = Number(process.env.BOOKS ?? 5);
const BOOK_ROWS = Number(process.env.BOOK_ROWS ?? 1_000_000);
const TOUCHED = Number(process.env.TOUCHED ?? 10_000);
const EVENTS = Number(process.env.EVENTS ?? 10_000);
const PARTS = new Set((process.env.PARTS ?? 'capture,diff,webhooks').split(','));

export async function benchMonitoring(): Promise<boolean> {
  const { db, url, pgDataDir, close } = await startMonitoringBenchDb({
    name: 'monitoring',
    properties: PROPERTIES,
    poolSize: 12,
  });
  let ok = true;
  try {
    console.log(`monitoring bench: ${PROPERTIES} properties, ${BOOKS} books × ${BOOK_ROWS} rows; load ${loadavg()}`);
    const account = await insertBenchAccount(db);
    // Books: row k of book b on property (k mod PROPERTIES), scored low so captures move them.
    const started = performance.now();
    const books: number[] = [];
    for (let b = 0; b < BOOKS; b += 1) {
      const p = { id: await insertBenchBook(db, account, `Bench book ${b}`, BOOK_ROWS) };
      books.push(p.id);
      await db
        .insertInto('portfolio_products')
        .values({ portfolio_id: p.id, product: 'zfire', status: 'READY', current_run_id: null })
        .execute();
      await db
        .insertInto('monitored_products')
        .values({
          portfolio_id: p.id,
          product: 'zfire',
          organization_id: account.organizationId,
          base_run_id: 0,
          enabled_by: account.userId,
        })
        .execute();
      // Rows 1..PROPERTIES on distinct properties (the touched ones among them), the rest on
      // properties of a larger world that no change here reaches ('far-…' ids): a 1M-row book
      // holds each property about once, as a book on a national world would.
      if (PARTS.has('capture'))
        await sql`
        INSERT INTO monitored_rows (portfolio_id, product, row_number, property_id, score, risk_level, factors, model_version)
        SELECT ${p.id}, 'zfire', k, coalesce(ids.id, 'far-' || k), 1, 'low', '[]', 'bench'
        FROM generate_series(1, ${BOOK_ROWS}) k
        LEFT JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM properties) ids ON ids.n = k`.execute(db);
      await db
        .insertInto('alert_rules')
        .values({
          organization_id: account.organizationId,
          portfolio_id: p.id,
          name: 'moves',
          kind: 'delta',
          min_delta: 5,
          channels: ['in_app', 'webhook'],
          created_by: account.userId,
        })
        .execute();
    }
    await sql`ANALYZE monitored_rows`.execute(db);
    console.log(`  books written in ${secs(performance.now() - started)}`);

    // 1. A capture touching TOUCHED properties.
    const touched = await db.selectFrom('properties').select('id').orderBy('id').limit(TOUCHED).execute();
    if (PARTS.has('capture')) {
      await insertWorldChange(db, {
        cause: 'capture',
        causeId: 'bench-capture',
        occurredOn: new Date().toISOString().slice(0, 10),
        propertyIds: touched.map((t) => t.id),
      });
      const cpu0 = cpuSeconds(process.pid);
      const pg0 = postgresCpu(pgDataDir);
      const t0 = performance.now();
      const applied = await applyPendingChanges(db, {
        onChanges: async (changes, _c, trx) => {
          await alertOnChanges(
            trx,
            changes.map((c) => c.id),
          );
        },
      });
      const captureMs = performance.now() - t0;
      const messages = await db
        .selectFrom('webhook_messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const within = captureMs <= 30_000;
      ok &&= within;
      console.log(
        `  ${mark(within)} capture of ${TOUCHED} properties: ${applied[0]?.affectedRows} rows affected, ${applied[0]?.changedRows} changes recorded, ` +
          `${messages.n} webhook messages queued in ${secs(captureMs)} (target 30 s); CPU node ${(cpuSeconds(process.pid) - cpu0).toFixed(1)} s, ` +
          `postgres ${(postgresCpu(pgDataDir) - pg0).toFixed(1)} s; load ${loadavg()}`,
      );

      // 2. A capture over an area with no monitored property: the untouched rows' cost.
      await insertWorldChange(db, {
        cause: 'capture',
        causeId: 'bench-empty',
        occurredOn: new Date().toISOString().slice(0, 10),
        area: { west: 10, south: 10, east: 10.01, north: 10.01 },
      });
      const cpu1 = cpuSeconds(process.pid);
      const pg1 = postgresCpu(pgDataDir);
      const t1 = performance.now();
      await applyPendingChanges(db);
      console.log(
        `  capture touching no monitored property (${BOOKS * BOOK_ROWS} rows untouched): ${(performance.now() - t1).toFixed(0)} ms, ` +
          `CPU node ${(cpuSeconds(process.pid) - cpu1).toFixed(2)} s, postgres ${(postgresCpu(pgDataDir) - pg1).toFixed(2)} s`,
      );
    }

    // 3. The diff of two runs of a BOOK_ROWS book, of any two runs, of a run and now.
    if (PARTS.has('diff'))
      ok &&= await benchRunDiff(db, {
        book: books[0]!,
        organizationId: account.organizationId,
        userId: account.userId,
        rows: BOOK_ROWS,
      });

    // 4. Webhook events to a slow receiver, beside lookups and a portfolio run (monitoring-webhooks.ts).
    if (PARTS.has('webhooks'))
      ok &&= await benchWebhooks(db, {
        databaseUrl: url,
        organizationId: account.organizationId,
        userId: account.userId,
        books,
        events: EVENTS,
      });
  } finally {
    await close();
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await benchMonitoring()) ? 0 : 1;
