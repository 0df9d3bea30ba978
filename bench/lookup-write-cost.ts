/**
 * What PostgreSQL spends on the lookups' group commit (issue 46), by batch size: the usage and
 * recent-lookup rows of N lookups (7 products each, as the lookup bench's organisation has)
 * written with `writeLookups` one batch after another from one connection, and PostgreSQL's CPU
 * (its whole process tree, /proc) per lookup, and what the worker's fold of that usage into the
 * billing rollup costs per lookup afterwards (migration 1901). Variants put back or leave out one
 * part at a time (per-row keys, the rollup in the commit, an index) on its scratch database, to
 * say what each part costs (WRITE_COST_VARIANTS=1).
 *   Run: WRITE_COST_CONCURRENCY=3 npx tsx bench/lookup-write-cost.ts
 *   (WRITE_COST_BATCHES per size, default 400; WRITE_COST_CONCURRENCY writers at once, default 1;
 *   WRITE_COST_USAGE_ROWS usage rows per lookup, 1 to 7, default 7)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import * as foldedLater from '../apps/server/src/db/migrations/1901_usage_rollup_folded_later.js';
import { foldUsage, writeLookups, type LookupWrite } from '../apps/server/src/db/usage.js';
import { createOrganization, createUser } from '../apps/server/test/factories.js';
import { measureCpu, postmasterPid } from './support/cpu-split.js';
import { loadavg } from './support/figures.js';

const BATCHES = Number(process.env.WRITE_COST_BATCHES ?? 400);
const SIZES = [1, 5, 10, 50];
const CONCURRENCY = Number(process.env.WRITE_COST_CONCURRENCY ?? 1);
const PRODUCTS = ['zfire', 'zproperty', 'zhail', 'zwind', 'zstorm', 'zwater', 'roof_age'];
/** Usage rows per lookup, one per product by default: what a ledger of fewer rows would save. */
const USAGE_ROWS = Math.min(PRODUCTS.length, Math.max(1, Number(process.env.WRITE_COST_USAGE_ROWS) || PRODUCTS.length));

