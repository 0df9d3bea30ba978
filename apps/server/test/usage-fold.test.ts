import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { annualUsage, batchWork, quarterlyUsage } from '../src/db/billing.js';
import * as foldedLater from '../src/db/migrations/1901_usage_rollup_folded_later.js';
import { foldUsage, recordUsage, UsageWriter, type LookupWrite } from '../src/db/usage.js';
import { startUsageFold, USAGE_FOLD_MS } from '../src/jobs/usage-fold.js';
import { createDb } from '../src/db/database.js';
import { loadConfig } from '../src/config.js';
import { startProductionPortfolioWorker } from '../src/jobs/portfolio-worker.js';
import { createLogger, requestContext } from '../src/ops/logger.js';
import { useTestDatabase } from './database.js';
import { createOrganization, createUser } from './factories.js';

/**
 * The billing rollup folded after the writers' commits (migration 1901): billing reads the rollup
 * plus the ledger's rows not folded yet, so every figure equals the ledger's at every moment,
 * before, during and after folds, through deletions and updates of folded and unfolded rows.
 */
const { db, url } = await useTestDatabase();

/** The organisation's usage per product and channel, from the ledger itself and from what billing reads. */
async function ledgerAndTotals(organizationId: number) {
  const ledger = await sql<{ key: string; quantity: string }>`
    SELECT split_part(product, '|', 1) || '/' || channel AS key, sum(quantity)::text AS quantity
    FROM usage_events WHERE organization_id = ${organizationId} GROUP BY 1 HAVING sum(quantity) <> 0 ORDER BY 1`.execute(
    db,
  );
  const totals = await sql<{ key: string; quantity: string }>`
    SELECT product || '/' || channel AS key, sum(quantity)::text AS quantity
    FROM usage_totals WHERE organization_id = ${organizationId} GROUP BY 1 HAVING sum(quantity) <> 0 ORDER BY 1`.execute(
    db,
  );
  return { ledger: ledger.rows, totals: totals.rows };
}

/** Rows of the organisation's totals not folded yet (the view's tail). */
async function unfolded(organizationId: number) {
  return db
    .selectFrom('usage_totals')
    .select('quantity')
    .where('organization_id', '=', organizationId)
    .where('slot', '=', -1)
    .execute();
}

/** Folds until the organisation has nothing left unfolded (other test files' open transactions may hold a fold back a moment). */
async function foldAll(organizationId: number) {
  await vi.waitFor(
    async () => {
      await foldUsage(db);
      expect(await unfolded(organizationId)).toEqual([]);
    },
    { timeout: 15_000, interval: 50 },
  );
}

const at = (iso: string) => new Date(iso);

