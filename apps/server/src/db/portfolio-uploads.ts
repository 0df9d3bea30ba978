import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * The SQL of portfolio uploads (domain/portfolio/uploads.ts and upload-cleanup.ts decide): what an
 * organisation's uploads use, an upload stored and found again, the orphans swept.
 */

/** What the organisation's uploads use now: bytes kept, and uploads in the last hour. */
export async function uploadUsage(db: Db, organizationId: number): Promise<{ bytes: number; lastHour: number }> {
  const row = await db
    .selectFrom('portfolio_uploads')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string>('size_bytes'), eb.val('0')).as('bytes'),
      eb.fn
        .count<string>('name')
        .filterWhere('created_at', '>', sql<Date>`now() - interval '1 hour'`)
        .as('last_hour'),
    ])
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), lastHour: Number(row.last_hour) };
}

export interface UploadRowInput {
  name: string;
  organizationId: number;
  userId: string;
  originalName: string;
  sizeBytes: number;
  delimiter: string;
  hasBom: boolean;
  encoding: string;
  header: string[];
}

export async function insertUpload(db: Db, upload: UploadRowInput): Promise<void> {
  await db
    .insertInto('portfolio_uploads')
    .values({
      name: upload.name,
      organization_id: upload.organizationId,
      user_id: upload.userId,
      original_name: upload.originalName,
      size_bytes: upload.sizeBytes,
      delimiter: upload.delimiter,
      has_bom: upload.hasBom,
      encoding: upload.encoding,
      header: JSON.stringify(upload.header),
    })
    .execute();
}

/** The organisation's upload of that name (a uuid), if any. */
export function findUploadRow(db: Db, organizationId: number, name: string) {
  return db
    .selectFrom('portfolio_uploads')
    .selectAll()
    .where('name', '=', name)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Deletes the uploads older than `orphanHours` that no portfolio uses; returns their names. */
export async function deleteOrphanUploads(db: Db, orphanHours: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('portfolio_uploads as u')
    .where('u.created_at', '<', sql<Date>`now() - make_interval(hours => ${orphanHours})`)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('portfolios as p').select('p.id').whereRef('p.uploaded_file_name', '=', 'u.name'))),
    )
    .returning('u.name')
    .execute();
  return rows.map((row) => row.name);
}
