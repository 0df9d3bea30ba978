import { BinaryCopyReader, type CopyTuple } from './copy-binary.js';
import { rowNumberOf } from './export-rows.js';

/**
 * The export's rows joined to their results by row number, from two binary COPYs that both come
 * in row order (db/portfolio-export.ts exportCopies). PostgreSQL used to join them itself (a merge
 * join of the two index scans) in one COPY: the join and the wide tuple cost it about as much as
 * reading both tables, and one backend did it all. Two COPYs read on two backends at once, joined
 * here as they stream, take about half the time (issue 22). Pure, no I/O.
 */
export class ExportJoin {
  readonly rows = new BinaryCopyReader();
  readonly results = new BinaryCopyReader();
  /** The row next() read last, and its result (null where it has none): valid until the next call. */
  row!: CopyTuple;
  result: CopyTuple | null = null;
  /** Which COPY next() needs more of when it returns false. */
  starved: 'rows' | 'results' = 'rows';
  /** A row read and not handed over yet (its result is still to come). */
  private rowHeld = false;
  /** A result read and not matched yet (it belongs to a later row). */
  private resultHeld = false;
  private resultsOver: boolean;

  /** `withResults`: false when there is no run, so no row has a result. */
  constructor(withResults = true) {
    this.resultsOver = !withResults;
  }

  /** The results' COPY has ended: every row still to come has none. */
  endResults(): void {
    this.results.end();
    this.resultsOver = true;
  }

  /** Reads the next row and its result; false when one COPY has to give more first (`starved`). */
  next(): boolean {
    if (!this.rowHeld) {
      if (!this.rows.next()) {
        this.starved = 'rows';
        return false;
      }
      this.rowHeld = true;
    }
    const row = this.rows.tuple;
    const number = rowNumberOf(row);
    let result: CopyTuple | null = null;
    while (!this.resultsOver) {
      if (!this.resultHeld) {
        if (!this.results.next()) {
          this.starved = 'results';
          return false;
        }
        this.resultHeld = true;
      }
      const resultNumber = rowNumberOf(this.results.tuple);
      if (resultNumber > number) break;
      // A result of this row, or (never expected) of a row that is not there: either way it is used up.
      this.resultHeld = false;
      if (resultNumber === number) {
        result = this.results.tuple;
        break;
      }
    }
    this.row = row;
    this.result = result;
    this.rowHeld = false;
    return true;
  }
}

/**
 * Feeds the two COPYs into an ExportJoin, each as the join asks for it, and yields the join after
 * each chunk: the caller takes every row it can (`while (join.next())`) before the next chunk is
 * read. Ends once the rows' COPY has (the results' is read to its end too).
 */
export async function* joinedExportRows(
  rows: AsyncIterable<Buffer>,
  results: AsyncIterable<Buffer> | null,
): AsyncGenerator<ExportJoin> {
  const join = new ExportJoin(results !== null);
  const rowChunks = rows[Symbol.asyncIterator]();
  const resultChunks = results?.[Symbol.asyncIterator]();
  for (;;) {
    if (join.starved === 'rows') {
      const chunk = await rowChunks.next();
      if (chunk.done) break;
      join.rows.push(chunk.value);
    } else {
      const chunk = await resultChunks!.next();
      if (chunk.done) join.endResults();
      else join.results.push(chunk.value);
    }
    yield join;
  }
  join.rows.end();
  if (resultChunks) {
    // Results beyond the last row are not expected; the COPY is read to its end all the same.
    for (let chunk = await resultChunks.next(); !chunk.done; chunk = await resultChunks.next()) {
      join.results.push(chunk.value);
      while (join.results.next());
    }
    while (join.results.next());
    join.results.end();
  }
}