describe('usage folded into the billing rollup after the commit', () => {
  it('gives the same billing figures before and after a fold, and a fold moves the rows into the rollup', async () => {
    const org = await createOrganization(db, { name: 'Fold Mutual', products: ['zfire', 'zhail'] });
    await db
      .insertInto('agreements')
      .values({
        organization_id: org.id,
        product: 'zfire',
        contract_start: '2025-01-01',
        committed_annual_volume: 1000,
      })
      .execute();
    await db
      .insertInto('usage_events')
      .values([
        {
          organization_id: org.id,
          user_id: null,
          product: 'zfire',
          channel: 'zview',
          occurred_at: at('2025-02-01T10:00:00Z'),
        },
        {
          organization_id: org.id,
          user_id: null,
          product: 'zfire',
          channel: 'api',
          quantity: 4,
          occurred_at: at('2025-05-01T10:00:00Z'),
        },
        {
          organization_id: org.id,
          user_id: null,
          product: 'zfire',
          channel: 'portfolio',
          reference: 'Batch F',
          quantity: 30,
          occurred_at: at('2025-06-01T10:00:00Z'),
        },
      ])
      .execute();
    const figures = async () => ({
      annual: await annualUsage(db, org.id, '2025-12-31'),
      quarterly: await quarterlyUsage(db, org.id, '2025-12-31'),
      batches: await batchWork(db, org.id),
    });
    const before = await figures();
    expect(before.annual).toEqual([expect.objectContaining({ product: 'zfire', usage: 35 })]);
    expect(before.batches).toEqual([expect.objectContaining({ batch_name: 'Batch F', no_of_addresses: 30 })]);
    expect(await unfolded(org.id)).not.toEqual([]);
    const rollupRows = () =>
      db.selectFrom('usage_rollup').select('quantity').where('organization_id', '=', org.id).execute();
    expect(await rollupRows()).toEqual([]);

    await foldAll(org.id);
    expect(await figures()).toEqual(before);
    expect((await rollupRows()).map((r) => Number(r.quantity)).sort((a, b) => a - b)).toEqual([1, 4, 30]);
    // Folding again changes nothing.
    await foldUsage(db);
    expect(await figures()).toEqual(before);
  });

  it('keeps billing equal to the ledger while lookups write and folds run at the same time', async () => {
    const org = await createOrganization(db, { name: 'Busy Fold Mutual' });
    const user = await createUser(db, { org });
    const writer = new UsageWriter(db);
    const write = (i: number): LookupWrite => ({
      usage: ['zfire', 'zhail', 'zwind'].map((product) => ({
        organizationId: org.id,
        userId: user.id,
        product,
        channel: 'zview' as const,
        reference: `fold-${i}`,
      })),
    });
    const folds: Promise<number>[] = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 200; i += 1) {
      writes.push(writer.write(write(i)));
      if (i % 20 === 0) folds.push(foldUsage(db));
      if (i % 50 === 0) await Promise.all(writes.splice(0));
    }
    await Promise.all([...writes, ...folds, writer.close()]);
    const expected = ['zfire/zview', 'zhail/zview', 'zwind/zview'].map((key) => ({ key, quantity: '200' }));
    expect(await ledgerAndTotals(org.id)).toEqual({ ledger: expected, totals: expected });
    await foldAll(org.id);
    expect(await ledgerAndTotals(org.id)).toEqual({ ledger: expected, totals: expected });
  });

  it('the worker’s fold moves new usage into the rollup on its own', async () => {
    const org = await createOrganization(db, { name: 'Ticking Fold Mutual' });
    await recordUsage(db, [
      { organizationId: org.id, userId: null, product: 'zfire', channel: 'api', reference: 't-1' },
    ]);
    expect(await unfolded(org.id)).not.toEqual([]);
    const stop = startUsageFold(db, { everyMs: 20 });
    try {
      await vi.waitFor(async () => expect(await unfolded(org.id)).toEqual([]), { timeout: 15_000, interval: 50 });
    } finally {
      await stop();
    }
    expect(
      await db.selectFrom('usage_rollup').select('quantity').where('organization_id', '=', org.id).execute(),
    ).toEqual([{ quantity: 1 }]);
  });

  it('keeps billing equal to the ledger through deletes and updates of folded and unfolded rows', async () => {
    const org = await createOrganization(db, { name: 'Correcting Mutual' });
    const record = (product: string, reference: string) =>
      recordUsage(db, [{ organizationId: org.id, userId: null, product, channel: 'zview', reference }]);
    await record('zfire', 'folded-1');
    await record('zhail', 'folded-2');
    await record('zhail', 'folded-3');
    await foldAll(org.id);
    await record('zfire', 'tail-1');
    await record('zhail', 'tail-2');
    const same = async () => {
      const { ledger, totals } = await ledgerAndTotals(org.id);
      expect(totals).toEqual(ledger);
      return ledger;
    };
    expect(await same()).toEqual([
      { key: 'zfire/zview', quantity: '2' },
      { key: 'zhail/zview', quantity: '3' },
    ]);
    // One folded and one unfolded row deleted; one of each moved to another product.
    await db.deleteFrom('usage_events').where('reference', 'in', ['folded-2', 'tail-2']).execute();
    await db
      .updateTable('usage_events')
      .set({ product: 'zwind' })
      .where('reference', 'in', ['folded-1', 'tail-1'])
      .execute();
    expect(await same()).toEqual([
      { key: 'zhail/zview', quantity: '1' },
      { key: 'zwind/zview', quantity: '2' },
    ]);
    await foldAll(org.id);
    expect(await same()).toEqual([
      { key: 'zhail/zview', quantity: '1' },
      { key: 'zwind/zview', quantity: '2' },
    ]);
  });

  it('deleting an organisation leaves nothing of its usage in billing, folded or not', async () => {
    const org = await createOrganization(db, { name: 'Closing Fold Mutual' });
    const record = (reference: string) =>
      recordUsage(db, [{ organizationId: org.id, userId: null, product: 'zfire', channel: 'api', reference }]);
    await record('closing-1');
    await foldAll(org.id);
    await record('closing-2');
    await db.deleteFrom('organizations').where('id', '=', org.id).execute();
    await foldUsage(db);
    expect(
      await db.selectFrom('usage_totals').select('quantity').where('organization_id', '=', org.id).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('usage_events').select('id').where('organization_id', '=', org.id).execute()).toEqual(
      [],
    );
  });

  it('migration 1901 goes back to the rollup in the writer’s statement, keeping the figures, and forward again', async () => {
    const org = await createOrganization(db, { name: 'Migrating Fold Mutual' });
    await recordUsage(db, [
      { organizationId: org.id, userId: null, product: 'zfire', channel: 'api', reference: 'm-1' },
    ]);
    await foldAll(org.id);
    await recordUsage(db, [
      { organizationId: org.id, userId: null, product: 'zhail', channel: 'api', reference: 'm-2' },
    ]);
    const rollup = () =>
      sql<{ key: string; quantity: string }>`
        SELECT product || '/' || channel AS key, sum(quantity)::text AS quantity
        FROM usage_rollup WHERE organization_id = ${org.id} GROUP BY 1 ORDER BY 1`.execute(db);
    const both = [
      { key: 'zfire/api', quantity: '1' },
      { key: 'zhail/api', quantity: '1' },
    ];
    await foldedLater.down(db as never);
    // The unfolded row went into the rollup, and the trigger of 0501 keeps it from here.
    expect((await rollup()).rows).toEqual(both);
    await recordUsage(db, [
      { organizationId: org.id, userId: null, product: 'zhail', channel: 'api', reference: 'm-3' },
    ]);
    expect((await rollup()).rows).toEqual([both[0], { key: 'zhail/api', quantity: '2' }]);
    await foldedLater.up(db as never);
    expect(await ledgerAndTotals(org.id)).toEqual({
      ledger: [both[0], { key: 'zhail/api', quantity: '2' }],
      totals: [both[0], { key: 'zhail/api', quantity: '2' }],
    });
  });
});

