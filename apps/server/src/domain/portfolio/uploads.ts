import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter, type UploadCheck } from '@zview/contracts';
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../../db/database.js';
import { findUploadRow, insertUpload, uploadUsage } from '../../db/portfolio-uploads.js';
import { badRequest, notFound, payloadTooLarge, tooManyRequests } from '../app-error.js';
import type { BlobStore } from '../../storage/blob-store.js';
import {
  describeMapping,
  FIELD_LABELS,
  mapColumns,
  NO_USABLE_COLUMN_MESSAGE,
  readRow,
  type ColumnMapping,
  type RecognisedField,
} from './columns.js';
import {
  type Delimiter,
  ENCODING_LABELS,
  encodingFromBom,
  readCsv,
  SNIFF_BYTES,
  sniffCsv,
  type TextEncodingName,
} from './io/index.js';
import { mappingInput } from './mapping/resolve.js';
import type { ChosenMapping } from './mapping/saved.js';

export const uploadBlobKey = (name: string) => `uploads/${name}`;

export interface StoredUpload {
  name: string;
  organizationId: number;
  originalName: string;
  sizeBytes: number;
  delimiter: Delimiter;
  hasBom: boolean;
  header: string[];
  /** The text encoding the file was read in (issue 12). */
  encoding: TextEncodingName;
}

async function readHead(blobs: BlobStore, key: string, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of blobs.read(key, { start: 0, end: Math.max(0, Math.min(size, SNIFF_BYTES) - 1) }))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Checks that a byte stream is UTF-8 as it passes (issue 12), so the stored upload is never read a
 * second time to find its encoding: node's isUtf8 on each chunk (no strings made), with a sequence
 * cut at a chunk's end carried into the next. Reading a 92 MB upload once more with a fatal
 * TextDecoder doubled the time to store it (bench/upload-encoding.ts).
 */
export class Utf8Check {
  private carry: Buffer = Buffer.alloc(0);
  private valid = true;

  push(chunk: Buffer): void {
    if (!this.valid) return;
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    // Hold back a multi-byte sequence the chunk cuts: its lead byte is among the last 4.
    let end = bytes.length;
    let lead = end - 1;
    while (lead >= 0 && end - lead < 4 && (bytes[lead]! & 0xc0) === 0x80) lead--;
    if (lead >= 0) {
      const b = bytes[lead]!;
      const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      if (end - lead < length) end = lead;
    }
    this.valid = isUtf8(bytes.subarray(0, end));
    this.carry = Buffer.from(bytes.subarray(end));
  }

  /** Whether every byte pushed was UTF-8 (a sequence cut at the very end is not). */
  end(): boolean {
    return this.valid && this.carry.length === 0;
  }
}

/** The stream with every chunk shown to `check` on its way through (errors of the source pass on as they are). */
export function observed(source: Readable, check: Utf8Check): Readable {
  async function* chunks() {
    for await (const chunk of source) {
      check.push(chunk as Buffer);
      yield chunk as Buffer;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * The file's text encoding: a byte-order mark names it; otherwise UTF-8 when every byte was UTF-8
 * (checked as the file was stored, so an accent after the first megabytes counts too), else
 * Windows-1252 (what spreadsheet programs write; every byte is a character of it, Latin-1
 * included). Ingest then decodes the file as a stream with a fatal decoder of that encoding.
 */
function encodingOf(head: Uint8Array, utf8: boolean): TextEncodingName {
  const bom = encodingFromBom(head);
  if (bom && bom !== 'utf-8') return bom;
  return utf8 || bom ? 'utf-8' : 'windows-1252';
}

async function readHeader(
  source: Readable,
  delimiter: Delimiter,
  encoding: TextEncodingName,
): Promise<string[] | null> {
  try {
    for await (const item of readCsv(source, delimiter, encoding)) {
      if ('header' in item) return item.header;
    }
    return null;
  } finally {
    source.destroy();
  }
}

/**
 * Stores an uploaded file under a generated name (the user's file name is kept only as data),
 * then checks it is a CSV with at least one column that locates a property. A file that is not
 * is deleted again and refused with a message saying why.
 */
export interface UploadLimits {
  /** Bytes of uploads an organisation may keep (used or not yet deleted). */
  quotaBytes: number;
  /** Uploads an organisation may make in an hour. */
  uploadsPerHour: number;
}

const megabytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024 / 1024))} MB`;

function quotaExceeded(limits: UploadLimits) {
  return payloadTooLarge(
    `Your organization's upload storage quota (${megabytes(limits.quotaBytes)}) is used up. Delete portfolios you no longer need, or wait: uploads not used by a portfolio are deleted after a day.`,
  );
}

