import { z } from 'zod';
import type { Db } from '../db/database.js';
import { cleanUploads } from '../domain/portfolio/upload-cleanup.js';
import type { BlobStore } from '../storage/blob-store.js';
import { defineJob, type JobQueue } from './queue.js';

/** Hourly: deletes uploads no portfolio used within PORTFOLIO_ORPHAN_HOURS, and stale .partial blobs (issue 12). */
export const uploadCleanupJob = defineJob({
  id: 'portfolio-upload-cleanup',
  version: 1,
  schema: z.object({}),
  expireInSeconds: 600,
  retryLimit: 2,
  retryDelaySeconds: 300,
});

const HOUR = 3600;

export async function startUploadCleanup(
  queue: JobQueue,
  deps: { db: Db; blobs: BlobStore; blobRoot?: string },
  options: { orphanHours: number },
) {
  await queue.work(uploadCleanupJob, async () => {
    await cleanUploads(deps, { orphanHours: options.orphanHours });
    await queue.sendThrottled(uploadCleanupJob, {}, { seconds: HOUR, key: 'next', startAfterSeconds: HOUR });
  });
  await queue.sendThrottled(uploadCleanupJob, {}, { seconds: HOUR, key: 'next' });
}