describe("the fold's lifecycle", () => {
  /** Starts a fold every 5 ms on a Db of its own, its lines captured (the ticks log through the context they started in). */
  function foldWithCapturedLog() {
    const lines: string[] = [];
    const log = createLogger({ stream: { write: (line: string) => void lines.push(line) } });
    const own = createDb(url, 1).db;
    const stop = requestContext.run({ requestId: 'fold-test', log }, () => startUsageFold(own, { everyMs: 5 }));
    const warnings = () => lines.filter((line) => line.includes('usage could not be folded'));
    return { own, stop, warnings };
  }

  it('logs no warning when its Db is destroyed after its stop, even with a fold in flight', async () => {
    const { own, stop, warnings } = foldWithCapturedLog();
    // Folds are running back to back: the stop lands on one in flight most of the time.
    await new Promise((resolve) => setTimeout(resolve, 60));
    await stop();
    await own.destroy();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(warnings()).toEqual([]);
  });

  it(
    "is stopped by the production worker's stop: its Db destroyed after it meets no fold",
    { timeout: 60_000 },
    async () => {
      const lines: string[] = [];
      const log = createLogger({ stream: { write: (line: string) => void lines.push(line) } });
      const own = createDb(url, 4).db;
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zview-fold-'));
      const config = loadConfig({ PORT: '0', DATABASE_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'false' });
      try {
        // The fold's ticks log through the context they were started in.
        const worker = await requestContext.run({ requestId: 'fold-test', log }, () =>
          startProductionPortfolioWorker(config, own, url),
        );
        await new Promise((resolve) => setTimeout(resolve, 2 * USAGE_FOLD_MS));
        await worker.stop({ graceful: true, timeoutMs: 5_000 });
        await own.destroy();
        // Ticks that outlived the Db would each meet "driver has already been destroyed".
        await new Promise((resolve) => setTimeout(resolve, 4 * USAGE_FOLD_MS));
        expect(lines.filter((line) => line.includes('usage could not be folded'))).toEqual([]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
