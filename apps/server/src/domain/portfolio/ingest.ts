import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { BlobStore } from '../../storage/blob-store.js';
import { readRow, type ColumnMapping } from './columns.js';
import { readCsv } from './csv-reader.js';
import type { Delimiter } from './sniff.js';
import { uploadBlobKey } from './uploads.js';

/** Escapes one value for PostgreSQL's COPY text format; null becomes \N. */
export function copyText(value: string | number | null): string {
  if (value === null) return '\\N';
  return String(value)
    .replaceAll('\u0000', '') // PostgreSQL text cannot hold NUL
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
}

const COPY_COLUMNS = [
  'portfolio_id', 'row_number', 'raw_values', 'ref', 'address', 'street', 'city', 'state', 'zip', 'country',
  'latitude', 'longitude', 'attributes', 'problem', 'geo_latitude', 'geo_longitude', 'geo_precision', 'geocoded_at',
];

/** COPY data is sent in blocks of about this many characters (one message per row would be slow). */
const COPY_BLOCK = 256 * 1024;

async function* copyLines(portfolioId: number, source: Readable, delimiter: Delimiter, mapping: ColumnMapping, counter: { rows: number }) {
  let block = '';
  for await (const item of readCsv(source, delimiter)) {
    if ('header' in item) continue;
    const row = readRow(mapping, item.values);
    counter.rows = item.rowNumber;
    const problem = item.problem ?? row.problem;
    // A row that gives its own coordinates is placed as it is read: chunks geocode only addresses.
    const placed = !problem && row.latitude !== null && row.longitude !== null;
    const fields = [
      portfolioId,
      item.rowNumber,
      JSON.stringify(item.values),
      row.ref,
      row.address,
      row.street,
      row.city,
      row.state,
      row.zip,
      row.country,
      row.latitude,
      row.longitude,
      JSON.stringify(row.attributes),
      problem,
      placed ? row.latitude : null,
      placed ? row.longitude : null,
      placed ? 'coordinates' : null,
      placed ? 'now' : null,
    ];
    block += `${fields.map(copyText).join('\t')}\n`;
    if (block.length >= COPY_BLOCK) {
      yield block;
      block = '';
    }
  }
  if (block) yield block;
}

/**
 * Streams a portfolio's file from the blob store into its staging rows with COPY, in one
 * transaction: a retried ingest replaces a half-done one, and readers see all rows or none.
 */
export async function ingestPortfolio(
  client: pg.ClientBase,
  blobs: BlobStore,
  portfolio: { id: number; uploadName: string; delimiter: Delimiter; mapping: ColumnMapping },
): Promise<number> {
  const counter = { rows: 0 };
  await client.query('BEGIN');
  try {
    // Lock the portfolio so two workers never ingest the same file at once.
    const { rows } = await client.query('SELECT ingested_at FROM portfolios WHERE id = $1 FOR UPDATE', [portfolio.id]);
    if (!rows[0] || rows[0].ingested_at) {
      await client.query('ROLLBACK');
      return -1;
    }
    await client.query('DELETE FROM portfolio_rows WHERE portfolio_id = $1', [portfolio.id]);
    const copy = client.query(copyFrom(`COPY portfolio_rows (${COPY_COLUMNS.join(', ')}) FROM STDIN`));
    await pipeline(Readable.from(copyLines(portfolio.id, blobs.read(uploadBlobKey(portfolio.uploadName)), portfolio.delimiter, portfolio.mapping, counter)), copy);
    await client.query('UPDATE portfolios SET row_count = $2, ingested_at = now(), processing_error = NULL WHERE id = $1', [portfolio.id, counter.rows]);
    await client.query('COMMIT');
    return counter.rows;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
