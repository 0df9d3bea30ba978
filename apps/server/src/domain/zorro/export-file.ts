import { PassThrough, type Readable } from 'node:stream';
import type { ZorroGridColumn } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { filingSummaries, type FilingSummaryRow } from '../../db/zorro.js';
import { csvCell } from '../spreadsheet/csv-cell.js';
import { xlsxFromPages, type XlsxCell } from '../portfolio/io/index.js';

/**
 * The grid export's file from the filings' ids in the finder's order: the rendering half of
 * export.ts, which runs on a render thread (domain/off-loop) and needs only the database, not the
 * API process's search index (the API's thread orders the ids and hands them over).
 */

/** The header and the value of each grid column (the web grid shows the same labels). */
const COLUMNS: Record<ZorroGridColumn, { label: string; value: (f: FilingSummaryRow) => XlsxCell }> = {
  state: { label: 'State', value: (f) => f.state },
  company: { label: 'Company', value: (f) => f.company },
  naicGroup: { label: 'NAIC group', value: (f) => f.naicGroup },
  trackingNumber: { label: 'Tracking number', value: (f) => f.trackingNumber },
  line: { label: 'Line', value: (f) => f.line },
  filingType: { label: 'Type', value: (f) => f.filingType },
  submittedOn: { label: 'Submitted', value: (f) => f.submittedOn },
  effectiveOn: { label: 'Effective date', value: (f) => f.effectiveOn },
  overallChange: { label: 'Rate change %', value: (f) => (f.overallChange === null ? null : Number(f.overallChange)) },
  models: { label: 'Models cited', value: (f) => f.models.join(', ') },
  status: { label: 'Status', value: (f) => f.status },
};

/** Rows read per query while streaming an export. */
export const EXPORT_PAGE_ROWS = 1000;

/** Pages of cells: the header, then the filings of `ids` in that order, EXPORT_PAGE_ROWS at a time. */
async function* filingPages(db: Db, keys: readonly ZorroGridColumn[], ids: readonly number[]) {
  const columns = keys.map((k) => COLUMNS[k]);
  yield [columns.map((c) => c.label)];
  for (let from = 0; from < ids.length; from += EXPORT_PAGE_ROWS) {
    const slice = ids.slice(from, from + EXPORT_PAGE_ROWS);
    const byId = new Map((await filingSummaries(db, slice)).map((r) => [r.id, r]));
    yield slice.flatMap((id) => {
      const row = byId.get(id);
      return row ? [columns.map((c) => c.value(row))] : [];
    });
  }
}

function csvFromPages(pages: AsyncIterable<XlsxCell[][]>): Readable {
  const out = new PassThrough();
  (async () => {
    out.write('\uFEFF');
    for await (const page of pages) {
      const text =
        page.map((row) => row.map((cell) => csvCell(cell === null ? '' : String(cell))).join(',')).join('\r\n') +
        '\r\n';
      if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
    }
    out.end();
  })().catch((error: Error) => out.destroy(error));
  return out;
}

/** The filings of `ids`, in that order and in those columns, streamed as CSV or XLSX while read. */
export function filingsFile(
  db: Db,
  format: 'csv' | 'xlsx',
  columns: readonly ZorroGridColumn[],
  ids: readonly number[],
): Readable {
  const pages = filingPages(db, columns, ids);
  return format === 'xlsx' ? xlsxFromPages(pages, 'Filings') : csvFromPages(pages);
}
