import { z } from 'zod';
import type { Db } from '../db/database.js';
import { recordPublishedAppeals } from '../domain/monitoring/books.js';
import { applyPendingChanges, rebaseAfterReruns, type ApplyOptions } from '../domain/monitoring/engine.js';
import { alertOnChanges } from '../domain/notifications/alerts.js';
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

export const MONITORING_SWEEP_MS = 30_000;

/** Records appeals published since, then applies every pending change with its alerts queued. */
export async function runMonitoringStep(db: Db, options: ApplyOptions = {}) {
  await recordPublishedAppeals(db);
  await rebaseAfterReruns(db);
  const applied = await applyPendingChanges(db, {
    onChanges: async (changes, _change, trx) => {
      await alertOnChanges(
        trx,
        changes.map((c) => c.id),
      );
    },
    ...options,
  });
  if (applied.length) currentLog().info({ applied }, 'world changes applied to monitored portfolios');
  return applied;
}

export async function startMonitoringWorker(
  db: Db,
  queue: JobQueue,
  options: { sweepMs?: number; apply?: ApplyOptions } = {},
) {
  await queue.work(monitoringApplyJob, async () => {
    await runMonitoringStep(db, options.apply);
  });
  await queue.send(monitoringApplyJob, [{}]);
  const timer = setInterval(
    () => void queue.send(monitoringApplyJob, [{}]).catch(() => {}),
    options.sweepMs ?? MONITORING_SWEEP_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** Queues the monitoring job (after a world change was recorded). */
export const queueMonitoring = (queue: JobQueue) => queue.send(monitoringApplyJob, [{}]);
