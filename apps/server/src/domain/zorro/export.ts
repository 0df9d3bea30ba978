import { PassThrough, type Readable } from 'node:stream';
import type { ZorroExportQuery, ZorroGridColumn } from '@zview/contracts';
import { ZORRO_GRID_COLUMNS } from '@zview/contracts';
import type { Db } from '../../db/database.js';
import { filingSummaries, type FilingSummaryRow } from '../../db/zorro.js';
import { csvCell } from '../spreadsheet/csv-cell.js';
import { xlsxFromPages, type XlsxCell } from '../portfolio/io/index.js';
import { resolveQuery } from './discover.js';
import { orderedMatches } from './matches.js';
import { parseTextQuery } from './text-query.js';

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

/** Pages of cells: the header, then every matching filing in order, EXPORT_PAGE_ROWS at a time. */
async function* exportPages(db: Db, query: ZorroExportQuery): AsyncGenerator<XlsxCell[][]> {
  const keys = query.columns.length
    ? ZORRO_GRID_COLUMNS.filter((k) => query.columns.includes(k))
    : [...ZORRO_GRID_COLUMNS];
  const columns = keys.map((k) => COLUMNS[k]);
  yield [columns.map((c) => c.label)];
  // The search box read as the finder and the grid read it, so the export holds what the grid shows.
  const resolved = (await resolveQuery(db, query)).query;
  // The finder's order (relevance is the ranked index's): ids only, the rows are read a page at a time.
  const { ids } = await orderedMatches(db, resolved, parseTextQuery(resolved.q));
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

/**
 * Grid export: every filing matching the filters (no cap), in the grid's order and columns,
 * streamed as CSV or XLSX while it is read.
 */
export function exportFilings(
  db: Db,
  query: ZorroExportQuery,
): { fileName: string; contentType: string; stream: Readable } {
  const pages = exportPages(db, query);
  if (query.format === 'xlsx') {
    return {
      fileName: 'filings.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      stream: xlsxFromPages(pages, 'Filings'),
    };
  }
  return { fileName: 'filings.csv', contentType: 'text/csv; charset=utf-8', stream: csvFromPages(pages) };
}
