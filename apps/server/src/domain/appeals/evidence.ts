import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppealStatus } from '@zview/contracts';
import { findAppeal, findEvidence, insertAppealEvent, insertEvidence } from '../../db/appeals.js';
import type { Db } from '../../db/database.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { conflict, notFound } from '../app-error.js';
import { NO_APPEAL, type AppealActor } from './service.js';
import { isOpen } from './state-machine.js';

/**
 * Evidence of appeals and mitigation requests (photos, PDFs): what we accept, attaching a file to
 * an open appeal (recorded in its audit trail), and reading it back, always within the
 * organisation acted for.
 */

/** Evidence types we accept, recognised by their first bytes (the declared type must agree). */
const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/jpeg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { type: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

export function sniffEvidenceType(head: Buffer): string | null {
  return SIGNATURES.find((s) => s.test(head))?.type ?? null;
}

/** Attaches an evidence file (already type- and size-checked by the caller's reader) to an open appeal of the organisation. */
export async function addEvidence(
  db: Db,
  blobs: BlobStore,
  actor: AppealActor,
  appealId: number,
  file: { fileName: string; mediaType: string; data: Buffer },
) {
  const appeal = await findAppeal(db, actor.organizationId, appealId);
  if (!appeal) throw notFound(NO_APPEAL);
  if (!isOpen(appeal.status as AppealStatus))
    throw conflict(`This appeal is ${appeal.status.replace('_', ' ')}: evidence can be added only while it is open.`);
  const key = `appeals/${actor.organizationId}/${appealId}/${randomUUID()}`;
  const size = await blobs.write(key, Readable.from([file.data]));
  const fileName = file.fileName.replace(/[^\w .()-]/g, '_').slice(0, 200) || 'evidence';
  const row = await db.transaction().execute(async (trx) => {
    const created = await insertEvidence(trx, {
      appealId,
      organizationId: actor.organizationId,
      fileName,
      mediaType: file.mediaType,
      sizeBytes: size,
      blobKey: key,
      uploadedBy: actor.userId,
    });
    await insertAppealEvent(trx, {
      appealId,
      organizationId: actor.organizationId,
      propertyId: appeal.property_id,
      product: appeal.product,
      action: 'evidence_added',
      fromStatus: appeal.status,
      toStatus: appeal.status,
      actorId: actor.userId,
      actorEmail: actor.email,
      details: { evidenceId: created.id, fileName, mediaType: file.mediaType, sizeBytes: size },
    });
    return created;
  });
  return (await findEvidence(db, actor.organizationId, appealId, row.id))!;
}

export async function readEvidence(
  db: Db,
  blobs: BlobStore,
  actor: AppealActor,
  appealId: number,
  evidenceId: number,
): Promise<{ stream: Readable; mediaType: string; fileName: string; size: number }> {
  const evidence = await findEvidence(db, actor.organizationId, appealId, evidenceId);
  if (!evidence) throw notFound('No such evidence file.');
  return {
    stream: blobs.read(evidence.blob_key),
    mediaType: evidence.media_type,
    fileName: evidence.file_name,
    size: evidence.size_bytes,
  };
}
