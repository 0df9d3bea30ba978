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
  UNPLACED_ROWS_KEPT,
} from '../../../db/portfolio-ingest.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import { addressLine, type ColumnMapping, type LocationRow } from '../columns.js';
import { streetNormalizer } from '../../geocoder/street-normalizer.js';
import {
  CopyBlocks,
  type CsvRecord,
  type Delimiter,
  type PlainLineTaker,
  readCsvBatches,
  type TextEncodingName,
} from '../io/index.js';
import { plainRowTaker } from './ingest-plain-rows.js';
import { renderCopyRows, type RenderContext, type RenderCounts } from './ingest-render.js';
import type { ParcelGrid } from './parcel-grid.js';
import type { ExactAddresses } from '../../geocoder/exact-addresses.js';
import { phaseTimer, phaseTotals } from './phase-timer.js';
import { uploadBlobKey } from '../uploads.js';

/** The partition that holds one portfolio's rows (migration 0320). */
export { rowsPartition };

/** What an ingest counts as it reads: rows, and how many were unusable or placed by their own coordinates. */
export interface IngestCounter extends RenderCounts {
  rows: number;
}

/**
 * How the ingest places an address row with the world's exact addresses: its line normalised with
 * the streets of this file parsed once each (streetNormalizer), then looked up. Null without them.
 */
function addressPlacer(addresses: ExactAddresses | null): RenderContext['placeAddress'] {
  if (!addresses) return null;
  const normalize = streetNormalizer();
  return (row: LocationRow) => addresses.place(normalize(addressLine(row)));
}

/**
 * The file's COPY lines (ingest-render.ts; plain rows from their bytes, ingest-plain-rows.ts), in
 * blocks (CopyBlocks).
 */
export async function* copyLines(
  source: Readable,
  delimiter: Delimiter,
  encoding: TextEncodingName,
  context: RenderContext,
  counter: IngestCounter,
) {
  const blocks = new CopyBlocks();
  const add = (line: string) => blocks.add(line);
  // Plain rows go to the COPY from the file's bytes (ingest-plain-rows.ts), the others through
  // renderCopyRows; the reader hands each line to one of the two, in the file's order.
  const taker = plainRowTaker(context, counter, blocks);
  const plainLines: PlainLineTaker | null = taker
    ? (bytes, start, rowNumber) => {
        const taken = taker(bytes, start, rowNumber);
        if (taken.rows) counter.rows = rowNumber + taken.rows;
        return taken;
      }
    : null;
  for await (const batch of readCsvBatches(source, delimiter, encoding, plainLines)) {
    const records = batch.filter((item): item is CsvRecord => !('header' in item));
    if (records.length) {
      counter.rows = records[records.length - 1]!.rowNumber;
      renderCopyRows(records, context, counter, add);
    }
    yield* blocks.take();
  }
  yield* blocks.take(true);
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
    /** Places address rows on their house where the exact match settles it (null: the runs geocode them). */
    addresses?: ExactAddresses | null;
  },
): Promise<number> {
  const counter: IngestCounter = { rows: 0, unusable: 0, coordinates: 0, rooftop: 0, unplaced: [] };
  const id = Number(portfolio.id);
  const timer = phaseTimer(`ingest ${id}`, `ingest ${id}`);
  try {
    // Locks the portfolio and creates its rows table; -1 (rolled back) when it is gone or already ingested.
    if (!(await beginIngest(client, id))) return -1;
    const copy = client.query(copyFrom(ingestCopyStatement(client, id)));
    await pipeline(
      Readable.from(
        copyLines(
          blobs.read(uploadBlobKey(portfolio.uploadName)),
          portfolio.delimiter,
          portfolio.encoding ?? 'utf-8',
          {
            portfolioId: id,
            mapping: portfolio.mapping,
            grid: portfolio.grid ?? null,
            placeAddress: addressPlacer(portfolio.addresses ?? null),
          },
          counter,
        ),
      ),
      copy,
    );
    // (Reading and parsing the file in this process, fed to PostgreSQL's COPY as it goes.)
    timer.lap('parse+copy');
    await buildIngestKeys(client, id);
    timer.lap('keys');
    await attachIngestedRows(client, id);
    timer.lap('attach');
    await analyzeIngestedRows(client, id);
    timer.lap('analyze');
    // The counts of portfolios.geocode_counts, as a count over the rows would give them (no zeros).
    const geocodeCounts = Object.fromEntries(
      Object.entries({
        unusable: counter.unusable,
        coordinates: counter.coordinates,
        rooftop: counter.rooftop,
        pending: counter.rows - counter.unusable - counter.coordinates - counter.rooftop,
      }).filter(([, n]) => n > 0),
    );
    const grid = portfolio.grid;
    await commitIngest(
      client,
      id,
      counter.rows,
      geocodeCounts,
      grid
        ? {
            worldRevision: grid.worldRevision,
            unplacedRows: counter.unplaced.length <= UNPLACED_ROWS_KEPT ? counter.unplaced : null,
          }
        : null,
    );
    timer.lap('commit');
    timer.done();
    phaseTotals(`ingest ${id}`);
    return counter.rows;
  } catch (error) {
    await rollbackIngest(client).catch(() => {});
    throw error;
  }
}
