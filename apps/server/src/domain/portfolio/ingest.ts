import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  analyzeIngestedRows,
  attachIngestedRows,
  beginIngest,
  buildIngestKeys,
  commitIngest,
  ingestCopyStatement,
  rollbackIngest,
  rowsPartition,
} from '../../db/portfolio-ingest.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { readRow, type ColumnMapping } from './columns.js';
import { readCsvBatches } from './csv-reader.js';
import { csvCell } from './export.js';
import type { ParcelGrid } from './parcel-grid.js';
import type { Delimiter, TextEncodingName } from './sniff.js';
import { phaseTimer, phaseTotals } from './phase-timer.js';
import { uploadBlobKey } from './uploads.js';

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\\\n\r\t\u0000]/;

/** Escapes one value for PostgreSQL's COPY text format; null becomes \N. */
export function copyText(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  // Almost every value needs nothing: test once rather than run five replacements.
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value
    .replaceAll('\u0000', '') // PostgreSQL text cannot hold NUL
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
}

/**
 * A row's original values as the CSV export of every column writes them (export.ts csvLines): one
 * cell per header column, missing ones empty, extra ones left out. Stored with the row as csv_line
 * (migration 0830), so an export sends it as it is; null when a value holds NUL.
 */
export function csvOriginals(values: readonly string[], columnCount: number): string | null {
  let line = '';
  for (let i = 0; i < columnCount; i++) line += (i ? ',' : '') + csvCell(values[i] ?? '');
  // PostgreSQL text cannot hold NUL (raw_values keeps it, escaped in its JSON): such rows export from raw_values.
  return line.includes('\u0000') ? null : line;
}

/** A character COPY's text format or JSON would escape (JSON.stringify escapes quotes and control characters). */
// eslint-disable-next-line no-control-regex
const ESCAPED_ANYWHERE = /[\\"\u0000-\u001f]/;

function needsEscaping(values: readonly string[]): boolean {
  for (const value of values) if (ESCAPED_ANYWHERE.test(value)) return true;
  return false;
}

/** copyText for a value known to need no escaping. */
function plainCopyText(value: string | null): string {
  return value === null ? '\\N' : value;
}

/** COPY data is sent in blocks of at least this many characters (one message per row would be slow). */
const COPY_BLOCK = 256 * 1024;

/** The partition that holds one portfolio's rows (migration 0320). */
export { rowsPartition };

/** What an ingest counts as it reads: rows, and how many were unusable or placed by their own coordinates. */
interface IngestCounter {
  rows: number;
  unusable: number;
  coordinates: number;
}

/** The parcel of a row's own point (parcel-grid.ts), written as placed_property_id; \N when not found or no grid. */
function placedProperty(grid: ParcelGrid | null, lat: number, lng: number): string {
  return copyText(grid?.place(lat, lng) ?? null);
}

async function* copyLines(
  portfolioId: number,
  source: Readable,
  delimiter: Delimiter,
  mapping: ColumnMapping,
  counter: IngestCounter,
  encoding: TextEncodingName,
  grid: ParcelGrid | null,
) {
  let block = '';
  // The export's original columns are the header's (exportLayout): rendered for that many cells.
  const columnCount = Array.isArray(mapping.header) ? mapping.header.length : null;
  for await (const batch of readCsvBatches(source, delimiter, encoding)) {
    for (const item of batch) {
      if ('header' in item) continue;
      const row = readRow(mapping, item.values);
      counter.rows = item.rowNumber;
      const problem = item.problem ?? row.problem;
      // A row that gives its own coordinates is placed as it is read: chunks geocode only addresses.
      const placed = !problem && row.latitude !== null && row.longitude !== null;
      if (problem) counter.unusable += 1;
      else if (placed) counter.coordinates += 1;
      // What is made of the row's values alone (its JSON, address parts, CSV line) needs no escaping
      // when they hold no backslash, quote or control character: nearly every row (a tenth of the read).
      const text = needsEscaping(item.values) ? copyText : plainCopyText;
      block +=
        `${portfolioId}\t${item.rowNumber}\t${text(JSON.stringify(item.values))}\t${text(row.ref)}\t${text(row.address)}\t` +
        `${text(row.street)}\t${text(row.city)}\t${text(row.state)}\t${text(row.zip)}\t${text(row.country)}\t` +
        `${copyText(row.latitude)}\t${copyText(row.longitude)}\t${copyText(JSON.stringify(row.attributes))}\t${copyText(problem)}\t` +
        (placed ? `${row.latitude}\t${row.longitude}\tcoordinates\tnow\t` : '\\N\t\\N\t\\N\t\\N\t') +
        `${text(columnCount === null ? null : csvOriginals(item.values, columnCount))}\t` +
        `${placed ? placedProperty(grid, row.latitude!, row.longitude!) : '\\N'}\n`;
    }
    if (block.length >= COPY_BLOCK) {
      yield block;
      block = '';
    }
  }
  if (block) yield block;
}

/**
 * Streams a portfolio's file from the blob store into its staging rows, in one transaction: a
 * retried ingest replaces a half-done one, and readers see all rows or none. The rows go with
 * COPY … FREEZE into a table of their own created in this transaction (no index to maintain, no
 * per-row foreign-key check, no hint bits to set later); its keys are then built by sorting, and
 * it is attached as the portfolio's partition of portfolio_rows, which checks the foreign key in
 * one query and blocks no reader or writer of other portfolios.
 */
export async function ingestPortfolio(
  client: pg.ClientBase,
  blobs: BlobStore,
  portfolio: {
    id: number;
    uploadName: string;
    delimiter: Delimiter;
    mapping: ColumnMapping;
    encoding?: TextEncodingName;
    /** Places rows that give their own coordinates on their parcel as they are read (null: the runs place them). */
    grid?: ParcelGrid | null;
  },
): Promise<number> {
  const counter: IngestCounter = { rows: 0, unusable: 0, coordinates: 0 };
  const id = Number(portfolio.id);
  const timer = phaseTimer(`ingest ${id}`, `ingest ${id}`);
  try {
    // Locks the portfolio and creates its rows table; -1 (rolled back) when it is gone or already ingested.
    if (!(await beginIngest(client, id))) return -1;
    const copy = client.query(copyFrom(ingestCopyStatement(client, id)));
    await pipeline(
      Readable.from(
        copyLines(
          id,
          blobs.read(uploadBlobKey(portfolio.uploadName)),
          portfolio.delimiter,
          portfolio.mapping,
          counter,
          portfolio.encoding ?? 'utf-8',
          portfolio.grid ?? null,
        ),
      ),
      copy,
    );
    // (Reading and parsing the file in this process, fed to PostgreSQL's COPY as it goes.)
    timer.lap('parse+copy');
    await buildIngestKeys(client, id);
    timer.lap('indexes');
    await attachIngestedRows(client, id);
    timer.lap('attach');
    await analyzeIngestedRows(client, id);
    timer.lap('analyze');
    // The counts of portfolios.geocode_counts, as a count over the rows would give them (no zeros).
    const geocodeCounts = Object.fromEntries(
      Object.entries({
        unusable: counter.unusable,
        coordinates: counter.coordinates,
        pending: counter.rows - counter.unusable - counter.coordinates,
      }).filter(([, n]) => n > 0),
    );
    await commitIngest(client, id, counter.rows, geocodeCounts, portfolio.grid?.worldRevision ?? null);
    timer.lap('commit');
    timer.done();
    phaseTotals(`ingest ${id}`);
    return counter.rows;
  } catch (error) {
    await rollbackIngest(client).catch(() => {});
    throw error;
  }
}
