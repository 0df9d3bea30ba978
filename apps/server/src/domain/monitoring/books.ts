import { PORTFOLIO_PRODUCTS } from '@zview/contracts';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/database.js';
import {
  appealVersionsAfter,
  countMonitoredRows,
  deleteMonitoredProduct,
  findMonitoredProducts,
  insertMonitoredProduct,
  insertWorldChange,
  lastAppealVersionRecorded,
  setMonitoredPinned,
  waitForApplier,
  type NewWorldChange,
} from '../../db/monitoring.js';
import type { PortfolioWork } from '../portfolio/services.js';
import { badRequest, conflict, notFound } from '../app-error.js';
import { ownProduct, ownPortfolio } from '../portfolio/access.js';
import { takeApplierSlot } from './applier-waits.js';
import { settleCopiedBook } from './engine.js';

/** What the UI and the API say of a pinned book (SPEC has no words for it; these are ours). */
export const PINNED_NOTE =
  'Pinned: this book keeps its model version and imagery; only appeals and corrections change it.';

/** What the API says when a switch-on waited too long for a world change being applied (ours too). */
export const APPLYING_NOTE =
  'World changes are being applied to monitored books right now; try switching monitoring on again in a minute.';

/**
 * How long a switch-on waits for a world change being applied to finish (a capture over 10,000
 * properties of 1M-row books took 4 s on a quiet machine; a model release over every book, longer),
 * from the request's start: a wait for a slot (applier-waits.ts) counts.
 */
const APPLIER_WAIT_MS = 15_000;

/** What the UI and the API say of a book whose rows the worker is still placing (ours too). */
export const PLACING_NOTE = 'Rows are still being placed on properties: they join the book as they are placed.';

export interface MonitoringState {
  product: string;
  monitored: boolean;
  pinned: boolean;
  since: string | null;
  rows: number;
  note: string | null;
  /** While the worker places the rows SQL could not place: how far it has checked the run's rows. */
  placing: { rowsChecked: number; rowsTotal: number } | null;
}

const placingOf = (m: { placing_run_id: number | null; placing_after: number; placing_last_row: number | null }) =>
  m.placing_run_id === null ? null : { rowsChecked: m.placing_after, rowsTotal: m.placing_last_row ?? 0 };

/** The monitoring state of every product of a portfolio of the actor's organisation. */
export async function monitoringOf(db: Db, actor: Actor, portfolioId: number): Promise<MonitoringState[]> {
  await ownPortfolio(db, actor, portfolioId);
  const monitored = await findMonitoredProducts(db, portfolioId);
  return Promise.all(
    monitored.map(async (m) => ({
      product: m.product,
      monitored: true,
      pinned: m.pinned,
      since: m.enabled_at.toISOString(),
      rows: await countMonitoredRows(db, portfolioId, m.product),
      note:
        [m.pinned ? PINNED_NOTE : null, m.placing_run_id !== null ? PLACING_NOTE : null].filter(Boolean).join(' ') ||
        null,
      placing: placingOf(m),
    })),
  );
}

/**
 * Switches a product of a portfolio to monitored (from its current, finished run) or changes its
 * pin, or switches it off. A product never scored cannot be monitored yet (409). Switching on
 * copies in one statement the rows SQL places and leaves the rest to the worker (`work.placeMonitoredRows`
 * queues it): the answer says the book is still placing, and how far.
 */
export async function setMonitoring(
  deps: { db: Db; work: Pick<PortfolioWork, 'placeMonitoredRows'>; applierWaitMs?: number },
  actor: Actor,
  portfolioId: number,
  product: string,
  wanted: { monitored: boolean; pinned?: boolean },
): Promise<MonitoringState> {
  const { db } = deps;
  const deadline = Date.now() + (deps.applierWaitMs ?? APPLIER_WAIT_MS);
  if (!(PORTFOLIO_PRODUCTS as readonly string[]).includes(product))
    throw badRequest(`Unknown portfolio product: ${product}.`);
  const { product: row } = await ownProduct(db, actor, portfolioId, product, 'portfolio:write');
  const existing = (await findMonitoredProducts(db, portfolioId)).find((m) => m.product === product);
  if (!wanted.monitored) {
    if (existing) await deleteMonitoredProduct(db, portfolioId, product);
    return { product, monitored: false, pinned: false, since: null, rows: 0, note: null, placing: null };
  }
  if (existing) {
    if (wanted.pinned !== undefined && wanted.pinned !== existing.pinned)
      await setMonitoredPinned(db, portfolioId, product, wanted.pinned);
  } else {
    if (row.current_run_id === null || row.status === 'IN_PROGRESS' || row.status === 'UPLOADED')
      throw conflict('This portfolio product has no finished run yet, so it cannot be monitored.');
    const runId = row.current_run_id;
    // The slot is taken before the transaction's connection and kept until it ends (applier-waits.ts).
    const release = await takeApplierSlot(deadline);
    if (!release) throw conflict(APPLYING_NOTE);
    const placing = await db
      .transaction()
      .execute(async (trx) => {
        // No change is applied while the book is copied: one applied meanwhile would reach the rows
        // on the properties of its pages still to come and miss the others (a book is all or none).
        if (!(await waitForApplier(trx, deadline - Date.now()))) throw conflict(APPLYING_NOTE);
        // A switch-on of the same product that committed while this one waited: the same book.
        if ((await findMonitoredProducts(trx, portfolioId)).some((m) => m.product === product)) return false;
        const copiedWithScore = await insertMonitoredProduct(trx, {
          portfolioId,
          product,
          organizationId: actor.organization.id,
          pinned: wanted.pinned ?? false,
          runId,
          userId: actor.userId,
        });
        return settleCopiedBook(trx, { portfolioId, product, runId }, copiedWithScore);
      })
      .finally(release);
    if (placing) await deps.work.placeMonitoredRows({ portfolioId, product });
  }
  const state = (await monitoringOf(db, actor, portfolioId)).find((m) => m.product === product);
  if (!state) throw notFound();
  return state;
}

/** Records a world change for the monitoring job (the caller queues the job). */
export async function recordWorldChange(db: Db, change: NewWorldChange): Promise<string> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(change.occurredOn)) throw badRequest('The date must be YYYY-MM-DD.');
  return insertWorldChange(db, change);
}

/**
 * Turns appeal versions published since the last one seen into world changes of their
 * organisation, property and product (cause id `<appeal>:<version>`): the appeals code is not
 * touched, the monitoring job reads what it publishes. Returns how many were recorded.
 */
export async function recordPublishedAppeals(db: Db): Promise<number> {
  let recorded = 0;
  for (let after = await lastAppealVersionRecorded(db); ;) {
    const versions = await appealVersionsAfter(db, after);
    if (!versions.length) return recorded;
    for (const v of versions) {
      await insertWorldChange(db, {
        cause: 'appeal',
        causeId: `${v.appeal_id}:${v.id}`,
        description: `Appeal ${v.appeal_id} published`,
        organizationId: v.organization_id,
        product: v.product,
        occurredOn: v.published_at.toISOString().slice(0, 10),
        propertyIds: [v.property_id],
      });
      recorded += 1;
      after = v.id;
    }
  }
}