const work = mkdtempSync(path.join(os.tmpdir(), 'zview-write-cost-'));
const pgDir = path.join(work, 'pg');
const embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: 0 });
const { db } = createDb(embedded.url, CONCURRENCY + 1);
try {
  await migrateToLatest(db);
  const org = await createOrganization(db, { name: 'Cost Mutual', products: PRODUCTS });
  const user = await createUser(db, { org });
  const lookupWrite = (i: number): LookupWrite => ({
    usage: PRODUCTS.slice(0, USAGE_ROWS).map((product) => ({
      organizationId: org.id,
      userId: user.id,
      product,
      channel: 'zview' as const,
      reference: `prop-${i % 20000}`,
    })),
    lookup: {
      organizationId: org.id,
      userId: user.id,
      location: `${i} Main Street, Springfield, IL 62701`,
      locationType: 'address',
      propertyId: `prop-${i % 20000}`,
      address: `${i} MAIN ST, SPRINGFIELD, IL 62701`,
      scores: PRODUCTS.map((product) => ({ product, score: 5, riskLevel: 'moderate' })),
    },
  });
  const postgres = () => [postmasterPid(pgDir)];
  // Warm: the prepared statement on the pool's connections, the tables' first pages.
  for (let i = 0; i < 50; i += 1) await writeLookups(db, [lookupWrite(i)]);
  // WAL written (bytes from the insert position): a figure the machine's load does not move.
  const wal = async () =>
    Number(
      (await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn AS lsn`.execute(db)).rows[0]!.lsn,
    );
  const run = async (label: string, sizes: number[]) => {
    console.log(`${label} (${BATCHES} batches each, load average ${loadavg()})`);
    for (const size of sizes) {
      const walBefore = await wal();
      const cpu = measureCpu({ postgres });
      const t0 = performance.now();
      // WRITE_COST_CONCURRENCY writers at once, as the API's group commits overlap (up to 3).
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, w) => {
          for (let b = w; b < BATCHES; b += CONCURRENCY)
            await writeLookups(
              db,
              Array.from({ length: size }, (_, i) => lookupWrite(b * size + i)),
            );
        }),
      );
      const wall = performance.now() - t0;
      const split = cpu();
      const walAfter = await wal();
      const lookups = BATCHES * size;
      const walBytes = (walAfter - walBefore) / lookups;
      console.log(
        `  batch ${String(size).padStart(2)}: PostgreSQL ${(split.trees.postgres! / lookups).toFixed(3)} ms CPU per lookup, ${(split.trees.postgres! / BATCHES).toFixed(3)} ms per batch; wall ${(wall / BATCHES).toFixed(2)} ms per batch; client ${((split.main + split.helpers) / lookups).toFixed(3)} ms per lookup; WAL ${walBytes.toFixed(0)} bytes per lookup`,
      );
    }
  };
  await run('group-commit cost by batch size', SIZES);
  // WRITE_COST_VARIANTS=1: the same with one part after another removed (a scratch database).
  if (process.env.WRITE_COST_VARIANTS) {
    const ddl = (statement: string) => async () => void (await sql.raw(statement).execute(db));
    const steps: [string, () => Promise<void>][] = [
      [
        'with the per-row organisation key of before migration 1860',
        ddl(
          'ALTER TABLE usage_events ADD CONSTRAINT usage_events_organization_id_fkey FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE CASCADE',
        ),
      ],
      ['without it again, as now', ddl('ALTER TABLE usage_events DROP CONSTRAINT usage_events_organization_id_fkey')],
      [
        "with property_lookups' per-row keys of before migration 1900",
        ddl(
          'ALTER TABLE property_lookups ADD CONSTRAINT property_lookups_organization_id_fkey FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE CASCADE, ADD CONSTRAINT property_lookups_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL',
        ),
      ],
      [
        'without them again, as now',
        ddl(
          'ALTER TABLE property_lookups DROP CONSTRAINT property_lookups_organization_id_fkey, DROP CONSTRAINT property_lookups_user_id_fkey',
        ),
      ],
      // Migration 1901 taken back: the rollup kept by 0501's trigger in the writer's statement.
      ['with the rollup in the commit, as before migration 1901', () => foldedLater.down(db as never)],
      ['folded later again, as now', () => foldedLater.up(db as never)],
      ['and without property_lookups_org_time_idx', ddl('DROP INDEX property_lookups_org_time_idx')],
    ];
    for (const [label, change] of steps) {
      await change();
      await run(label, [1, 5, 10]);
    }
  }
  // What the worker's fold (jobs/usage-fold.ts) costs PostgreSQL per lookup it folds.
  const unfolded = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM usage_events WHERE xid >= (SELECT watermark FROM usage_fold)`.execute(db);
  const foldCpu = measureCpu({ postgres });
  const t0 = performance.now();
  await foldUsage(db);
  const foldMs = performance.now() - t0;
  const foldSplit = foldCpu();
  const foldedLookups = Number(unfolded.rows[0]!.n) / USAGE_ROWS;
  console.log(
    `  the fold of ${foldedLookups} lookups' usage: PostgreSQL ${((foldSplit.trees.postgres! / foldedLookups) * 1000).toFixed(2)} µs CPU per lookup, wall ${foldMs.toFixed(0)} ms`,
  );
  const indexes = await sql<{ indexname: string; tablename: string }>`
    SELECT indexname, tablename FROM pg_indexes WHERE tablename IN ('usage_events', 'property_lookups', 'usage_rollup')`.execute(
    db,
  );
  console.log(`  indexes: ${indexes.rows.map((r) => `${r.tablename}.${r.indexname}`).join(', ')}`);
  const triggers = await sql<{ tgname: string; relname: string }>`
    SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relname IN ('usage_events', 'property_lookups') AND NOT t.tgisinternal`.execute(db);
  console.log(`  triggers: ${triggers.rows.map((r) => `${r.relname}.${r.tgname}`).join(', ')}`);
} finally {
  await db.destroy();
  await embedded.stop();
  rmSync(work, { recursive: true, force: true });
}
