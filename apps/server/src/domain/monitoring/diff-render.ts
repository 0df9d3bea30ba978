import type { Readable } from 'node:stream';
import type { Db } from '../../db/database.js';
import { DIFF_COLUMNS, diffCsvStream, diffPages, type ChangedRowsSource } from '../../db/run-diff.js';
import { xlsxFromPages, type XlsxCell } from '../portfolio/io/index.js';

/**
 * The changed rows of a diff as a file (issue 41), rendered on a render thread (domain/off-loop,
 * task `diff-export`): CSV straight from COPY, XLSX written page by page. The checks that can
 * refuse a request ran before the task was made (diff.ts).
 */
export function renderDiff(db: Db, portfolioId: number, source: ChangedRowsSource, format: 'csv' | 'xlsx'): Readable {
  if (format === 'csv') return diffCsvStream(db, portfolioId, source);
  async function* pages() {
    yield [DIFF_COLUMNS];
    for await (const page of diffPages(db, portfolioId, source))
      yield page.map((r): XlsxCell[] => [
        r.row_number,
        r.ref,
        r.address,
        r.old_score,
        r.old_level,
        r.new_score,
        r.new_level,
        r.delta === null ? null : Number(r.delta),
      ]);
  }
  return xlsxFromPages(pages(), 'Diff');
}
