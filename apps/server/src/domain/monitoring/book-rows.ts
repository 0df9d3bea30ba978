import {
  advancePlacing,
  insertPlacedBookRows,
  lockPlacingPage,
  placingOf,
  scoredRowsNotInBook,
  type BookKey,
} from '../../db/monitored-rows-placement.js';
import type { Db } from '../../db/database.js';
import { geocodeCoordinatesMany } from '../geocoder/index.js';
import { replayChangesForJoinedRows, type ApplyOptions } from './engine.js';

/** Rows placed in Node per page (one geocoder batch, one INSERT). */
const PAGE_ROWS = 2_000;

export interface PlaceOptions {
  /** Rows checked per page (one geocoder batch, one transaction). */
  pageRows?: number;
  /** Pages placed before returning (the job queues itself again for the rest). */
  maxPages?: number;
  /** How changes are applied to rows that join after them (alerts, models). */
  apply?: ApplyOptions;
}

/**
 * The placing of a monitored book, on the worker (job monitoring-place-v1), after the API's SQL
 * copy: the run's scored rows SQL could not place take the exact rule the run placed them with
 * (indexed-chunk.ts: the containing parcel among the nearest, else the nearest property within
 * 40 m). Without it a point just off its parcel (a street-side coordinate), or any point of a book
 * scored while the world's placement cells were not built yet (after a capture, a permit, a
 * correction), was scored by the run but never monitored. For a 1M-row book that is minutes of
 * geocoding, which once held the API request, a pool connection and a transaction.
 *
 * A page at a time: the page's points are geocoded outside any transaction; then, holding the
 * world changes' applier lock and the product's row, the page joins the book only if the placing
 * is still where the page began (a switch-off, a rebase, another job in between discard it), the
 * changes applied since the placing began are replayed for its rows alone (so a change recorded
 * meanwhile reaches them once, and the rows already in the book are not touched again), and the
 * cursor moves on. Returns whether the placing is over and how many rows joined.
 */
export async function placeBookRows(db: Db, book: BookKey, options: PlaceOptions = {}) {
  const pageRows = options.pageRows ?? PAGE_ROWS;
  let joined = 0;
  for (let pages = 0; pages < (options.maxPages ?? Infinity); pages += 1) {
    const state = await placingOf(db, book);
    if (!state) return { done: true, joined };
    const page = await scoredRowsNotInBook(db, { ...book, runId: state.runId }, state.after, pageRows);
    const hits = page.length ? await geocodeCoordinatesMany(db, page) : [];
    const placed = { rowNumbers: [] as number[], propertyIds: [] as string[] };
    page.forEach((row, i) => {
      const propertyId = hits[i]!.propertyId;
      if (propertyId === null) return;
      placed.rowNumbers.push(row.row_number);
      placed.propertyIds.push(propertyId);
    });
    const done = page.length < pageRows;
    await db.transaction().execute(async (trx) => {
      const locked = await lockPlacingPage(trx, book, state);
      if (!locked) return; // moved on meanwhile: read the state again
      const rowNumbers = await insertPlacedBookRows(trx, { ...book, runId: state.runId }, placed);
      await replayChangesForJoinedRows(trx, { ...book, rowNumbers }, locked.changesAfter, options.apply);
      await advancePlacing(trx, book, done ? state.lastRow : page.at(-1)!.row_number, done);
      joined += rowNumbers.length;
    });
  }
  return { done: !(await placingOf(db, book)), joined };
}