export async function storeUpload(
  deps: { db: Db; blobs: BlobStore; limits?: UploadLimits },
  input: { organizationId: number; userId: string; originalName: string; stream: Readable },
): Promise<{ upload: StoredUpload; mapping: ColumnMapping }> {
  const refuse = (error: Error) => {
    input.stream.resume();
    return error;
  };
  if (hasControlCharacter(input.originalName)) throw refuse(badRequest(`The file name ${CONTROL_CHARACTER_MESSAGE}.`));
  const usage = deps.limits ? await uploadUsage(deps.db, input.organizationId) : undefined;
  if (deps.limits && usage) {
    if (usage.lastHour >= deps.limits.uploadsPerHour) {
      throw refuse(
        tooManyRequests(
          `Your organization has made ${deps.limits.uploadsPerHour} uploads in the last hour, the most allowed. Please try again later.`,
        ),
      );
    }
    if (usage.bytes >= deps.limits.quotaBytes) throw refuse(quotaExceeded(deps.limits));
  }
  const name = randomUUID();
  const key = uploadBlobKey(name);
  const utf8 = new Utf8Check();
  const sizeBytes = await deps.blobs.write(key, observed(input.stream, utf8));
  try {
    if (deps.limits && usage && usage.bytes + sizeBytes > deps.limits.quotaBytes) throw quotaExceeded(deps.limits);
    const head = await readHead(deps.blobs, key, sizeBytes);
    const encoding = encodingOf(head, utf8.end());
    const sniff = sniffCsv(head, sizeBytes <= SNIFF_BYTES, encoding);
    if (!sniff.ok) throw badRequest(sniff.message);
    const header = await readHeader(deps.blobs.read(key), sniff.delimiter, encoding);
    if (!header || header.every((h) => !h.trim()))
      throw badRequest('The first line of the file must name the columns.');
    // A file whose columns locate nothing by their names is kept (issue 43): the person maps them
    // before creating the portfolio, and create refuses a mapping that locates nothing.
    const mapping = mapColumns(header);
    const upload: StoredUpload = {
      name,
      organizationId: input.organizationId,
      originalName: input.originalName.slice(0, 255),
      sizeBytes,
      delimiter: sniff.delimiter,
      hasBom: sniff.hasBom,
      header,
      encoding,
    };
    await insertUpload(deps.db, {
      name,
      organizationId: upload.organizationId,
      userId: input.userId,
      originalName: upload.originalName,
      sizeBytes,
      delimiter: upload.delimiter,
      hasBom: upload.hasBom,
      encoding: upload.encoding,
      header,
    });
    return { upload, mapping };
  } catch (error) {
    await deps.blobs.delete(key);
    throw error;
  }
}

export async function findUpload(db: Db, organizationId: number, name: string): Promise<StoredUpload> {
  const row = /^[0-9a-f-]{36}$/.test(name) ? await findUploadRow(db, organizationId, name) : undefined;
  if (!row) throw notFound('No uploaded file with this name was found. Upload the file again.');
  return {
    name: row.name,
    organizationId: row.organization_id,
    originalName: row.original_name,
    sizeBytes: row.size_bytes,
    delimiter: row.delimiter as Delimiter,
    hasBom: row.has_bom,
    encoding: row.encoding as TextEncodingName,
    header: row.header,
  };
}

