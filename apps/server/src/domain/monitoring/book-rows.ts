import type { Transaction } from 'kysely';
import {
  bookRowsWithScore,
  insertPlacedBookRows,
  scoredRowCounts,
  scoredRowsNotInBook,
} from '../../db/monitored-rows-placement.js';
import type { Database } from '../../db/schema.js';
import { geocodeCoordinatesMany } from '../geocoder/index.js';

/** Rows placed in Node per page (one geocoder batch, one INSERT). */
const PAGE_ROWS = 2_000;

/**
 * After the SQL copy of a run into a monitored book: the run's scored rows SQL could not place take
 * the exact rule the run placed them with (indexed-chunk.ts: the containing parcel among the
 * nearest, else the nearest property within 40 m). Without this a point just off its parcel (a
 * street-side coordinate), or any point of a book scored while the world's placement cells were
 * not built yet (after a capture, a permit, a correction), was scored by the run but never
 * monitored. Returns the rows added.
 */
export async function addRowsSqlCannotPlace(
  trx: Transaction<Database>,
  book: { portfolioId: number; product: string; runId: number },
): Promise<number> {
  // Nearly always the copy holds every row the run scored: each such row has a level (and a score)
  // unless its level is none, and a row with a problem has no score, so when the run's summaries
  // count no level-none row and the book holds as many scores as they count levels, the book is
  // not read again. Otherwise (or for a run without summaries) it is.
  const counts = await scoredRowCounts(trx, book.runId);
  if (counts && counts.ungraded === 0 && (await bookRowsWithScore(trx, book)) >= counts.graded) return 0;
  let added = 0;
  for (let after = 0; ;) {
    const page = await scoredRowsNotInBook(trx, book, after, PAGE_ROWS);
    if (!page.length) return added;
    const hits = await geocodeCoordinatesMany(trx, page);
    const placed = { rowNumbers: [] as number[], propertyIds: [] as string[] };
    page.forEach((row, i) => {
      const propertyId = hits[i]!.propertyId;
      if (propertyId === null) return;
      placed.rowNumbers.push(row.row_number);
      placed.propertyIds.push(propertyId);
    });
    added += await insertPlacedBookRows(trx, book, placed);
    after = page.at(-1)!.row_number;
    if (page.length < PAGE_ROWS) return added;
  }
}
