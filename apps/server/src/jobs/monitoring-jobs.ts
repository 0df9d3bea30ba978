import { z } from 'zod';
import type { Db } from '../db/database.js';
import { recordPublishedAppeals } from '../domain/monitoring/books.js';
import { applyPendingChanges, rebaseAfterReruns, type ApplyOptions } from '../domain/monitoring/engine.js';
import { placeBookRows, type PlaceOptions } from '../domain/monitoring/book-rows.js';
import { alertOnChanges } from '../domain/notifications/alerts.js';
import { idlePlacings } from '../db/monitored-rows-placement.js';
import { currentLog } from '../ops/logger.js';
import { defineJob, type JobQueue } from './queue.js';

/**
 * Monitored portfolios (issue 41): one job applies every pending world change, oldest first
 * (domain/monitoring/engine.ts; one applier at a time through an advisory lock, so a second job
 * running at once returns at once and the changes still apply in order). Whoever records a
 * change queues it; a worker also sends it when it starts and every half minute, which picks up
 * appeals published since (read from appeal_score_versions) and changes recorded by a process
 * that could not queue.
 */
export const monitoringApplyJob = defineJob({
  id: 'monitoring-apply',
  version: 1,
  schema: z.object({}),
  expireInSeconds: 15 * 60,
  retryLimit: 5,
  retryDelaySeconds: 10,
});

/**
 * The placing of a monitored book's rows SQL could not place (domain/monitoring/book-rows.ts):
 * queued by the switch-on (and a rebase), a bounded number of pages per job, queued again for
 * the rest, so one job never holds a worker past its expiry; a placing left idle (a worker killed)
 * is queued again by the sweep.
 */
export const monitoringPlaceJob = defineJob({
  id: 'monitoring-place',
  version: 1,
  schema: z.object({ portfolioId: z.number().int(), product: z.string() }),
  expireInSeconds: 15 * 60,
  retryLimit: 5,
  retryDelaySeconds: 10,
});

export const MONITORING_SWEEP_MS = 30_000;
/** Pages (of 2,000 rows) per placing job: about a minute of geocoding on a busy machine. */
const PLACE_PAGES_PER_JOB = 25;
/** A placing with no page placed for this long has no job working on it. */
const PLACING_IDLE_SECONDS = 120;

/** Alerts for the changes recorded, in their transaction. */
const withAlerts = (options: ApplyOptions): ApplyOptions => ({
  onChanges: async (changes, _change, trx) => {
    await alertOnChanges(
      trx,
      changes.map((c) => c.id),
    );
  },
  ...options,
});

/**
 * Records appeals published since, rebases books rerun since (their rows SQL cannot place left to
 * the placing job, queued when a queue is given), then applies every pending change with its
 * alerts queued.
 */
export async function runMonitoringStep(db: Db, options: ApplyOptions = {}, queue?: JobQueue) {
  await recordPublishedAppeals(db);
  const rebased = await rebaseAfterReruns(db);
  if (queue) await queue.send(monitoringPlaceJob, rebased);
  const applied = await applyPendingChanges(db, withAlerts(options));
  if (applied.length) currentLog().info({ applied }, 'world changes applied to monitored portfolios');
  return applied;
}

/** Places pages of a book's rows; queues itself again while rows are left. */
export async function runPlacingStep(
  db: Db,
  book: { portfolioId: number; product: string },
  options: PlaceOptions = {},
  queue?: JobQueue,
) {
  const outcome = await placeBookRows(db, book, {
    maxPages: PLACE_PAGES_PER_JOB,
    ...options,
    apply: withAlerts(options.apply ?? {}),
  });
  if (outcome.joined) currentLog().info({ ...book, ...outcome }, 'monitored rows placed');
  if (!outcome.done && queue) await queue.send(monitoringPlaceJob, [book]);
  return outcome;
}

/** Queues the placing of a monitored book's rows (after its switch-on). */
export const queuePlacing = (queue: JobQueue, book: { portfolioId: number; product: string }) =>
  queue.send(monitoringPlaceJob, [book]);

/** The placing worker alone (tests start it without the sweep of world changes). */
export async function startPlacingWorker(db: Db, queue: JobQueue, options: PlaceOptions = {}) {
  await queue.work(monitoringPlaceJob, async (book) => {
    await runPlacingStep(db, book, options, queue);
  });
}

export async function startMonitoringWorker(
  db: Db,
  queue: JobQueue,
  options: { sweepMs?: number; apply?: ApplyOptions } = {},
) {
  await queue.work(monitoringApplyJob, async () => {
    await runMonitoringStep(db, options.apply, queue);
  });
  await startPlacingWorker(db, queue, options.apply ? { apply: options.apply } : {});
  const sweep = async () => {
    await queue.send(monitoringApplyJob, [{}]);
    await queue.send(monitoringPlaceJob, await idlePlacings(db, PLACING_IDLE_SECONDS));
  };
  await sweep();
  const timer = setInterval(() => void sweep().catch(() => {}), options.sweepMs ?? MONITORING_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Queues the monitoring job (after a world change was recorded). */
export const queueMonitoring = (queue: JobQueue) => queue.send(monitoringApplyJob, [{}]);