const DELIMITER_NAMES: Record<Delimiter, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };
/** How many failing rows the check lists (it counts all of them). */
export const CHECK_LIST_LIMIT = 100;

function plural(n: number, word: string) {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** Values shown per column beside its field in the mapping step. */
export const SAMPLE_ROWS = 5;

/**
 * What was recognised in a file, optionally after reading every row to find those that will fail.
 * `chosen`: the mapping to read it with (a person's own or a saved one, issue 43); detected otherwise.
 */
export async function checkUpload(
  blobs: BlobStore,
  upload: StoredUpload,
  options: { readRows: boolean; chosen?: ChosenMapping },
): Promise<UploadCheck> {
  const mapping = options.chosen?.mapping ?? mapColumns(upload.header);
  const problems = options.chosen ? options.chosen.problems : mapping.layout ? [] : [NO_USABLE_COLUMN_MESSAGE];
  const fieldOf = new Map<number, RecognisedField>(
    (Object.entries(mapping.fields) as [RecognisedField, number][]).map(([field, index]) => [index, field]),
  );
  const samples: string[][] = upload.header.map(() => []);
  const check: UploadCheck = {
    uploadedFileName: upload.name,
    originalFileName: upload.originalName,
    sizeBytes: upload.sizeBytes,
    delimiter: DELIMITER_NAMES[upload.delimiter],
    hasBom: upload.hasBom,
    layout: mapping.layout,
    recognisedColumns: (Object.entries(mapping.fields) as [RecognisedField, number][]).map(([field, index]) => ({
      column: upload.header[index]!,
      meaning: FIELD_LABELS[field],
    })),
    keptColumns: mapping.unknownColumns.map((i) => upload.header[i]!),
    idColumn: mapping.fields.id === undefined ? null : upload.header[mapping.fields.id]!,
    totalRows: null,
    usableRows: null,
    failingRowCount: null,
    failingRows: [],
    encoding: ENCODING_LABELS[upload.encoding],
    summary: `${upload.encoding === 'utf-8' ? '' : `We read this file as ${ENCODING_LABELS[upload.encoding]} text. `}${describeMapping(mapping)}`,
    columns: upload.header.map((name, index) => ({
      name,
      field: fieldOf.get(index) ?? null,
      samples: samples[index]!,
    })),
    mapping: mappingInput(mapping),
    appliedMapping: options.chosen?.applied ?? null,
    mappingProblems: problems,
  };
  let total = 0;
  let failing = 0;
  const source = blobs.read(uploadBlobKey(upload.name));
  for await (const item of readCsv(source, upload.delimiter, upload.encoding)) {
    if ('header' in item) continue;
    total += 1;
    if (total <= SAMPLE_ROWS)
      item.values.forEach((value, index) => {
        if (value.trim() && index < samples.length) samples[index]!.push(value.slice(0, 80));
      });
    else if (!options.readRows) {
      (source as Readable).destroy();
      return check;
    }
    const reason = item.problem ?? readRow(mapping, item.values).problem;
    if (!reason) continue;
    failing += 1;
    if (check.failingRows.length < CHECK_LIST_LIMIT) {
      check.failingRows.push({
        rowNumber: item.rowNumber,
        ref: mapping.fields.id === undefined ? null : (item.values[mapping.fields.id] ?? null),
        reason,
      });
    }
  }
  if (!options.readRows) return check;
  check.totalRows = total;
  check.usableRows = total - failing;
  check.failingRowCount = failing;
  const rowsText =
    failing === 0
      ? `All ${plural(total, 'row')} can be used.`
      : `${(total - failing).toLocaleString('en-US')} of ${plural(total, 'row')} can be used. ${plural(failing, 'row')} will not be scored; each is listed with the reason. The other rows are not affected.`;
  check.summary = `${check.summary} ${rowsText}`;
  return check;
}
