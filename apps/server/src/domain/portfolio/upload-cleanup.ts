import { promises as fs, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database.js';
import { deleteOrphanUploads } from '../../db/portfolio-uploads.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { uploadBlobKey } from './uploads.js';

/**
 * Deletes what uploads leave behind (issue 12): uploads no portfolio uses after `orphanHours`
 * (row and blob), and half-written `.partial` blobs older than an hour under the local blob
 * folder (a process killed mid-upload). Idempotent; run by a scheduled job.
 */
export async function cleanUploads(
  deps: { db: Db; blobs: BlobStore; blobRoot?: string },
  options: { orphanHours: number; partialMaxAgeMs?: number; now?: number },
): Promise<{ orphans: number; partials: number }> {
  const orphaned = await deleteOrphanUploads(deps.db, options.orphanHours);
  for (const name of orphaned) await deps.blobs.delete(uploadBlobKey(name));
  const partials = deps.blobRoot
    ? await removePartials(deps.blobRoot, (options.now ?? Date.now()) - (options.partialMaxAgeMs ?? 3600_000))
    : 0;
  return { orphans: orphaned.length, partials };
}

async function removePartials(dir: string, olderThan: number): Promise<number> {
  let removed = 0;
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removed += await removePartials(full, olderThan);
    else if (entry.name.includes('.partial-') && (await fs.stat(full)).mtimeMs < olderThan) {
      await fs.rm(full, { force: true });
      removed += 1;
    }
  }
  return removed;
}
